import { randomUUID } from 'node:crypto';
import { created, type RouteDef, route } from '@kw/platform/http';
import { receiveContact } from './commands.ts';
import { contactRequestSchema } from './contract.ts';
import { contactStream } from './events.ts';
import { listContactSubmissions } from './queries.ts';

export const contactRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/contact',
    access: 'public',
    body: contactRequestSchema,
    rateLimit: {
      windowMs: 10 * 60_000,
      max: 10,
      message: 'Too many messages from your address. Please try again later.',
    },
    async handler({ body, services, metadata, visitor }) {
      const submissionId = randomUUID();
      await services.store.append(
        contactStream(submissionId),
        0,
        receiveContact(submissionId, body, visitor),
        { metadata },
      );
      return created({ id: submissionId, message: 'Message received' });
    },
  }),
  route({
    method: 'get',
    path: '/api/contact',
    access: 'admin',
    async handler({ services }) {
      return listContactSubmissions(services.db);
    },
  }),
];
