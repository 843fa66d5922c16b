import type { MailMessage } from '@kw/platform';
import { company } from '@kw/site';
import type { ApplicationSubmitted } from './events.ts';

// The careers e-mails: kind, plain text with an HTML twin, naming the job.

type Application = ApplicationSubmitted['data'];

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function htmlOf(paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  return `<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">\n${body}\n</body></html>`;
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The same rejection always has the same Message-ID, so a resend is recognisably a duplicate. */
export function rejectionMessageId(
  applicationId: string,
  rejectionVersion: number,
  publicUrl: string,
): string {
  return `<application-${applicationId}-rejection-${rejectionVersion}@${hostOf(publicUrl)}>`;
}

export function rejectionEmail(
  application: Application,
  options: { messageId: string; publicUrl: string },
): MailMessage {
  const paragraphs = [
    `Dear ${application.firstName},`,
    `Thank you for applying for the ${application.jobTitle} position at ${company.name}, and for the time and care you put into your application.`,
    'We have reviewed it carefully. This time we have decided to move forward with other candidates whose experience more closely matches what the role needs right now. This is no reflection on your worth, and we know it is not the news you were hoping for.',
    `We would be glad to hear from you again: new openings are posted at ${options.publicUrl}/careers.`,
    'We wish you every success in your search.',
    `Kind regards,\nThe ${company.name} team`,
  ];
  return {
    to: application.email,
    subject: `Your application for ${application.jobTitle} at ${company.name}`,
    text: paragraphs.join('\n\n'),
    html: htmlOf(paragraphs),
    messageId: options.messageId,
  };
}

export function acknowledgementEmail(
  application: Application,
  options: { publicUrl: string },
): MailMessage {
  const paragraphs = [
    `Dear ${application.firstName},`,
    `Thank you for applying for the ${application.jobTitle} position at ${company.name}. We have received your application and résumé.`,
    'Our team reads every application. If your experience matches what we are looking for, we will contact you about next steps.',
    `Kind regards,\nThe ${company.name} team`,
  ];
  return {
    to: application.email,
    subject: `We received your application for ${application.jobTitle}`,
    text: paragraphs.join('\n\n'),
    html: htmlOf(paragraphs),
    messageId: `<application-${application.applicationId}-received@${hostOf(options.publicUrl)}>`,
  };
}

export function adminNotificationEmail(
  application: Application,
  options: { to: string; publicUrl: string },
): MailMessage {
  const lines = [
    `A new application arrived for ${application.jobTitle}.`,
    `Name: ${application.firstName} ${application.lastName}\nEmail: ${application.email}\nPhone: ${application.phone}`,
    application.coverLetter ? `Cover letter:\n${application.coverLetter}` : 'No cover letter.',
    `Review it in the back office: ${options.publicUrl}/admin/jobs#applications`,
  ];
  return {
    to: options.to,
    subject: `New application: ${application.firstName} ${application.lastName} for ${application.jobTitle}`,
    text: lines.join('\n\n'),
    html: htmlOf(lines),
    messageId: `<application-${application.applicationId}-notification@${hostOf(options.publicUrl)}>`,
    headers: { 'Reply-To': application.email },
  };
}
