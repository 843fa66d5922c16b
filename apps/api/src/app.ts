import type { IncomingMessage, ServerResponse } from 'node:http';
import { optionalAdmin, requireAdmin } from '@kw/auth';
import { blogRssFeed } from '@kw/blog';
import { resumeDownload } from '@kw/careers';
import { modules } from '@kw/composition';
import {
  AppError,
  checkHealth,
  escapeHtml,
  isDatabaseUnavailable,
  isUnstorableText,
  ValidationError,
} from '@kw/platform';
import {
  type AppServices,
  parseOrThrow,
  RateLimiter,
  Reply,
  type RouteDef,
  rejectUnusualText,
  UNUSUAL_CHARACTER_MESSAGE,
} from '@kw/platform/http';
import { company } from '@kw/site';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { z } from 'zod';
import { compressResponses } from './compression.ts';
import { openApiDocument } from './openapi.ts';
import { mountApiDocs } from './openapi-docs.ts';
import type { PublicCache } from './public-cache.ts';
import { requestLog } from './request-log.ts';
import { mountShareImages } from './share-images.ts';
import { mountSiteFiles } from './site-files.ts';
import type { WebRenderer } from './ssr.ts';

// Missing fields read "Required" rather than zod's type-level wording.
z.config({
  customError: (issue) =>
    issue.input === undefined && issue.code === 'invalid_type' ? 'Required' : undefined,
});

/** What a JSON body may take, unless an administrator's route says more (`RouteDef.bodyLimit`). */
export const JSON_BODY_LIMIT = 100 * 1024;
/** What a request that needs the database gets while PostgreSQL is away (with Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The site cannot reach its database at the moment. Nothing was saved; please try again in a few seconds.';
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export interface AppOptions {
  services: AppServices;
  routes: RouteDef[];
  web?: WebRenderer;
  /** Pages and public lists kept ready to send, answered before everything else. */
  cache?: PublicCache;
}

/** express's own dispatch of a request into the app (`app.handle`; not in its types). */
type ExpressHandle = (
  this: unknown,
  req: IncomingMessage,
  res: ServerResponse,
  done?: (error?: unknown) => void,
) => void;

/** Files whose every request is not worth a line at `info`: logged at `debug`. */
const QUIET_PATHS = /^\/(assets|media)\/|\.(js|css|svg|png|jpe?g|gif|webp|ico|woff2?)(\?|$)/;

/**
 * The headers a middleware sets that depend on nothing in the request (helmet's, with the
 * fixed options given here), computed once, for the answers sent before it runs.
 */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (e?: unknown) => void) => void,
): string[] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return [...headers].flat();
}

function toHandler(def: RouteDef, services: AppServices, limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    try {
      // req.ip is the one client address: the socket's, or as TRUST_PROXY's proxies say.
      const limitKey = `${def.method} ${def.path} ${req.ip ?? ''}`;
      const countInWrite = def.rateLimit && def.countInWrite;
      if (def.rateLimit && !countInWrite) await limiter.hit(limitKey, def.rateLimit);
      let body: unknown;
      let query: unknown;
      let params: unknown;
      try {
        // A NUL or a lone surrogate anywhere in what the route reads is a 400 naming the field,
        // before anything is validated or written (PostgreSQL cannot store either).
        rejectUnusualText(req.params);
        rejectUnusualText(req.query);
        if (req.body !== undefined) rejectUnusualText(req.body);
        if (def.body && req.body === undefined) {
          throw new ValidationError(
            [],
            'The request body must be JSON (Content-Type: application/json)',
          );
        }
        body = def.body ? parseOrThrow(def.body, req.body) : undefined;
        query = def.query ? parseOrThrow(def.query, req.query) : undefined;
        params = def.params ? parseOrThrow(def.params, req.params) : undefined;
      } catch (error) {
        // Refused here: counted on its own, and past the limit the answer is the 429.
        if (countInWrite) await limiter.hit(limitKey, def.rateLimit!);
        throw error;
      }
      const requestCount = countInWrite ? limiter.countWith(limitKey, def.rateLimit!) : undefined;
      const admin = res.locals.admin as { username: string } | undefined;
      const handled = def.handler({
        req,
        res,
        body,
        query,
        params,
        services,
        metadata: {
          actor: admin ? `admin:${admin.username}` : 'visitor',
          requestId: String(req.id),
        },
        visitor: {
          ip: req.ip ?? '',
          userAgent: (req.get('user-agent') ?? '').slice(0, 512),
          referer: (req.get('referer') ?? '').slice(0, 1024),
        },
        ...(requestCount ? { requestCount } : {}),
      });
      let result: unknown;
      try {
        result = await handled;
      } finally {
        // A handler that failed before its write, or made none: counted on its own (never
        // left uncounted; past the limit, the 429).
        if (requestCount && !requestCount.done) await limiter.hit(limitKey, def.rateLimit!);
      }
      if (res.headersSent) return;
      if (result instanceof Reply) {
        if (result.body === undefined) res.status(result.status).end();
        else res.status(result.status).json(result.body);
      } else if (result === undefined) {
        res.status(204).end();
      } else {
        res.json(result);
      }
    } catch (error) {
      next(error);
    }
  };
}

