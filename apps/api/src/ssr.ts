import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Config, type Db, isDatabaseUnavailable, type Logger } from '@kw/platform';
import { PUBLIC_PAGE_PATHS } from '@kw/site';
import express, { type Express, type Request, type Response } from 'express';
import type { ContentFreshness, Dependency } from './freshness.ts';
import { type PublicCache, pathOf, type Rendered } from './public-cache.ts';
import { publicRead, scopesOf } from './public-reads.ts';

/** What the web app's server entry (apps/web/src/entry-server.tsx) returns for one URL. */
export interface RenderResult {
  status: number;
  redirect?: string;
  appHtml: string;
  head: string;
  state: unknown;
  /** The dates the page shows, as the server formatted them (the browser hydrates with them). */
  dates?: Record<string, string>;
}

/** A read's answer in RTK Query's shape (the web app's `ServerQueryResult`). */
type ServerQueryResult = { data: unknown } | { error: { status: number; data: unknown } };

interface ServerEntry {
  render(
    request: globalThis.Request,
    options: {
      serverQuery: (url: string) => Promise<ServerQueryResult>;
      publicUrl: string;
      site?: { avatarWidgetUrl?: string | undefined; analyticsTrackerId?: string | undefined };
    },
  ): Promise<RenderResult>;
}

export interface WebRenderer {
  mount(app: Express): void;
  /**
   * Renders the public pages once and keeps them (at start-up, in the background): the
   * marketing pages, which only change with a release, are never rendered again.
   */
  warm?(stopped: () => boolean): Promise<void>;
}

/** What the renderer reads with: the database, and the content's generations when it caches. */
export interface RenderServices {
  config: Config;
  db: Db;
  logger: Logger;
  cache?: PublicCache | undefined;
}

export const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

/** `<` is escaped so that no string in the state can close the script element. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state ?? {})
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The same page, by a path on this site only: `//host` would leave it. */
export function pageAgain(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\') ? url : '/';
}

export function composePage(
  template: string,
  result: Pick<RenderResult, 'appHtml' | 'head' | 'state' | 'dates'>,
): string {
  const dates =
    result.dates && Object.keys(result.dates).length > 0
      ? `<script type="application/json" id="__DATES__">${serializeState(result.dates)}</script>`
      : '';
  const state = `<script type="application/json" id="__STATE__">${serializeState(result.state)}</script>${dates}`;
  // Replaced by functions: a '$&' or "$'" in a post is text, not a replacement pattern.
  return template
    .replace('<!--app-head-->', () => result.head)
    .replace('<!--app-html-->', () => result.appHtml)
    .replace('<!--app-state-->', () => state);
}

const ADMIN_HEAD = '<title>Admin</title><meta name="robots" content="noindex, nofollow">';

/**
 * The built page with its stylesheets asked for before its scripts: the first paint waits for
 * the stylesheet, not for the scripts (loaded as modules, after it), and a phone on a slow
 * network with a few connections would otherwise fetch a dozen script chunks first.
 */
export function stylesheetsFirst(template: string): string {
  const stylesheets = template.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
  const firstScript = template.search(/[ \t]*<(script|link rel="modulepreload")\b/);
  if (stylesheets.length === 0 || firstScript === -1) return template;
  const without = stylesheets.reduce((page, link) => page.replace(link, ''), template);
  const at = without.search(/[ \t]*<(script|link rel="modulepreload")\b/);
  return without.slice(0, at) + stylesheets.join('') + without.slice(at);
}

/**
 * The page's reads, answered in this process by the modules' queries (public-reads.ts): each
 * notes the generation of the content it read, so the page is kept exactly while that holds.
 */
function pageData(services: RenderServices) {
  const freshness: ContentFreshness | undefined = services.cache?.freshness;
  const dependencies: Dependency[] = [];
  let failed = false;
  let unavailable: unknown;
  const serverQuery = async (url: string): Promise<ServerQueryResult> => {
    const read = publicRead(url);
    if (!read) {
      failed = true;
      services.logger.error(
        { url },
        'the renderer read a URL that public-reads.ts does not answer',
      );
      return { error: { status: 404, data: { message: `No public read ${url}` } } };
    }
    // Before the query: a change committed after this moment moves the generation.
    if (freshness)
      for (const scope of scopesOf(read)) dependencies.push([scope, freshness.generation(scope)]);
    try {
      const result = await read.load(services.db);
      return result.status === 200
        ? { data: result.data }
        : { error: { status: result.status, data: result.data } };
    } catch (error) {
      failed = true;
      if (isDatabaseUnavailable(error)) {
        unavailable = error;
        return { error: { status: 503, data: { message: 'The database is unavailable' } } };
      }
      services.logger.error({ err: error, url }, 'the renderer could not read its data');
      return { error: { status: 500, data: { message: 'Internal server error' } } };
    }
  };
  return { serverQuery, dependencies, failed: () => failed, unavailable: () => unavailable };
}

