import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { Projection, StoredEvent, Subscription } from './event-store/types.ts';
import type { RouteDef } from './http/index.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';

/** What a business module gives the API and the worker, listed once in @kw/composition. */
export interface ServerModule {
  /** The module's folder under modules/ (and its package, @kw/<name>). */
  name: string;
  routes: RouteDef[];
  projections: Projection[];
  subscriptions: Subscription[];
  /** Tables the module owns besides its projections' (auth's credentials). */
  tables?: string[];
  /**
   * A folder of the module's own migrations, `new URL('./migrations/', import.meta.url)`,
   * applied with db/migrations in name order (YYYYMMDD_NNNN_name.ts).
   */
  migrations?: URL;
  /**
   * The worker's handlers for the subscriptions, as `() => import('./jobs.ts')…`: only the
   * worker calls it, so the API never loads worker-only code (geoip-lite, the e-mails).
   */
  jobs?(): Promise<EventHandler[]>;
  /**
   * Work the worker does once when it starts, in the background (media: the renditions of
   * images uploaded before they existed). It may run in several workers at once.
   */
  atWorkerStart?(ctx: WorkerContext): Promise<void>;
  /**
   * Brings the module's data up to date through its own commands, after the migrations (the
   * migrate step: `make migrate`, `make run`): what every item must now have, given to the
   * items made before (careers: a slug for each job). Safe to repeat; nothing to do is a no-op.
   */
  upgrade?(store: EventStore): Promise<void>;
  /** Public pages this module adds to sitemap.xml (published content only). */
  sitemap?(db: Db): Promise<SitemapEntry[]>;
}

export interface SitemapEntry {
  /** Path below PUBLIC_URL, such as /blog/my-post. */
  path: string;
  lastModified?: Date;
}

export interface WorkerContext {
  config: Config;
  db: Db;
  store: EventStore;
  logger: Logger;
  mailer: Mailer;
}

/** A worker handler for one subscription's queue. It may run twice: it must be idempotent. */
export interface EventHandler {
  queue: string;
  handle(event: StoredEvent, ctx: WorkerContext): Promise<void>;
  /**
   * Optional: the events of a batch of jobs at once, all or nothing (an async projection
   * applies them in one transaction). When it throws, the worker runs `handle` for each job
   * instead, so the one that fails is retried alone.
   */
  handleBatch?(events: StoredEvent[], ctx: WorkerContext): Promise<void>;
}
