import { randomUUID } from 'node:crypto';
import {
  bulkIdsSchema,
  created,
  dayIn,
  noContent,
  type RouteDef,
  route,
  sendCsv,
} from '@kw/platform/http';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import { z } from 'zod';
import {
  bulkContact,
  editContact,
  handleContactExport,
  recordContactExport,
  removeContact,
  submitContact,
} from './commands.ts';
import {
  CONTACT_CSV_COLUMNS,
  type ContactHeldCount,
  contactBulkActionSchema,
  contactCsvRow,
  contactExportRequestSchema,
  contactIdSchema,
  contactRequestSchema,
  contactUpdateSchema,
} from './contract.ts';
import { contactExportStream } from './events.ts';
import {
  contactAnalytics,
  contactSubmissionsByIds,
  countHeldSubmissions,
  findContactSubmission,
  listContactSubmissions,
} from './queries.ts';

const idParams = z.object({ id: contactIdSchema });

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
    // The count goes in with the message: one statement for a valid one.
    countInWrite: true,
    async handler({ body, services, metadata, visitor, requestCount }) {
      const id = await submitContact(
        { store: services.store, gate: requestCount },
        body,
        visitor,
        metadata,
      );
      // The visitor gets the same answer, spam or not: a spammer learns nothing.
      return created({ id, message: 'Message received' });
    },
  }),
  route({
    method: 'get',
    path: '/api/contact',
    access: 'admin',
    handler: ({ services }) => listContactSubmissions(services.db),
  }),
  route({
    method: 'get',
    path: '/api/contact/held-count',
    access: 'admin',
    handler: async ({ services }): Promise<ContactHeldCount> => ({
      held: await countHeldSubmissions(services.db),
    }),
  }),
  route({
    method: 'get',
    path: '/api/contact/analytics',
    access: 'admin',
    handler: ({ services }) => contactAnalytics(services.db),
  }),
  route({
    method: 'post',
    path: '/api/contact/export',
    access: 'admin',
    body: contactExportRequestSchema,
    async handler({ body, services, res, metadata }) {
      const submissions = await contactSubmissionsByIds(services.db, body.ids);
      // Who took which people's data, for the audit log: recorded before the file goes out.
      await handleContactExport(
        services.store,
        contactExportStream(randomUUID()),
        () => recordContactExport(submissions.map((s) => s.id)),
        { metadata, newStream: true },
      );
      sendCsv(res, {
        fileName: `contact-submissions-${dayIn(BUSINESS_TIME_ZONE)}.csv`,
        columns: CONTACT_CSV_COLUMNS,
        rows: submissions.map(contactCsvRow),
        // The same bytes as the file the back office built in the browser before.
        bom: false,
      });
    },
  }),
  route({
    method: 'post',
    path: '/api/contact/bulk',
    access: 'admin',
    body: z.intersection(z.object({ ids: bulkIdsSchema }), contactBulkActionSchema),
    docs: {
      summary:
        'One action on several submissions: each its own event, all or none (404 names unknown ids)',
    },
    async handler({ body, services, metadata }) {
      return { count: await bulkContact(services, body.ids, body, metadata) };
    },
  }),
  route({
    method: 'patch',
    path: '/api/contact/:id',
    access: 'admin',
    params: idParams,
    body: contactUpdateSchema,
    async handler({ params, body, services, metadata }) {
      await editContact(services.store, params.id, body, metadata);
      return findContactSubmission(services.db, params.id);
    },
  }),
  route({
    method: 'delete',
    path: '/api/contact/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      await removeContact(services.store, params.id, metadata);
      return noContent();
    },
  }),
];
