import { randomUUID } from 'node:crypto';
import { idSchema } from '@kw/platform/contract';
import {
  bulkIdsSchema,
  dayIn,
  noContent,
  type RouteContext,
  type RouteDef,
  route,
  sendCsv,
} from '@kw/platform/http';
import { BUSINESS_TIME_ZONE } from '@kw/site';
import { z } from 'zod';
import {
  bulkSubscribers,
  confirmationPreview,
  confirmWithLink,
  handleNewsletterExport,
  markSubscriberSpam,
  recordNewsletterExport,
  removeSubscriber,
  signUp,
  unmarkSubscriberSpam,
  unsubscribeWithLink,
} from './commands.ts';
import { CONFIRM_PATH, checkConfirmToken } from './confirm-link.ts';
import {
  markSpamRequestSchema,
  newsletterBulkActionSchema,
  newsletterListQuerySchema,
  newsletterSignupRequestSchema,
  SUBSCRIBE_SUCCESS_MESSAGE,
} from './contract.ts';
import { newsletterExportStream } from './events.ts';
import {
  confirmedPage,
  confirmPage,
  confirmRefusedPage,
  confirmRequestPage,
  donePage,
  refusedPage,
} from './pages.ts';
import {
  listSubscriberRows,
  NEWSLETTER_CSV_COLUMNS,
  newsletterAnalytics,
  subscriberCsvRow,
  subscriptionOfLink,
  toSubscription,
} from './queries.ts';
import { checkUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribeUrl } from './unsubscribe-link.ts';

const idParams = z.object({ id: idSchema('Unknown subscription id') });

function html(res: RouteContext['res'], status: number, body: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(body);
}

/** The signed token of the unsubscribe link, read (and checked) by the handlers themselves. */
const unsubscribeQuery = z.object({ token: z.string() });
/** The signed token of the confirmation link, likewise. */
const confirmQuery = z.object({ token: z.string() });

