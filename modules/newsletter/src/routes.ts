import { decideAndAppend } from '@kw/platform';
import { safeCsvCell } from '@kw/platform/contract';
import {
  assessIntake,
  elapsedSince,
  noContent,
  type RouteContext,
  type RouteDef,
  route,
  SPAM_RULES,
} from '@kw/platform/http';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import {
  deleteSubscriber,
  markSpam,
  subscribe,
  subscriberIdFor,
  subscriberState,
  unmarkSpam,
  unsubscribe,
} from './commands.ts';
import {
  markSpamRequestSchema,
  newsletterListQuerySchema,
  newsletterSignupRequestSchema,
  SUBSCRIBE_SUCCESS_MESSAGE,
} from './contract.ts';

import { subscriberStream } from './events.ts';
import { confirmPage, donePage, refusedPage } from './pages.ts';
import {
  countSignupsFromIp,
  listSubscriberRows,
  newsletterAnalytics,
  toSubscription,
} from './queries.ts';
import { checkUnsubscribeToken, UNSUBSCRIBE_PATH, unsubscribeUrl } from './unsubscribe-link.ts';

const idParams = z.object({ id: z.uuid('Unknown subscription id') });

function html(res: RouteContext['res'], status: number, body: string): void {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(body);
}

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
      const id = subscriberIdFor(body.email);
      const stream = subscriberStream(id);
      const history = await services.store.readStream(stream);
      const since = new Date(Date.now() - SPAM_RULES.burstWindowMs);
      const verdict = assessIntake({
        elapsedMs: elapsedSince(body.startedAt),
        fromIpRecently: await countSignupsFromIp(services.db, visitor.ip, since),
      });
      const events = subscribe(subscriberState(history), body, visitor, verdict);
      try {
        await services.store.append(stream, history.length, events, { metadata });
      } catch (error) {
        // The same address in two tabs at once: the other request already subscribed it.
        if (!(error instanceof Error && error.name === 'ConcurrencyError')) throw error;
      }
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
      const rows = await listSubscriberRows(services.db, query.includeUnsubscribed);
      return rows.map((row) =>
        toSubscription(row, (id) => unsubscribeUrl(publicUrl, jwtSecret, id)),
      );
    },
  }),
  route({
    method: 'get',
    path: '/api/newsletter/analytics',
    access: 'admin',
    async handler({ services }) {
      return newsletterAnalytics(services.db);
    },
  }),
  route({
    method: 'get',
    path: '/api/newsletter/export',
    access: 'admin',
    async handler({ services, res }) {
      const rows = await listSubscriberRows(services.db, true);
      const csv = stringify(
        rows.map((r) => [
          r.email,
          [r.first_name, r.last_name].filter(Boolean).join(' '),
          r.subscribed ? 'Active' : 'Unsubscribed',
          r.is_spam ? 'Yes' : 'No',
          r.spam_reason ?? '',
          r.source || 'website',
          r.device_type ?? '',
          r.browser_name ? `${r.browser_name} ${r.browser_version ?? ''}`.trim() : '',
          r.os ?? '',
          r.city ?? '',
          r.country ?? '',
          r.ip_address ?? '',
          r.utm_source ?? '',
          r.utm_medium ?? '',
          r.utm_campaign ?? '',
          r.referer ?? '',
          r.created_at.toISOString(),
        ]),
        {
          header: true,
          columns: [
            'Email',
            'Name',
            'Status',
            'Spam',
            'Spam Reason',
            'Source',
            'Device',
            'Browser',
            'OS',
            'City',
            'Country',
            'IP Address',
            'UTM Source',
            'UTM Medium',
            'UTM Campaign',
            'Referrer',
            'Created',
          ],
          cast: { string: (value) => safeCsvCell(value) },
        },
      );
      const day = new Date().toISOString().slice(0, 10);
      res
        .status(200)
        .type('text/csv; charset=utf-8')
        .setHeader(
          'Content-Disposition',
          `attachment; filename="newsletter-subscribers-${day}.csv"`,
        )
        .send(csv);
    },
  }),
  route({
    method: 'post',
    path: '/api/newsletter/:id/spam',
    access: 'admin',
    params: idParams,
    body: markSpamRequestSchema,
    async handler({ params, body, services, metadata }) {
      await decideAndAppend(
        services.store,
        subscriberStream(params.id),
        (history) => markSpam(params.id, subscriberState(history), body.reason),
        metadata,
      );
      return { message: 'Subscription marked as spam' };
    },
  }),
  route({
    method: 'delete',
    path: '/api/newsletter/:id/spam',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      await decideAndAppend(
        services.store,
        subscriberStream(params.id),
        (history) => unmarkSpam(params.id, subscriberState(history)),
        metadata,
      );
      return { message: 'Subscription unmarked as spam' };
    },
  }),
  route({
    method: 'delete',
    path: '/api/newsletter/:id',
    access: 'admin',
    params: idParams,
    async handler({ params, services, metadata }) {
      await decideAndAppend(
        services.store,
        subscriberStream(params.id),
        (history) => deleteSubscriber(params.id, subscriberState(history)),
        metadata,
      );
      return noContent();
    },
  }),
  // The one-click unsubscribe: a confirmation page, then a POST (RFC 8058's List-Unsubscribe-Post
  // sends the same POST from the mail client).
  route({
    method: 'get',
    path: UNSUBSCRIBE_PATH,
    access: 'public',
    async handler({ req, res, services }) {
      const check = checkUnsubscribeToken(services.config.jwtSecret, req.query.token);
      if (!check.ok) return html(res, 400, refusedPage(check.reason));
      const row = await services
        .db('newsletter_subscribers')
        .where({ id: check.subscriberId })
        .first('email');
      if (!row) return html(res, 404, refusedPage('unknown'));
      html(res, 200, confirmPage(String(req.query.token), row.email));
    },
  }),
  route({
    method: 'post',
    path: UNSUBSCRIBE_PATH,
    access: 'public',
    rateLimit: { windowMs: 60_000, max: 30 },
    async handler({ req, res, services }) {
      const check = checkUnsubscribeToken(services.config.jwtSecret, req.query.token);
      if (!check.ok) return html(res, 400, refusedPage(check.reason));
      const stream = subscriberStream(check.subscriberId);
      const history = await services.store.readStream(stream);
      const state = subscriberState(history);
      if (!state.exists) return html(res, 404, refusedPage('unknown'));
      const oneClick = req.get('content-type')?.includes('form-urlencoded') && !req.get('origin');
      await services.store.append(
        stream,
        history.length,
        unsubscribe(check.subscriberId, state, oneClick ? 'one-click' : 'link'),
        { metadata: { actor: 'subscriber', requestId: String(req.id) } },
      );
      html(res, 200, donePage());
    },
  }),
];
