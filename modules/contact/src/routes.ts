import { randomUUID } from 'node:crypto';
import { decideAndAppend } from '@kw/platform';
import {
  assessIntake,
  created,
  elapsedSince,
  noContent,
  type RouteDef,
  route,
  SPAM_RULES,
} from '@kw/platform/http';
import { z } from 'zod';
import { contactState, deleteContact, receiveContact, updateContact } from './commands.ts';
import { contactRequestSchema, contactUpdateSchema } from './contract.ts';

import { contactStream } from './events.ts';
import {
  contactAnalytics,
  countSameMessageFromIp,
  findContactSubmission,
  listContactSubmissions,
} from './queries.ts';

const idParams = z.object({ id: z.uuid('Unknown contact submission id') });

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
      const since = new Date(Date.now() - SPAM_RULES.burstWindowMs);
      const verdict = assessIntake({
        elapsedMs: elapsedSince(body.startedAt),
        text: body.message,
        sameTextFromIpRecently: await countSameMessageFromIp(
          services.db,
          visitor.ip,
          body.message,
          since,
        ),
      });
      await services.store.append(
        contactStream(submissionId),
        0,
        receiveContact(submissionId, body, visitor, verdict),
        { metadata },
      );
      // The visitor gets the same answer either way: a spammer learns nothing.
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
  route({
    method: 'get',
    path: '/api/contact/analytics',
    access: 'admin',
    async handler({ services }) {
      return contactAnalytics(services.db);
    },
  }),
  route({
    method: 'patch',
    path: '/api/contact/:id',
    access: 'admin',
    params: idParams,
    body: contactUpdateSchema,
    async handler({ params, body, services, metadata }) {
      const now = new Date();
      await decideAndAppend(
        services.store,
        contactStream(params.id),
        (history) => updateContact(params.id, contactState(history), body, now),
        metadata,
      );
      return findContactSubmission(services.db, params.id);
    },
  }),
  route({
    method: 'delete',
    path: '/api/contact/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      await decideAndAppend(
        services.store,
        contactStream(params.id),
        (history) => deleteContact(params.id, contactState(history)),
        metadata,
      );
      return noContent();
    },
  }),
];
