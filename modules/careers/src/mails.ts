import { composeEmail, type MailMessage, messageIdHost } from '@kw/platform';
import { company } from '@kw/site';
import { APPLICATIONS_HELD_PATH } from './contract.ts';
import type { ApplicationSubmitted } from './events.ts';

// The careers e-mails: kind, plain text with an HTML twin, naming the job.

type Application = ApplicationSubmitted['data'];

/** A careers e-mail always carries its Message-ID: it is recorded with the e-mail's event. */
type CareersMail = MailMessage & { messageId: string };

function careersMail(message: Parameters<typeof composeEmail>[0] & { messageId: string }) {
  return { ...composeEmail(message), messageId: message.messageId } satisfies CareersMail;
}

/** The same rejection always has the same Message-ID, so a resend is recognisably a duplicate. */
export function rejectionMessageId(
  applicationId: string,
  rejectionVersion: number,
  publicUrl: string,
): string {
  return `<application-${applicationId}-rejection-${rejectionVersion}@${messageIdHost(publicUrl)}>`;
}

export function rejectionEmail(
  application: Application,
  options: { messageId: string; publicUrl: string },
): CareersMail {
  const paragraphs = [
    `Dear ${application.firstName},`,
    `Thank you for applying for the ${application.jobTitle} position at ${company.name}, and for the time and care you put into your application.`,
    'We have reviewed it carefully. This time we have decided to move forward with other candidates whose experience more closely matches what the role needs right now. This is no reflection on your worth, and we know it is not the news you were hoping for.',
    `We would be glad to hear from you again: new openings are posted at ${options.publicUrl}/careers.`,
    'We wish you every success in your search.',
    `Kind regards,\nThe ${company.name} team`,
  ];
  return careersMail({
    to: application.email,
    subject: `Your application for ${application.jobTitle} at ${company.name}`,
    paragraphs,
    messageId: options.messageId,
  });
}

export function acknowledgementEmail(
  application: Application,
  options: { publicUrl: string },
): CareersMail {
  const paragraphs = [
    `Dear ${application.firstName},`,
    `Thank you for applying for the ${application.jobTitle} position at ${company.name}. We have received your application and résumé.`,
    'Our team reads every application. If your experience matches what we are looking for, we will contact you about next steps.',
    `Kind regards,\nThe ${company.name} team`,
  ];
  return careersMail({
    to: application.email,
    subject: `We received your application for ${application.jobTitle}`,
    paragraphs,
    messageId: `<application-${application.applicationId}-received@${messageIdHost(options.publicUrl)}>`,
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The line the owner's e-mails add while applications wait for review. */
function heldLine(held: number, publicUrl: string): string[] {
  if (held <= 0) return [];
  return [
    `${plural(held, 'application is', 'applications are')} held for your review: ${publicUrl}${APPLICATIONS_HELD_PATH}`,
  ];
}

const contactLines = (application: Application) => [
  `Name: ${application.firstName} ${application.lastName}\nEmail: ${application.email}\nPhone: ${application.phone}`,
  application.coverLetter ? `Cover letter:\n${application.coverLetter}` : 'No cover letter.',
];

export function adminNotificationEmail(
  application: Application,
  options: { to: string; publicUrl: string; held?: number },
): CareersMail {
  const lines = [
    `A new application arrived for ${application.jobTitle}.`,
    ...contactLines(application),
    ...heldLine(options.held ?? 0, options.publicUrl),
    `Review it in the back office: ${options.publicUrl}/admin/jobs#applications`,
  ];
  return careersMail({
    to: options.to,
    subject: `New application: ${application.firstName} ${application.lastName} for ${application.jobTitle}`,
    paragraphs: lines,
    messageId: `<application-${application.applicationId}-notification@${messageIdHost(options.publicUrl)}>`,
    headers: { 'Reply-To': application.email },
  });
}

/**
 * The owner's notice of an application held for review (sent too fast to be sure a person sent
 * it): what it says, why it waits, and where to release it. The applicant hears nothing until then.
 */
export function heldNotificationEmail(
  application: Application,
  reason: string,
  options: { to: string; publicUrl: string },
): CareersMail {
  const name = `${application.firstName} ${application.lastName}`;
  return careersMail({
    to: options.to,
    subject: `Application held for review: ${name} for ${application.jobTitle}`,
    paragraphs: [
      `An application for ${application.jobTitle} is held for your review rather than filed as spam: ${reason.toLowerCase()}, as a bot does, and as a browser that fills the form in by itself may. The applicant has not been sent the acknowledgement yet.`,
      ...contactLines(application),
      `If it is a real application, release it (Not Spam), and the applicant gets the acknowledgement: ${options.publicUrl}${APPLICATIONS_HELD_PATH}`,
    ],
    messageId: `<application-${application.applicationId}-held@${messageIdHost(options.publicUrl)}>`,
    headers: { 'Reply-To': application.email },
  });
}

/** The one e-mail that counts the applications of a busy window and names a few of them. */
export function applicationDigestEmail(
  digest: {
    window: string;
    count: number;
    settledBefore: number;
    minutes: number;
    /** How many of them are held for review. */
    held?: number;
  },
  named: readonly {
    firstName: string;
    lastName: string;
    email: string;
    jobTitle: string;
    held?: boolean;
  }[],
  options: { to: string; publicUrl: string },
): MailMessage {
  const more = `${digest.count} new ${digest.count === 1 ? 'application' : 'applications'}`;
  const held = digest.held ?? 0;
  const stamp = digest.window.replace(/[^0-9]/g, '');
  return composeEmail({
    to: options.to,
    subject: `${more}${held > 0 ? ` (${held} held for review)` : ''}`,
    messageId: `<applications-digest-${stamp}-${digest.settledBefore}@${messageIdHost(options.publicUrl)}>`,
    paragraphs: [
      `${more} arrived, more than a few at once, so they are counted here rather than sent one by one. You get at most one such summary every ${digest.minutes} minutes; the ones that come meanwhile wait for the next.`,
      ...(held > 0
        ? [
            `${plural(held, 'of them is', 'of them are')} held for your review (sent faster than a person could type): release the real ones at ${options.publicUrl}${APPLICATIONS_HELD_PATH}`,
          ]
        : []),
      ...(named.length > 0
        ? [
            [
              'Among them:',
              ...named.map(
                (a) =>
                  `- ${a.firstName} ${a.lastName} <${a.email}> for ${a.jobTitle}${a.held ? ' (held)' : ''}`,
              ),
            ].join('\n'),
          ]
        : []),
      `Review them in the back office: ${options.publicUrl}/admin/jobs#applications`,
    ],
  });
}