/** The configured avatar widget and analytics tracker may load their scripts. */
function thirdPartyScripts(config: AppServices['config']): string[] {
  const origins: string[] = [];
  if (config.avatarWidgetUrl) origins.push(new URL(config.avatarWidgetUrl).origin);
  if (config.analyticsTrackerId) origins.push('https://www.googletagmanager.com');
  return origins;
}

function thirdPartyConnections(config: AppServices['config']): string[] {
  const origins: string[] = [];
  if (config.avatarWidgetUrl) origins.push(new URL(config.avatarWidgetUrl).origin);
  if (config.analyticsTrackerId)
    origins.push('https://*.google-analytics.com', 'https://*.analytics.google.com');
  return origins;
}

export function createApp({ services, routes, web, cache }: AppOptions): Express {
  const app = express();
  const { config, logger } = services;
  app.disable('x-powered-by');
  // The client's address: the socket's, unless TRUST_PROXY names the proxies in front.
  app.set('trust proxy', config.trustProxy);

  const securityHeaders = helmet({
    contentSecurityPolicy:
      config.env === 'development'
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", ...thirdPartyScripts(config)],
              // antd writes its CSS-in-JS into <style> elements.
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'https:'],
              fontSrc: ["'self'", 'data:'],
              connectSrc: ["'self'", ...thirdPartyConnections(config)],
              frameSrc: ["'self'", 'https:'],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
            },
          },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  // helmet's headers with these options depend on nothing in the request: computed once, and
  // set as they are on every answer (helmet's thirteen middlewares per request cost a
  // measurable part of a contact message's CPU).
  const securityHeaderPairs = headersSetBy(securityHeaders);
  // A fresh page or public list goes out from memory first, with the same security headers:
  // before express prepares the request (its prototypes, final handler and router, a fifth of
  // what a cached page cost the API), as the first thing the app does; a miss goes on to the
  // middleware, which makes a missing list.
  if (cache) {
    const application = app as unknown as { handle: ExpressHandle };
    const handle = application.handle;
    application.handle = function answerFromMemoryFirst(req, res, done) {
      if (!cache.answerFresh(req, res, securityHeaderPairs)) handle.call(this, req, res, done);
    };
    app.use(cache.middleware(securityHeaderPairs));
  }

  // One line per request: method, URL, status, time and the request id (no headers), at info;
  // static files and 304s at debug, failures at error.
  app.use(
    requestLog(app, logger, {
      levelOf: (req, res) =>
        res.statusCode >= 500
          ? 'error'
          : res.statusCode === 304 || QUIET_PATHS.test(req.url ?? '')
            ? 'debug'
            : 'info',
      ignore: (req) => req.url === '/api/health',
    }),
  );

  app.use((_req, res, next) => {
    for (let i = 0; i < securityHeaderPairs.length; i += 2)
      res.setHeader(securityHeaderPairs[i]!, securityHeaderPairs[i + 1]!);
    next();
  });

  app.use(compressResponses());
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  const guard = requireAdmin(services);
  const limiter = new RateLimiter(services.db);
  const readJson = express.json({ limit: JSON_BODY_LIMIT });
  for (const def of routes) {
    const handler = toHandler(def, services, limiter);
    // Each route reads its JSON body itself, after the administrator's guard: a route's own
    // larger limit is never spent on someone without the token. Pages outside /api (the
    // newsletter's forms) take no JSON, as before.
    const parse = def.bodyLimit ? express.json({ limit: def.bodyLimit }) : readJson;
    const read = def.path.startsWith('/api/') ? [parse] : [];
    const chain = def.access === 'admin' ? [guard, ...read, handler] : [...read, handler];
    app[def.method](def.path, ...chain);
  }

  app.get('/api/health', async (_req, res) => {
    const health = await checkHealth(services.db);
    if (!health.database.ok) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(health.database.ok ? 200 : 503).json(health);
  });

  mountApiDocs(app, guard, openApiDocument(routes, modules));

  app.all('/api/{*splat}', (req, res) => {
    res.status(404).json({ message: `No API route ${req.method} ${req.path}` });
  });

  mountSiteFiles(app, { config, db: services.db, modules });
  mountShareImages(app, { config, db: services.db, logger });

  // Uploaded media: stored under random names with the detected extension, so the type is
  // right; never sniffed, cached for a year, and sandboxed if opened directly.
  app.use(
    '/media',
    express.static(config.uploadsDir, {
      index: false,
      dotfiles: 'deny',
      immutable: true,
      maxAge: '1y',
      // Missing names fall through: the demo images ship with the web app under /media/demo.
      fallthrough: true,
      setHeaders(res) {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      },
    }),
  );
  app.get('/blog/rss.xml', async (_req, res, next) => {
    try {
      const xml = await blogRssFeed(services.db, {
        publicUrl: config.publicUrl,
        name: company.name,
        description: company.tagline,
      });
      res.setHeader('Cache-Control', 'public, max-age=300');
      res.type('application/rss+xml').send(xml);
    } catch (error) {
      next(error);
    }
  });

  // Résumés are private: only the administrator (cookie or bearer) gets one; anyone else gets
  // a 404, so not even a file's existence shows. A PDF opens in the tab (admin.md: 'View
  // Resume' opens it in a new tab), in a sandboxed, never-sniffed response; Word files download.
  app.get('/uploads/:resumeFilename', async (req, res, next) => {
    try {
      const admin = await optionalAdmin(services, req);
      const file = admin
        ? await resumeDownload(services.db, config, req.params.resumeFilename)
        : undefined;
      res.setHeader('Cache-Control', 'private, no-store');
      if (!file) {
        res.status(404).type('text').send('Not found');
        return;
      }
      const done = (error?: Error) => {
        if (error && !res.headersSent) res.status(404).type('text').send('Not found');
      };
      if (!file.downloadName.endsWith('.pdf')) {
        res.download(file.path, file.downloadName, { dotfiles: 'deny' }, done);
        return;
      }
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'; object-src 'self'");
      res.attachment(file.downloadName);
      res.setHeader(
        'Content-Disposition',
        String(res.getHeader('Content-Disposition')).replace(/^attachment/, 'inline'),
      );
      res.type('application/pdf');
      res.sendFile(file.path, { dotfiles: 'deny' }, done);
    } catch (error) {
      next(error);
    }
  });

  if (web) web.mount(app);

  app.use(errorHandler);
  return app;
}

