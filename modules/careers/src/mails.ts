import { composeEmail, type MailMessage, messageIdHost } from '@kw/platform';
import { company } from '@kw/site';
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

export function adminNotificationEmail(
  application: Application,
  options: { to: string; publicUrl: string },
): CareersMail {
  const lines = [
    `A new application arrived for ${application.jobTitle}.`,
    `Name: ${application.firstName} ${application.lastName}\nEmail: ${application.email}\nPhone: ${application.phone}`,
    application.coverLetter ? `Cover letter:\n${application.coverLetter}` : 'No cover letter.',
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

/** The one e-mail that counts the applications of a busy window and names a few of them. */
export function applicationDigestEmail(
  digest: { window: string; count: number; reportedBefore: number; minutes: number },
  named: readonly { firstName: string; lastName: string; email: string; jobTitle: string }[],
  options: { to: string; publicUrl: string },
): MailMessage {
  const more = `${digest.count} more ${digest.count === 1 ? 'application' : 'applications'}`;
  const stamp = digest.window.replace(/[^0-9]/g, '');
  return composeEmail({
    to: options.to,
    subject: more,
    messageId: `<applications-digest-${stamp}-${digest.reportedBefore}@${messageIdHost(options.publicUrl)}>`,
    paragraphs: [
      `${more} arrived, more than a few in ${digest.minutes} minutes, so they are counted here rather than sent one by one. You get at most one such summary every ${digest.minutes} minutes.`,
      ...(named.length > 0
        ? [
            [
              'Among them:',
              ...named.map((a) => `- ${a.firstName} ${a.lastName} <${a.email}> for ${a.jobTitle}`),
            ].join('\n'),
          ]
        : []),
      `Review them in the back office: ${options.publicUrl}/admin/jobs#applications`,
    ],
  });
}
