import type { EventHandler } from '@kw/platform';
import { describeVisitor } from '@kw/platform/visitor-insight';
import { enrichSubscriber, shouldWelcome, subscriberState } from './commands.ts';
import type { SubscriberJoined } from './events.ts';
import { subscriberStream } from './events.ts';
import { ENRICH_SUBSCRIBER_QUEUE, WELCOME_SUBSCRIBER_QUEUE } from './index.ts';
import { unsubscribeUrl } from './unsubscribe-link.ts';

/** Worker side of the newsletter module: enrichment like contact's, and the welcome e-mail. */
export const newsletterHandlers: EventHandler[] = [
  {
    queue: ENRICH_SUBSCRIBER_QUEUE,
    async handle(event, { store }) {
      const joined = event.data as SubscriberJoined['data'];
      const stream = subscriberStream(joined.subscriberId);
      const history = await store.readStream(stream);
      const insight = await describeVisitor(joined.userAgent, joined.ipAddress);
      const events = enrichSubscriber(joined.subscriberId, subscriberState(history), insight);
      await store.append(stream, history.length, events, {
        metadata: { actor: 'worker', causationId: event.position },
      });
    },
  },
  {
    queue: WELCOME_SUBSCRIBER_QUEUE,
    async handle(event, { store, mailer, config }) {
      const joined = event.data as SubscriberJoined['data'];
      const stream = subscriberStream(joined.subscriberId);
      const history = await store.readStream(stream);
      if (!shouldWelcome(subscriberState(history))) return;
      const link = unsubscribeUrl(config.publicUrl, config.jwtSecret, joined.subscriberId);
      await mailer.send({
        to: joined.email,
        subject: 'Welcome to the Grand River Digital newsletter',
        messageId: `<newsletter-welcome-${joined.subscriberId}-${event.position}@notifications>`,
        headers: {
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        text: [
          'Thank you for subscribing to the Grand River Digital newsletter.',
          '',
          'We write now and then about practical AI and software for businesses in Waterloo Region.',
          '',
          `To unsubscribe at any time: ${link}`,
        ].join('\n'),
      });
      await store.append(
        stream,
        'any',
        [{ type: 'SubscriberWelcomed', data: { subscriberId: joined.subscriberId } }],
        { metadata: { actor: 'worker', causationId: event.position } },
      );
    },
  },
];