/** Renders one path; a page that read all its data and answers 200 may be kept. */
async function renderPath(
  services: RenderServices,
  template: string,
  entry: ServerEntry,
  pathname: string,
): Promise<Rendered> {
  const { config } = services;
  const data = pageData(services);
  const request = new globalThis.Request(new URL(pathname, config.publicUrl), {
    method: 'GET',
    headers: { accept: 'text/html' },
  });
  const result = await entry.render(request, {
    serverQuery: data.serverQuery,
    publicUrl: config.publicUrl,
    site: {
      avatarWidgetUrl: config.avatarWidgetUrl,
      analyticsTrackerId: config.analyticsTrackerId,
    },
  });
  if (result.redirect)
    return { cacheable: false, status: result.status, html: '', redirect: result.redirect };
  // A page that could not tell what to answer while the database is away (a post: found or
  // not?) is the error handler's 'Back in a moment' with Retry-After, not a 404 or a 500.
  if (result.status !== 200 && data.unavailable() !== undefined) throw data.unavailable();
  const html = composePage(template, result);
  if (result.status !== 200 || data.failed())
    return { cacheable: false, status: result.status, html };
  return { cacheable: true, html, dependencies: data.dependencies };
}

function sendRendered(res: Response, rendered: Rendered): void {
  if (!rendered.cacheable && rendered.redirect) {
    res.redirect(rendered.status, rendered.redirect);
    return;
  }
  res.status(rendered.cacheable ? 200 : rendered.status);
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(rendered.html);
}

async function respond(
  req: Request,
  res: Response,
  services: RenderServices,
  template: string,
  entry: () => Promise<ServerEntry>,
  adminShell: string,
): Promise<void> {
  // The back office is rendered in the browser: send the shell only.
  if (req.path === '/admin' || req.path.startsWith('/admin/')) {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(adminShell);
    return;
  }
  const pathname = pathOf(req.originalUrl);
  const render = async () => renderPath(services, template, await entry(), pathname);
  const { cache } = services;
  if (!cache) {
    sendRendered(res, await render());
    return;
  }
  const outcome = await cache.page(pathname, render);
  if ('entry' in outcome) cache.sendPage(req, res, outcome.entry, outcome.verdict);
  else sendRendered(res, outcome.uncached);
}

/** Serves the built web app: hashed assets with long caching, server-rendered public pages. */
export function productionRenderer(services: RenderServices): WebRenderer {
  const clientDir = path.join(webDir, 'dist/client');
  const serverEntry = path.join(webDir, 'dist/server/entry-server.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run 'make build'.`);
  }
  const template = stylesheetsFirst(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const adminShell = composePage(template, { appHtml: '', head: ADMIN_HEAD, state: null });
  const entryPromise = import(pathToFileURL(serverEntry).href) as Promise<ServerEntry>;
  return {
    mount(app) {
      app.use(
        '/assets',
        express.static(path.join(clientDir, 'assets'), {
          immutable: true,
          maxAge: '1y',
          index: false,
          fallthrough: false,
        }),
      );
      app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
      app.get('/{*splat}', async (req, res, next) => {
        try {
          await respond(req, res, services, template, () => entryPromise, adminShell);
        } catch (error) {
          next(error);
        }
      });
      // The public forms say method="post": sent before their page's script took them over
      // (or with scripts off), what a person typed goes in a body this never reads, not in an
      // address that history, logs and referrers keep. They get their page again.
      app.post('/{*splat}', (req, res) => {
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(303, pageAgain(req.originalUrl));
      });
    },
    async warm(stopped) {
      const { cache } = services;
      if (!cache) return;
      const entry = await entryPromise;
      for (const pathname of PUBLIC_PAGE_PATHS) {
        if (stopped()) return;
        await cache
          .page(pathname, () => renderPath(services, template, entry, pathname), { pin: true })
          .catch((error) => services.logger.warn({ err: error, pathname }, 'page not rendered'));
      }
    },
  };
}

/** Development: Vite in middleware mode, with hot reloading and on-the-fly SSR. */
export async function developmentRenderer(services: RenderServices): Promise<WebRenderer> {
  const { createServer } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  // Inline config: loading vite.config.ts writes a temporary file that node --watch would see.
  const vite = await createServer({
    root: webDir,
    configFile: false,
    plugins: [react()],
    server: { middlewareMode: true },
    appType: 'custom',
  });
  // Every page is rendered afresh: the code may have changed.
  const fresh = { ...services, cache: undefined };
  return {
    mount(app) {
      app.use(vite.middlewares);
      app.get('/{*splat}', async (req, res, next) => {
        try {
          const raw = readFileSync(path.join(webDir, 'index.html'), 'utf8');
          const template = stylesheetsFirst(await vite.transformIndexHtml(req.originalUrl, raw));
          const adminShell = composePage(template, { appHtml: '', head: ADMIN_HEAD, state: null });
          await respond(
            req,
            res,
            fresh,
            template,
            () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<ServerEntry>,
            adminShell,
          );
        } catch (error) {
          vite.ssrFixStacktrace(error as Error);
          next(error);
        }
      });
    },
  };
}