export const newsletterRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/newsletter/subscribe',
    access: 'public',
    body: newsletterSignupRequestSchema,
    rateLimit: {
      windowMs: 10 * 60_000,
      max: 10,
      message: 'Too many sign-ups from your address. Please try again later.',
    },
    async handler({ body, services, metadata, visitor }) {
      await signUp(services, body, visitor, metadata);
      // The same answer for a new, a pending, a known or a flagged address: nothing to learn
      // from it. The subscription counts once the e-mail's link is confirmed.
      return { message: SUBSCRIBE_SUCCESS_MESSAGE };
    },
  }),
  route({
    method: 'get',
    path: '/api/newsletter',
    access: 'admin',
    query: newsletterListQuerySchema,
    async handler({ query, services }) {
      const { publicUrl, jwtSecret } = services.config;
      // The default list is the active subscribers; with unsubscribed ones, the pending too.
      const rows = await listSubscriberRows(
        services.db,
        query.includeUnsubscribed ? 'all' : 'active',
      );
      return rows.map((row) =>
        toSubscription(row, (id) => unsubscribeUrl(publicUrl, jwtSecret, id)),
      );
    },
  }),
  route({
    method: 'get',
    path: '/api/newsletter/analytics',
    access: 'admin',
    handler: ({ services }) => newsletterAnalytics(services.db),
  }),
  route({
    method: 'get',
    path: '/api/newsletter/export',
    access: 'admin',
    docs: { response: { mediaType: 'text/csv' } },
    async handler({ services, res, metadata }) {
      // Confirmed subscriptions (active or unsubscribed since) with their proof of consent; a
      // pending sign-up has consented to nothing yet.
      const subscribers = await listSubscriberRows(services.db, 'confirmed');
      // For the audit log: recorded before the file goes out.
      await handleNewsletterExport(
        services.store,
        newsletterExportStream(randomUUID()),
        () => recordNewsletterExport(subscribers.length),
        { metadata, newStream: true },
      );
      sendCsv(res, {
        fileName: `newsletter-subscribers-${dayIn(BUSINESS_TIME_ZONE)}.csv`,
        columns: NEWSLETTER_CSV_COLUMNS,
        rows: subscribers.map(subscriberCsvRow),
      });
    },
  }),
  route({
    method: 'post',
    path: '/api/newsletter/bulk',
    access: 'admin',
    body: z.intersection(z.object({ ids: bulkIdsSchema }), newsletterBulkActionSchema),
    docs: {
      summary:
        'One action on several subscriptions: each its own event, all or none (404 names unknown ids)',
    },
    async handler({ body, services, metadata }) {
      return { count: await bulkSubscribers(services, body.ids, body, metadata) };
    },
  }),
  route({
    method: 'post',
    path: '/api/newsletter/:id/spam',
    access: 'admin',
    params: idParams,
    body: markSpamRequestSchema,
    async handler({ params, body, services, metadata }) {
      await markSubscriberSpam(services.store, params.id, body.reason, metadata);
      return { message: 'Subscription marked as spam' };
    },
  }),
  route({
    method: 'delete',
    path: '/api/newsletter/:id/spam',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      await unmarkSubscriberSpam(services.store, params.id, metadata);
      return { message: 'Subscription unmarked as spam' };
    },
  }),
  route({
    method: 'delete',
    path: '/api/newsletter/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      await removeSubscriber(services.store, params.id, metadata);
      return noContent();
    },
  }),
  // The double opt-in's link: a page with a Confirm button (a GET changes nothing, so a mail
  // scanner that opens the link confirms nothing), then the POST that confirms.
  route({
    method: 'get',
    path: CONFIRM_PATH,
    access: 'public',
    docs: {
      summary: "The confirmation link's page (confirms nothing by itself)",
      query: confirmQuery,
      response: { mediaType: 'text/html' },
    },
    async handler({ req, res, services }) {
      const check = checkConfirmToken(services.config.jwtSecret, req.query.token);
      if (!check.ok) return html(res, 400, confirmRefusedPage('invalid'));
      const { outcome, email } = await confirmationPreview(
        services.store,
        check.subscriberId,
        check.requestedAt,
      );
      if (outcome === 'already') return html(res, 200, confirmedPage(true));
      if (outcome !== 'confirm')
        return html(res, outcome === 'unknown' ? 404 : 410, confirmRefusedPage(outcome));
      html(res, 200, confirmRequestPage(String(req.query.token), email));
    },
  }),
  route({
    method: 'post',
    path: CONFIRM_PATH,
    access: 'public',
    docs: {
      summary: 'Confirm a newsletter subscription (the Confirm button of the link’s page)',
      query: confirmQuery,
      response: { mediaType: 'text/html' },
    },
    rateLimit: { windowMs: 60_000, max: 30 },
    async handler({ req, res, services, visitor }) {
      const check = checkConfirmToken(services.config.jwtSecret, req.query.token);
      if (!check.ok) return html(res, 400, confirmRefusedPage('invalid'));
      const outcome = await confirmWithLink(
        services.store,
        check.subscriberId,
        check.requestedAt,
        visitor,
        { actor: 'subscriber', requestId: String(req.id) },
      );
      if (outcome === 'confirm' || outcome === 'already')
        return html(res, 200, confirmedPage(outcome === 'already'));
      html(res, outcome === 'unknown' ? 404 : 410, confirmRefusedPage(outcome));
    },
  }),
  // The one-click unsubscribe: a confirmation page, then a POST (RFC 8058's List-Unsubscribe-Post
  // sends the same POST from the mail client).
  route({
    method: 'get',
    path: UNSUBSCRIBE_PATH,
    access: 'public',
    docs: {
      summary: "The unsubscribe link's confirmation page",
      query: unsubscribeQuery,
      response: { mediaType: 'text/html' },
    },
    async handler({ req, res, services }) {
      const check = checkUnsubscribeToken(services.config.jwtSecret, req.query.token);
      if (!check.ok) return html(res, 400, refusedPage(check.reason));
      const subscription = await subscriptionOfLink(services.db, check.subscriberId);
      if (!subscription) return html(res, 404, refusedPage('unknown'));
      // Done already: the page says so, and no longer shows the address.
      if (subscription.unsubscribed) return html(res, 200, donePage(true));
      html(res, 200, confirmPage(String(req.query.token), subscription.email));
    },
  }),
  route({
    method: 'post',
    path: UNSUBSCRIBE_PATH,
    access: 'public',
    docs: {
      summary:
        'Unsubscribe (the confirmation form, or the one-click List-Unsubscribe-Post of RFC 8058)',
      query: unsubscribeQuery,
      response: { mediaType: 'text/html' },
    },
    rateLimit: { windowMs: 60_000, max: 30 },
    async handler({ req, res, services }) {
      const check = checkUnsubscribeToken(services.config.jwtSecret, req.query.token);
      if (!check.ok) return html(res, 400, refusedPage(check.reason));
      // RFC 8058: the mail client's one-click POST is a form without an Origin.
      const oneClick = req.get('content-type')?.includes('form-urlencoded') && !req.get('origin');
      const known = await unsubscribeWithLink(
        services.store,
        check.subscriberId,
        oneClick ? 'one-click' : 'link',
        services.config.dataKey,
        { actor: 'subscriber', requestId: String(req.id) },
      );
      html(res, known ? 200 : 404, known ? donePage() : refusedPage('unknown'));
    },
  }),
];
