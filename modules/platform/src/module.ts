import type { Config } from './config.ts';
import type { Db } from './db.ts';
import type { EventStore } from './event-store/event-store.ts';
import type { Projection, StoredEvent, Subscription } from './event-store/types.ts';
import type { RouteDef } from './http/index.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail.ts';

/** What a business module gives the API: its routes, read models and worker subscriptions. */
export interface ServerModule {
  name: string;
  routes: RouteDef[];
  projections: Projection[];
  subscriptions: Subscription[];
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
}
