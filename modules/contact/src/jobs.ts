import type { EventHandler } from '@kw/platform';
import { enrichContact } from './commands.ts';
import type { ContactReceived } from './events.ts';
import { contactStream } from './events.ts';
import { ENRICH_CONTACT_QUEUE } from './index.ts';
import { describeVisitor } from './visitor-insight.ts';

/** Worker side of the contact module. Imported by the worker only: it loads geoip-lite. */
export const contactHandlers: EventHandler[] = [
  {
    queue: ENRICH_CONTACT_QUEUE,
    async handle(event, { store }) {
      const received = event.data as ContactReceived['data'];
      const stream = contactStream(received.submissionId);
      const history = await store.readStream(stream);
      const insight = await describeVisitor(received.userAgent, received.ipAddress);
      const events = enrichContact(history, { submissionId: received.submissionId, ...insight });
      // The expected version turns a concurrent second run into a conflict that is retried, then skipped.
      await store.append(stream, history.length, events, {
        metadata: { actor: 'worker', causationId: event.position },
      });
    },
  },
];