const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) return;
  if (error instanceof AppError && 'retryAfterSeconds' in error)
    res.setHeader('Retry-After', String(error.retryAfterSeconds));
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, 'database unavailable');
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(503);
    if (req.path.startsWith('/api/')) res.json({ message: DATABASE_UNAVAILABLE_MESSAGE });
    else res.type('html').send(unavailablePage());
    return;
  }
  if (isUnstorableText(error)) {
    // The net under the edge's check: PostgreSQL refused a character (rolled back whole).
    req.log.warn({ err: error }, 'text PostgreSQL cannot store');
    res.status(400).json({ message: `A text field ${UNUSUAL_CHARACTER_MESSAGE}` });
    return;
  }
  if (error instanceof ValidationError) {
    res.status(400).json({ message: error.message, errors: error.errors });
    return;
  }
  if (error instanceof AppError) {
    res.status(error.status).json({ message: error.message, ...error.details });
    return;
  }
  // body-parser's own errors carry a status and a type.
  const status =
    typeof error?.status === 'number'
      ? error.status
      : typeof error?.statusCode === 'number'
        ? error.statusCode
        : 500;
  if (status >= 400 && status < 500) {
    const message =
      error.type === 'entity.parse.failed'
        ? 'Malformed JSON in the request body'
        : error.type === 'entity.too.large'
          ? `The request body is too large (limit ${sizeName(error.limit)})`
          : error.type === 'encoding.unsupported' || error.type === 'charset.unsupported'
            ? 'Unsupported request encoding'
            : (error.expose && error.message) || 'Bad request';
    res.status(status).json({ message });
    return;
  }
  req.log.error({ err: error }, 'unhandled error');
  res.status(500).json({ message: 'Internal server error', requestId: String(req.id) });
};

/** A body limit as the 413 names it: '100kb', '12mb'. */
function sizeName(bytes: number): string {
  const kb = bytes / 1024;
  return kb < 1024 ? `${Math.round(kb)}kb` : `${Math.round(kb / 1024)}mb`;
}

/** A page that needs data, asked for while the database is away. */
function unavailablePage(): string {
  const name = escapeHtml(company.name);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${name}: back in a moment</title></head><body><h1>Back in a moment</h1><p>This page cannot be shown right now. Please try again in a few seconds.</p><p><a href="/">${name}</a></p></body></html>`;
}
