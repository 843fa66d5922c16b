import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Config, type Db, isDatabaseUnavailable, type Logger } from '@kw/platform';
import { decodeHtmlEntities, namesNoPage } from '@kw/platform/text';
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

/** The query of a request's URL, with its '?' ('' when it has none). */
const queryOf = (url: string): string => url.slice(pathOf(url).length);

/**
 * Every path, matched without a parameter: express would decode one and answer a malformed
 * escape (`/case-studies/50%`) with its JSON 400 before the page could say 404.
 */
const EVERY_PATH = /^\//;

/** Rendered in place of such a path: no route has it, so the router shows its Page Not Found. */
const NO_SUCH_PAGE = '/404';

/**
 * A path as the router reads it, to tell another spelling of a page's address (repeated or
 * trailing slashes, dot segments, escapes, upper case) from another address of it (/blogs).
 */
function readAs(pathname: string): string {
  // A backslash is a slash to the URL parser; one slash leaves no host to read.
  const resolved = new URL(pathname.replace(/[/\\]+/g, '/'), 'http://path.invalid').pathname;
  return decodeURIComponent(resolved)
    .toLowerCase()
    .replace(/(?<=.)\/+$/, '');
}

/**
 * The path of the page's canonical link (seo.ts writes it from the page's own address), spelt
 * as a request would be; undefined when the page has none.
 */
function canonicalPathOf(head: string, publicUrl: string): string | undefined {
  const href = head.match(/<link rel="canonical" href="([^"]*)">/)?.[1];
  const url = href === undefined ? undefined : decodeHtmlEntities(href);
  if (!url?.startsWith(`${publicUrl}/`)) return undefined;
  return new URL(url.slice(publicUrl.length), 'http://path.invalid').pathname;
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

/**
 * Renders one path. A page that read all its data and answers 200 is kept under its canonical
 * address only, so each page has one entry; another spelling of that address is sent there.
 */
async function renderPath(
  services: RenderServices,
  template: string,
  entry: ServerEntry,
  pathname: string,
): Promise<Rendered> {
  const { config } = services;
  const data = pageData(services);
  // Set as a path: `new URL('//a1.example/blog', base)` would read a host in it.
  const url = new URL(config.publicUrl);
  url.pathname = pathname;
  const request = new globalThis.Request(url, {
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
  const canonical =
    result.status === 200 ? canonicalPathOf(result.head, config.publicUrl) : undefined;
  // Another spelling of the page's address, or of a second address of it (/BLOGS/x for
  // /blogs/x), is sent to the page: so every entry kept is an address spelt plainly, one per page
  // and per second address.
  const plain = readAs(pathname) === pathname;
  if (
    canonical !== undefined &&
    canonical !== pathname &&
    (readAs(canonical) === readAs(pathname) || !plain)
  )
    return { cacheable: false, status: 301, html: '', redirect: canonical };
  const html = composePage(template, result);
  // A page with no canonical address is shown but not kept: its spellings would each be one.
  if (result.status !== 200 || data.failed() || canonical === undefined)
    return { cacheable: false, status: result.status, html };
  return { cacheable: true, html, dependencies: data.dependencies };
}

/** Sends a page the cache does not keep; a redirect keeps the request's query. */
function sendRendered(res: Response, rendered: Rendered, query: string): void {
  if (!rendered.cacheable && rendered.redirect) {
    const { redirect } = rendered;
    res.redirect(rendered.status, pageAgain(redirect.includes('?') ? redirect : redirect + query));
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
  const pathname = pathOf(req.originalUrl);
  const query = queryOf(req.originalUrl);
  // Another spelling of an address (upper case, repeated or trailing slashes, dot segments,
  // escaped plain characters) goes to its plain spelling before anything is rendered: no
  // spelling costs a render (`/BLOG/post/` rendered a page to find its canonical link).
  if (!namesNoPage(pathname)) {
    const plain = encodeURI(readAs(pathname));
    if (plain !== pathname) {
      res.redirect(301, pageAgain(plain + query));
      return;
    }
  }
  // The back office is rendered in the browser: send the shell only.
  if (req.path === '/admin' || req.path.startsWith('/admin/')) {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(adminShell);
    return;
  }
  // Refused before the router or any read sees it.
  if (namesNoPage(pathname)) {
    sendRendered(res, await renderPath(services, template, await entry(), NO_SUCH_PAGE), query);
    return;
  }
  const render = async () => renderPath(services, template, await entry(), pathname);
  const { cache } = services;
  if (!cache) {
    sendRendered(res, await render(), query);
    return;
  }
  const outcome = await cache.page(pathname, render);
  if ('entry' in outcome) cache.sendPage(req, res, outcome.entry, outcome.verdict);
  else sendRendered(res, outcome.uncached, query);
}

/** The request's path names this file under `root`, as express.static would resolve it. */
function isFile(root: string, pathname: string, file: string): boolean {
  try {
    return path.join(root, decodeURIComponent(pathname)) === file;
  } catch {
    return false;
  }
}

/** Serves the built web app: hashed assets with long caching, server-rendered public pages. */
export function productionRenderer(services: RenderServices): WebRenderer {
  const clientDir = path.join(webDir, 'dist/client');
  const serverEntry = path.join(webDir, 'dist/server/entry-server.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run 'make build'.`);
  }
  const templateFile = path.join(clientDir, 'index.html');
  const template = stylesheetsFirst(readFileSync(templateFile, 'utf8'));
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
      const files = express.static(clientDir, { index: false, maxAge: '1h' });
      // The unrendered template is no page (its placeholders, no title, a failed hydration):
      // asked for by any spelling, it is the home page's address.
      app.use((req, res, next) => {
        if (!isFile(clientDir, req.path, templateFile)) files(req, res, next);
        else if (req.method === 'GET' || req.method === 'HEAD')
          res.redirect(301, `/${queryOf(req.originalUrl)}`);
        else next();
      });
      app.get(EVERY_PATH, async (req, res, next) => {
        try {
          await respond(req, res, services, template, () => entryPromise, adminShell);
        } catch (error) {
          next(error);
        }
      });
      // The public forms say method="post": sent before their page's script took them over
      // (or with scripts off), what a person typed goes in a body this never reads, not in an
      // address that history, logs and referrers keep. They get their page again.
      app.post(EVERY_PATH, (req, res) => {
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
      app.get(EVERY_PATH, async (req, res, next) => {
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
