import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_COOKIE } from '@kw/auth';
import type { Db, Logger } from '@kw/platform';
import type { RequestHandler } from 'express';
import { AnswerCache, type StoredAnswer, sendAnswer, storeAnswer } from './answer-cache.ts';
import type { ContentFreshness, Dependency } from './freshness.ts';
import { type PublicRead, publicRead, scopesOf } from './public-reads.ts';

// What a visitor reads most, kept ready to send: the server-rendered pages and the public lists,
// each with the generations of the content it shows (see freshness.ts). The first middleware of
// the app answers from here, before logging, security headers (sent as they were computed once)
// and routing; anything else, or anything stale, goes on through the app as before.

/** Answers at most this many bytes (all their forms) unless told otherwise: a few hundred pages. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

export interface CachedEntry {
  answer: StoredAnswer;
  dependencies: readonly Dependency[];
}

/** What the renderer made of a path: a page to keep, or an answer sent as it is (404, redirect). */
export type Rendered =
  | { cacheable: true; html: string; dependencies: readonly Dependency[] }
  | Uncached;

export interface Uncached {
  cacheable: false;
  status: number;
  html: string;
  redirect?: string | undefined;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  // Stored by the browser, but asked again each time (a 304 while the ETag holds).
  'Cache-Control': 'no-cache',
};
const LIST_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-cache',
};

const REQUEST_ID = /^[\w.-]{1,100}$/;

/** The request's own id when it brings a sound one, else a new one (as the logger's). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** A token, or the administrator's session cookie: the request may see drafts. */
function hasCredentials(req: IncomingMessage): boolean {
  if (req.headers.authorization) return true;
  const cookie = req.headers.cookie;
  return cookie?.includes(`${SESSION_COOKIE}=`) === true;
}

/** The path of a URL, without its query: pages are the same whatever the query says. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export class PublicCache {
  private readonly answers: AnswerCache<CachedEntry>;
  private readonly pending = new Map<string, Promise<CachedEntry | undefined>>();
  private readonly debug: boolean;

  readonly freshness: ContentFreshness;
  private readonly db: Db;
  private readonly logger: Logger;

  constructor(freshness: ContentFreshness, db: Db, logger: Logger, maxBytes = DEFAULT_CACHE_BYTES) {
    this.freshness = freshness;
    this.db = db;
    this.logger = logger;
    this.answers = new AnswerCache(maxBytes);
    this.debug = logger.isLevelEnabled('debug');
  }

  get size() {
    return this.answers.size;
  }

  /** Sends a page made by the renderer (in the app, past the security headers and the logger). */
  sendPage(req: IncomingMessage, res: ServerResponse, entry: CachedEntry, verdict: 'hit' | 'miss') {
    sendAnswer(req, res, entry.answer, ['X-Page-Cache', verdict]);
  }

  /** The entry under this key if it still shows the content as it is. */
  private fresh(key: string): CachedEntry | undefined {
    const entry = this.answers.get(key);
    return entry && this.freshness.fresh(entry.dependencies) ? entry : undefined;
  }

  /**
   * Answers a GET or HEAD from memory when a fresh page or list is kept for it, with the given
   * security headers; false when it did not (nothing is sent). The app calls it before express
   * prepares the request (see app.ts), so a hit costs no routing.
   */
  answerFresh(
    req: IncomingMessage,
    res: ServerResponse,
    securityHeaders: readonly string[],
  ): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    let entry: CachedEntry | undefined;
    if (url.startsWith('/api/')) {
      const read = publicRead(url);
      if (!read?.list || (!read.sameForAdmin && hasCredentials(req))) return false;
      entry = this.fresh(`list:${url}`);
    } else {
      entry = this.fresh(`page:${pathOf(url)}`);
    }
    if (!entry) return false;
    this.send(req, res, entry, 'hit', securityHeaders);
    return true;
  }

  /**
   * The app's first middleware: answers a fresh page or list from memory with the given
   * security headers, makes a missing or stale list, and lets everything else through.
   */
  middleware(securityHeaders: readonly string[]): RequestHandler {
    return (req, res, next) => {
      if (this.answerFresh(req, res, securityHeaders)) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const url = req.url;
      const read = url.startsWith('/api/') ? publicRead(url) : undefined;
      if (!read?.list || (!read.sameForAdmin && hasCredentials(req))) return next();
      const key = `list:${url}`;
      this.makeList(key, read).then(
        (made) => this.send(req, res, made, 'miss', securityHeaders),
        (error) => {
          this.logger.warn({ err: error, url }, 'public list: cannot make it; the route answers');
          next();
        },
      );
    };
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedEntry,
    verdict: 'hit' | 'miss',
    securityHeaders: readonly string[],
  ): void {
    const id = requestIdOf(req);
    sendAnswer(req, res, entry.answer, [
      ...securityHeaders,
      'X-Request-Id',
      id,
      'X-Page-Cache',
      verdict,
    ]);
    // Cheap: the answers from memory are logged at debug only (LOG_LEVEL=debug).
    if (this.debug)
      this.logger.debug(
        {
          reqId: id,
          req: { method: req.method, url: req.url },
          res: { statusCode: res.statusCode },
        },
        `from the cache (${verdict})`,
      );
  }

  /** One list's answer made once however many ask at the same moment, and kept. */
  private async makeList(key: string, read: PublicRead): Promise<CachedEntry> {
    return this.once(key, async () => {
      const dependencies: Dependency[] = scopesOf(read).map((scope) => [
        scope,
        this.freshness.generation(scope),
      ]);
      const result = await read.load(this.db);
      if (result.status !== 200) throw new Error(`the list answered ${result.status}`);
      const answer = await storeAnswer(200, LIST_HEADERS, JSON.stringify(result.data));
      const entry = { answer, dependencies };
      this.answers.set(key, entry);
      return entry;
    }) as Promise<CachedEntry>;
  }

  /**
   * A page: from memory when fresh, else rendered (once for all who ask at the same moment) and
   * kept when it may be. Undefined when the page is not one to keep (the renderer answers it).
   */
  async page(
    path: string,
    render: () => Promise<Rendered>,
    options: { pin?: boolean } = {},
  ): Promise<{ entry: CachedEntry; verdict: 'hit' | 'miss' } | { uncached: Uncached }> {
    const key = `page:${path}`;
    const cached = this.fresh(key);
    if (cached) return { entry: cached, verdict: 'hit' };
    let uncached: Uncached | undefined;
    const made = await this.once(key, async () => {
      const rendered = await render();
      if (!rendered.cacheable) {
        uncached = rendered;
        return undefined;
      }
      const answer = await storeAnswer(200, PAGE_HEADERS, rendered.html);
      const entry = { answer, dependencies: rendered.dependencies };
      this.answers.set(key, entry, { pin: options.pin && entry.dependencies.length === 0 });
      return entry;
    });
    // Without an entry, this call rendered the page itself (see once).
    return made ? { entry: made, verdict: 'miss' } : { uncached: uncached! };
  }

  /**
   * Runs `make` once per key at a time. One who joins a making that began before a change it
   * must see (its entry is already stale when it ends), or that kept nothing, makes it again.
   */
  private async once(
    key: string,
    make: () => Promise<CachedEntry | undefined>,
  ): Promise<CachedEntry | undefined> {
    const running = this.pending.get(key);
    if (running) {
      const joined = await running.catch(() => undefined);
      if (joined && this.freshness.fresh(joined.dependencies)) return joined;
    }
    const mine = make().finally(() => {
      if (this.pending.get(key) === mine) this.pending.delete(key);
    });
    this.pending.set(key, mine);
    return mine;
  }
}
