import {
  type Config,
  composeEmail,
  type MailMessage,
  messageIdHost,
  NOTICE_RULES,
  type NoticeRules,
  type OwedDigest,
} from '@kw/platform';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import { type ContactSubmission, HELD_FOR_REVIEW_PATH, serviceLabel } from './contract.ts';
import type { ContactReceived } from './events.ts';

// The contact e-mails to the owner: a new enquiry, one held for review, a busy round's digest.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line every notice adds while submissions wait for the administrator's review. */
function heldLine(held: number, config: Pick<Config, 'publicUrl'>): string[] {
  if (held <= 0) return [];
  return [
    `${plural(held, 'message is', 'messages are')} held for your review: ${config.publicUrl}${HELD_FOR_REVIEW_PATH}`,
  ];
}

const detailsOf = (received: ContactReceived['data']) =>
  [
    `Company: ${received.company || '-'}`,
    `Phone: ${received.phone || '-'}`,
    `Service: ${serviceLabel(received.service)}`,
  ].join('\n');

/** The e-mail that tells the administrator about a new enquiry (and of those held, if any). */
export function adminNotificationMail(
  received: ContactReceived['data'],
  to: string,
  config: Pick<Config, 'publicUrl'>,
  held = 0,
): MailMessage {
  const name = `${received.firstName} ${received.lastName}`;
  return composeEmail({
    to,
    subject: `New contact submission from ${name}`,
    messageId: `<contact-${received.submissionId}@${messageIdHost(config.publicUrl)}>`,
    // The owner answers the enquirer, not the company's own mailbox the notice comes from.
    headers: { 'Reply-To': received.email },
    paragraphs: [
      `${name} <${received.email}> wrote through the website.`,
      detailsOf(received),
      received.message,
      ...heldLine(held, config),
      `Open the back office: ${config.publicUrl}/admin/contact`,
    ],
  });
}

/** The e-mail that tells the administrator a message waits for review (sent too fast to be sure). */
export function heldNotificationMail(
  received: ContactReceived['data'],
  reason: string,
  to: string,
  config: Pick<Config, 'publicUrl'>,
): MailMessage {
  const name = `${received.firstName} ${received.lastName}`;
  return composeEmail({
    to,
    subject: `Contact message held for review: ${name}`,
    messageId: `<contact-${received.submissionId}-held@${messageIdHost(config.publicUrl)}>`,
    headers: { 'Reply-To': received.email },
    paragraphs: [
      `${name} <${received.email}> wrote through the website. The message is held for your review rather than filed as spam: ${reason.toLowerCase()}, as a bot does, and as a browser that fills the form in by itself may.`,
      detailsOf(received),
      received.message,
      `If it is a real enquiry, release it (Not Spam): ${config.publicUrl}${HELD_FOR_REVIEW_PATH}`,
    ],
  });
}

const clock = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);

/** The one e-mail that counts the notices of a busy round, names a few and links to them all. */
export function digestMail(
  digest: { window: string; since: string | null; owed: OwedDigest; settledBefore: number },
  named: readonly ContactSubmission[],
  to: string,
  config: Pick<Config, 'publicUrl'>,
  rules: NoticeRules = NOTICE_RULES,
): MailMessage {
  const { owed } = digest;
  const held = owed.tags.held ?? 0;
  const count = `${owed.count} new contact ${owed.count === 1 ? 'submission' : 'submissions'}`;
  const minutes = Math.round(rules.windowMs / 60_000);
  const host = messageIdHost(config.publicUrl);
  const stamp = digest.window.replace(/[^0-9]/g, '');
  const since = new Date(digest.since ?? digest.window);
  return composeEmail({
    to,
    subject: `${count}${held > 0 ? ` (${held} held for review)` : ''}`,
    messageId: `<contact-digest-${stamp}-${digest.settledBefore}@${host}>`,
    paragraphs: [
      `${count} came through the contact form since ${clock(since)} (${BUSINESS_TIME_ZONE}), more than a few at once, so they are counted here rather than sent one by one. You get at most one such summary every ${minutes} minutes; the ones that come meanwhile wait for the next.`,
      ...(held > 0
        ? [
            `${plural(held, 'of them is', 'of them are')} held for your review (sent faster than a person could type): release the real ones at ${config.publicUrl}${HELD_FOR_REVIEW_PATH}`,
          ]
        : []),
      ...(named.length > 0
        ? [
            [
              `Among them:`,
              ...named.map(
                (s) =>
                  `- ${s.firstName} ${s.lastName} <${s.email}>${s.company ? `, ${s.company}` : ''}${s.held ? ' (held)' : ''}`,
              ),
            ].join('\n'),
          ]
        : []),
      `Open the back office: ${config.publicUrl}/admin/contact`,
    ],
  });
}
