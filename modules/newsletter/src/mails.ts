import { type Config, composeEmail, type MailMessage, messageIdHost } from '@kw/platform';
import { confirmUrl } from './confirm-link.ts';
import { CONFIRMATION_DAYS } from './contract.ts';
import type { SubscriptionRequested } from './events.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

// The newsletter's e-mails: the double opt-in's confirmation, and the welcome once confirmed.

/**
 * The double opt-in's e-mail: a link to the page where the person confirms. Its Message-ID
 * names the request, so a resend after a failed commit is recognisably the same message.
 */
export function confirmationMail(
  request: Pick<SubscriptionRequested['data'], 'subscriberId' | 'email' | 'requestedAt'>,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
): MailMessage {
  const link = confirmUrl(
    config.publicUrl,
    config.jwtSecret,
    request.subscriberId,
    request.requestedAt,
  );
  return composeEmail({
    to: request.email,
    subject: 'Please confirm your subscription to the Grand River Digital newsletter',
    messageId: `<newsletter-confirm-${request.subscriberId}-${Date.parse(request.requestedAt)}@${messageIdHost(config.publicUrl)}>`,
    paragraphs: [
      'Someone, probably you, asked to receive the Grand River Digital newsletter at this address: practical AI tips for Waterloo Region businesses, once a month.',
      `To confirm, open this link and press Confirm (it works for ${CONFIRMATION_DAYS} days):\n${link}`,
      'If you did not ask, ignore this e-mail: you will not be subscribed and we will not write again.',
    ],
  });
}

/**
 * The welcome, with a signed one-click unsubscribe link (CASL, RFC 8058). Its Message-ID names
 * the confirmation, so a resend after a failed commit is recognisably the same message.
 */
export function welcomeMail(
  subscriber: { subscriberId: string; email: string },
  position: number,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
): MailMessage {
  const link = unsubscribeUrl(config.publicUrl, config.jwtSecret, subscriber.subscriberId);
  return composeEmail({
    to: subscriber.email,
    subject: 'Welcome to the Grand River Digital newsletter',
    messageId: `<newsletter-welcome-${subscriber.subscriberId}-${position}@${messageIdHost(config.publicUrl)}>`,
    unsubscribeUrl: link,
    paragraphs: [
      'Thank you for subscribing to the Grand River Digital newsletter.',
      'We write now and then about practical AI and software for businesses in Waterloo Region.',
      'You can unsubscribe at any time with the link at the bottom of every newsletter e-mail.',
    ],
  });
}
