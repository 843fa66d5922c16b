import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { RestoreKeeper } from './event-store/backup.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { Projection, StoredEvent, Subscription } from './event-store/types.ts';
import type { RouteDef } from './http/index.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';
import type { NamedPersonalDataSource, PersonalDataSource } from './personal-data/sources.ts';

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
  /**
   * Jobs the worker runs on a clock (pg-boss `schedule`), each on a queue of its own: the
   * queue and its cron here, so the queues exist; their handlers in `scheduledJobs`, loaded by
   * the worker only.
   */
  schedules?: Schedule[];
  scheduledJobs?(): Promise<ScheduledHandler[]>;
  /** Public pages this module adds to sitemap.xml (published content only). */
  sitemap?(db: Db): Promise<SitemapEntry[]>;
  /**
   * What it holds about a person, found by e-mail, and how to erase it (the privacy screen,
   * erasure and retention reach it through the composition).
   */
  personalData?: PersonalDataSource;
  /** What `make restore` must not undo of the module's events (erasures, unsubscribes). */
  keptAcrossRestore?: RestoreKeeper;
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
  /** Every module's personal-data source (the privacy module's erasure and retention jobs). */
  personalData?: NamedPersonalDataSource[];
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

/** A job pg-boss creates on a clock (`cron`, in UTC) in its own queue. */
export interface Schedule {
  queue: string;
  cron: string;
}

/** The worker's handler of a schedule's jobs: it may run twice, so it must be idempotent. */
export interface ScheduledHandler {
  queue: string;
  run(ctx: WorkerContext, now: Date): Promise<void>;
}
