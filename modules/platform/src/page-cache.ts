import pg from 'pg';
import type { Db, Trx } from './db.ts';
import { RATE_LIMIT_COUNTERS } from './http/rate-limit.ts';
import type { Logger } from './logger.ts';
import { ERASED_SUBJECTS, PERSONAL_KEYS } from './personal-data/keys.ts';

// The server keeps the HTML of public pages and the answers of public lists while the content
// they show is unchanged. Platform owns what says so: a revision per kind of content ('blog',
// 'case-studies', 'careers'), moved in the transaction of the event that changed it, with a
// NOTIFY that every API process hears at the commit. Each process keeps the revisions it heard
// in memory (`ContentWatch`), so deciding whether a page is fresh costs no query. The table is
// not a projection's: a replay must never take a revision back, or a page cached at the old
// number would be served again.

export const CONTENT_REVISIONS = 'content_revisions';

/** The NOTIFY channel; each notification's payload is the kind and its new revision: 'blog:12'. */
export const CONTENT_CHANNEL = 'content_changed';

/**
 * The tables platform itself owns, that no module's projection declares (for the
 * architecture test's table → owner map).
 */
export const platformTables = [
  'events',
  'worker_heartbeat',
  CONTENT_REVISIONS,
  RATE_LIMIT_COUNTERS,
  PERSONAL_KEYS,
  ERASED_SUBJECTS,
] as const;

type CommitListener = (scope: string, revision: number) => void;

/** The watches of this process, by the connection settings of the pool they watch. */
const localWatches = new WeakMap<object, Set<CommitListener>>();

/** The connection settings object a pool and all its transactions share (knex copies it by reference). */
const poolIdentity = (db: Db | Trx): object => db.client.config as object;

/** The write that moves a kind's revision (its one binding: the kind); a rebuild notes it. */
export const MOVE_REVISION_SQL = `insert into ${CONTENT_REVISIONS} (scope, revision) values (?, 1)
     on conflict (scope) do update set revision = ${CONTENT_REVISIONS}.revision + 1`;

/**
 * Moves one kind of content's revision, in the transaction of the event that changed it, and
 * announces it: PostgreSQL delivers the NOTIFY to every listening process when (and only if)
 * the transaction commits. A watch of this same process on this same pool also hears it as soon
 * as the commit returns, before the command's caller goes on, so the writer's next read never
 * races its own notification (which it then knows, by the revision, to have heard already).
 *
 * Two statements, the write on its own: a rebuild, which replays the projections without
 * touching the live tables, notes which kinds that write moves (a notification of the
 * unchanged revision meanwhile is news to nobody), and in the swap's transaction bumps once
 * each of those whose rebuilt tables differ from the live ones.
 */
export async function bumpContentRevision(trx: Trx, scope: string): Promise<void> {
  await trx.raw(MOVE_REVISION_SQL, [scope]);
  const result = await trx.raw(
    `select revision, pg_notify('${CONTENT_CHANNEL}', scope || ':' || revision)
     from ${CONTENT_REVISIONS} where scope = ?`,
    [scope],
  );
  const revision = Number(result.rows?.[0]?.revision);
  const listeners = localWatches.get(poolIdentity(trx));
  if (!listeners?.size || !Number.isInteger(revision)) return;
  let outermost: Trx = trx;
  while (outermost.parentTransaction) outermost = outermost.parentTransaction;
  outermost.executionPromise?.then(
    () => {
      for (const listener of listeners) listener(scope, revision);
    },
    () => {}, // rolled back: nothing changed
  );
}

/** Every kind's revision. */
export async function contentRevisions(db: Db | Trx): Promise<Map<string, number>> {
  const rows = await db(CONTENT_REVISIONS).select('scope', 'revision').orderBy('scope');
  return new Map(rows.map((r) => [r.scope as string, Number(r.revision)]));
}

/** Every kind's revision, as one stamp: 'blog=3,case-studies=1'. */
export async function contentRevisionStamp(db: Db | Trx): Promise<string> {
  const revisions = await contentRevisions(db);
  return [...revisions].map(([scope, revision]) => `${scope}=${revision}`).join(',');
}

