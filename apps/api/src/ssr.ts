import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config } from '@kw/platform';
import express, { type Express, type Request, type Response } from 'express';

/** What the web app's server entry (apps/web/src/entry-server.tsx) returns for one URL. */
export interface RenderResult {
  status: number;
  redirect?: string;
  appHtml: string;
  head: string;
  state: unknown;
}

interface ServerEntry {
  render(
    request: globalThis.Request,
    options: {
      apiOrigin: string;
      publicUrl: string;
      site?: { avatarWidgetUrl?: string | undefined; analyticsTrackerId?: string | undefined };
    },
  ): Promise<RenderResult>;
}

export interface WebRenderer {
  mount(app: Express): void;
}

export const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

/** `<` is escaped so that no string in the state can close the script element. */
export function serializeState(state: unknown): string {
  return JSON.stringify(state ?? {})
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function composePage(
  template: string,
  result: Pick<RenderResult, 'appHtml' | 'head' | 'state'>,
): string {
  return template
    .replace('<!--app-head-->', result.head)
    .replace('<!--app-html-->', result.appHtml)
    .replace(
      '<!--app-state-->',
      `<script type="application/json" id="__STATE__">${serializeState(result.state)}</script>`,
    );
}

/**
 * The HTML of content pages (blog and case studies), kept per URL with the content stamp it was
 * rendered at. The stamp moves in the same transaction as any content event, and when a
 * scheduled post comes due, so a stale page is never served; no timers, no explicit purge.
 */
export class PageCache {
  private readonly entries = new Map<string, { stamp: string; html: string }>();
  readonly stamp: () => Promise<string>;
  private readonly limit: number;
  constructor(stamp: () => Promise<string>, limit = 500) {
    this.stamp = stamp;
    this.limit = limit;
  }
  static readonly PATHS = /^\/(blog|blogs|case-studies)(\/|$)/;
  get(url: string, stamp: string): string | undefined {
    const entry = this.entries.get(url);
    return entry?.stamp === stamp ? entry.html : undefined;
  }
  set(url: string, stamp: string, html: string): void {
    this.entries.delete(url);
    this.entries.set(url, { stamp, html });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}

const ADMIN_HEAD = '<title>Admin</title><meta name="robots" content="noindex, nofollow">';

async function respond(
  req: Request,
  res: Response,
  config: Config,
  template: string,
  entry: () => Promise<ServerEntry>,
  port: () => number,
  cache?: PageCache,
): Promise<void> {
  // The back office is rendered in the browser: send the shell only.
  if (req.path === '/admin' || req.path.startsWith('/admin/')) {
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(composePage(template, { appHtml: '', head: ADMIN_HEAD, state: null }));
    return;
  }
  const cacheable = cache && PageCache.PATHS.test(req.path);
  const stamp = cacheable ? await cache.stamp() : '';
  const cached = cacheable ? cache.get(req.originalUrl, stamp) : undefined;
  if (cached !== undefined) {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Page-Cache', 'hit');
    res.type('html').send(cached);
    return;
  }
  const url = new URL(req.originalUrl, config.publicUrl);
  const request = new globalThis.Request(url, {
    method: 'GET',
    headers: { accept: req.get('accept') ?? 'text/html' },
  });
  const result = await (await entry()).render(request, {
    apiOrigin: `http://127.0.0.1:${port()}`,
    publicUrl: config.publicUrl,
    site: {
      avatarWidgetUrl: config.avatarWidgetUrl,
      analyticsTrackerId: config.analyticsTrackerId,
    },
  });
  if (result.redirect) {
    res.redirect(result.status, result.redirect);
    return;
  }
  res.status(result.status);
  res.setHeader('Cache-Control', 'no-cache');
  const html = composePage(template, result);
  if (cacheable && result.status === 200) {
    cache.set(req.originalUrl, stamp, html);
    res.setHeader('X-Page-Cache', 'miss');
  }
  res.type('html').send(html);
}

/** Serves the built web app: hashed assets with long caching, server-rendered public pages. */
export function productionRenderer(
  config: Config,
  port: () => number,
  cache?: PageCache,
): WebRenderer {
  const clientDir = path.join(webDir, 'dist/client');
  const serverEntry = path.join(webDir, 'dist/server/entry-server.js');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run 'make build'.`);
  }
  const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
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
          await respond(req, res, config, template, () => entryPromise, port, cache);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

/** Development: Vite in middleware mode, with hot reloading and on-the-fly SSR. */
export async function developmentRenderer(
  config: Config,
  port: () => number,
): Promise<WebRenderer> {
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
  return {
    mount(app) {
      app.use(vite.middlewares);
      app.get('/{*splat}', async (req, res, next) => {
        try {
          const raw = readFileSync(path.join(webDir, 'index.html'), 'utf8');
          const template = await vite.transformIndexHtml(req.originalUrl, raw);
          await respond(
            req,
            res,
            config,
            template,
            () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<ServerEntry>,
            port,
          );
        } catch (error) {
          vite.ssrFixStacktrace(error as Error);
          next(error);
        }
      });
    },
  };
}