export interface ContentWatchOptions {
  logger?: Logger | undefined;
  /**
   * While the notification connection is down: how often to read the revisions instead, and
   * to try to listen again (ms).
   */
  fallbackMs?: number;
}

/**
 * What this process knows of the content's revisions, kept in memory: a generation per kind,
 * moved when a NOTIFY arrives, when a commit of this process on the watched pool bumped it, and,
 * while the notification connection is lost, by reading the revisions every `fallbackMs` (and
 * once more when it listens again), so no change goes unnoticed for longer than that.
 */
export class ContentWatch {
  private readonly generations = new Map<string, number>();
  /** The newest revision heard of, per kind. */
  private readonly known = new Map<string, number>();
  private readonly listeners = new Set<(scope: string) => void>();
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly fallbackMs: number;
  private readonly logger: Logger | undefined;
  private readonly local: CommitListener = (scope, revision) => this.heard(scope, revision);

  private readonly url: string;
  private readonly db: Db;

  private constructor(url: string, db: Db, options: ContentWatchOptions) {
    this.url = url;
    this.db = db;
    this.fallbackMs = options.fallbackMs ?? 2000;
    this.logger = options.logger;
  }

  /** Starts listening; if the database refuses the connection, falls back to reading until it can. */
  static async start(
    url: string,
    db: Db,
    options: ContentWatchOptions = {},
  ): Promise<ContentWatch> {
    const watch = new ContentWatch(url, db, options);
    const key = poolIdentity(db);
    const set = localWatches.get(key) ?? new Set();
    set.add(watch.local);
    localWatches.set(key, set);
    if (!(await watch.listen())) watch.fallBack();
    return watch;
  }

  /** The kind's generation: it changes whenever its content may have changed. */
  generation(scope: string): number {
    return this.generations.get(scope) ?? 0;
  }

  /** Called with the kind each time its generation moves. */
  onChange(listener: (scope: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether notifications arrive (false while it reads the revisions instead). */
  get listening(): boolean {
    return this.client !== undefined;
  }

  /** The server process of the notification connection (for tests that cut it). */
  get backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    localWatches.get(poolIdentity(this.db))?.delete(this.local);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** Moves a kind's generation (also when a scheduled item comes due: see the page cache). */
  changed(scope: string): void {
    this.generations.set(scope, this.generation(scope) + 1);
    for (const listener of this.listeners) listener(scope);
  }

  private async listen(): Promise<boolean> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'kw-content-watch',
      keepAlive: true,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel !== CONTENT_CHANNEL || !message.payload) return;
      const colon = message.payload.lastIndexOf(':');
      const revision = Number(message.payload.slice(colon + 1));
      if (colon > 0 && Number.isInteger(revision))
        this.heard(message.payload.slice(0, colon), revision);
    });
    try {
      await client.connect();
      await client.query(`listen ${CONTENT_CHANNEL}`);
      if (this.stopped) {
        await client.end();
        return true;
      }
      this.client = client;
      // Whatever committed before the LISTEN took effect is found here.
      await this.compare();
      return true;
    } catch (error) {
      this.logger?.warn({ err: error }, 'content watch: cannot listen; reading revisions instead');
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      return false;
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client || this.stopped) return;
    this.client = undefined;
    this.logger?.warn(
      { err: error },
      'content watch: notification connection lost; reading revisions until it is back',
    );
    client.end().catch(() => {});
    this.fallBack();
  }

  /** Every `fallbackMs`: read the revisions (a change moves its generation), then try to listen again. */
  private fallBack(): void {
    if (this.stopped) return;
    this.timer = setTimeout(async () => {
      await this.compare().catch((error) =>
        this.logger?.warn({ err: error }, 'content watch: cannot read the revisions'),
      );
      if (!(await this.listen())) this.fallBack();
    }, this.fallbackMs);
    this.timer.unref();
  }

  /** A revision committed: news unless a notification or this process's commit told it already. */
  private heard(scope: string, revision: number): void {
    if ((this.known.get(scope) ?? 0) >= revision) return;
    this.known.set(scope, revision);
    this.changed(scope);
  }

  /** Reads the revisions: each kind with a revision not heard of yet moves. */
  private async compare(): Promise<void> {
    for (const [scope, revision] of await contentRevisions(this.db)) this.heard(scope, revision);
  }
}
