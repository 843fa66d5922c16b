import { randomUUID } from 'node:crypto';
import { optionalAdmin } from '@kw/auth';
import { imageRenditions } from '@kw/media';
import type { ImageRenditions } from '@kw/media/contract';
import {
  type CommandHandler,
  ConcurrencyError,
  ConflictError,
  type Db,
  type DeletedItem,
  type EventMetadata,
  type EventOf,
  type EventSchemas,
  type EventStore,
  idSchema,
  isPgError,
  NotFoundError,
  PG_UNIQUE_VIOLATION,
  RESTORE_DAYS,
  recentlyDeleted,
  type StoredEvent,
  type Trx,
  ValidationError,
} from '@kw/platform';
import { created, type RouteDef, route } from '@kw/platform/http';
import { type ZodType, z } from 'zod';

// What a blog post and a case study have in common: a page a visitor sees once it is published,
// addressed by a slug no other item of its kind has, edited by the administrator with a check
// that nobody changed it meanwhile. Each module passes its own table, events and messages.

export type Audience = 'public' | 'admin';

/** What the decisions need to know of an item's history. */
export interface PublishableState {
  exists: boolean;
  deleted: boolean;
  published: boolean;
  slug: string | null;
  /** How many events the stream has: the version an editor must have loaded. */
  version: number;
}

export const NOTHING_PUBLISHED: PublishableState = {
  exists: false,
  deleted: false,
  published: false,
  slug: null,
  version: 0,
};

/** How each kind of event moves the shared part of the state. */
export function evolvePublishable(
  state: PublishableState,
  change: { saved: string } | { restored: string } | 'published' | 'unpublished' | 'deleted',
): PublishableState {
  const version = state.version + 1;
  if (typeof change === 'object' && 'restored' in change)
    return { ...state, exists: true, deleted: false, slug: change.restored, version };
  if (change === 'published') return { ...state, published: true, version };
  if (change === 'unpublished') return { ...state, published: false, version };
  if (change === 'deleted') return { ...state, deleted: true, published: false, version };
  return { ...state, exists: true, slug: (change as { saved: string }).saved, version };
}

// ── Versions and restore ─────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

/** What a restore needs of an item's history: its content after each version, and when it was deleted. */
export interface Versioned<F> {
  /** The content fields after each event: `contents[v - 1]` is version v's. */
  contents: readonly (F | null)[];
  /** When the latest deletion happened (null: not deleted, or a spec's event without a time). */
  deletedAt: string | null;
}

export const NO_VERSIONS: Versioned<never> = { contents: [], deletedAt: null };

/** The next `Versioned` after one event: its content when it carries one, else the last. */
export function evolveVersions<F>(
  state: Versioned<F>,
  event: object,
  content: F | undefined,
  deleted: boolean,
): Versioned<F> {
  const at = 'occurredAt' in event && event.occurredAt instanceof Date ? event.occurredAt : null;
  return {
    contents: [...state.contents, content ?? state.contents.at(-1) ?? null],
    deletedAt: deleted ? (at?.toISOString() ?? null) : content ? null : state.deletedAt,
  };
}

/**
 * The content of `fromVersion` to restore, or why not: the item must exist (a deleted one for
 * 30 days), the editor must have loaded the current version, and the version must hold content.
 */
export function contentToRestore<F>(
  state: PublishableState & Versioned<F>,
  streamId: string,
  noun: string,
  fromVersion: number,
  now: Date,
  expected: number | undefined,
): F {
  if (!state.exists) throw new NotFoundError(`${noun} not found`);
  if (expected !== undefined && expected !== state.version)
    throw new ConcurrencyError(streamId, expected, state.version);
  if (
    state.deleted &&
    state.deletedAt &&
    now.getTime() - new Date(state.deletedAt).getTime() > RESTORE_DAYS * DAY_MS
  )
    throw new NotFoundError(
      `${noun} was deleted more than ${RESTORE_DAYS} days ago and can no longer be restored`,
    );
  const content =
    Number.isInteger(fromVersion) && fromVersion >= 1 && fromVersion <= state.version
      ? state.contents[fromVersion - 1]
      : undefined;
  if (!content)
    throw new ValidationError([
      { path: 'fromVersion', message: `${noun} has no version ${fromVersion} to restore` },
    ]);
  return content;
}

/** The version a deleted item is brought back to: the one before its deletion. */
export function versionBeforeDeletion(state: PublishableState, noun: string): number {
  if (!state.exists) throw new NotFoundError(`${noun} not found`);
  if (!state.deleted) throw new ConflictError(`This ${noun.toLowerCase()} is not deleted`);
  return state.version - 1;
}

export { type DeletedKind, RESTORE_DAYS, recentlyDeleted } from '@kw/platform';

/** How a kind names its deletion and restore events. */
export interface RemovableKind<F, E> {
  /** How messages name one item: 'Blog post'. */
  noun: string;
  stream(id: string): string;
  deleted(id: string, slug: string): E;
  restored(id: string, fromVersion: number, content: F): E;
  /** The deletion event's type and the stream's prefix, for "Recently deleted". */
  deletedType: string;
  streamPrefix: string;
  fold(history: readonly StoredEvent[]): PublishableState & Versioned<F>;
}

/**
 * The deletion and restore decisions of a kind (pure: a stale `expectedVersion` is refused like a
 * stale edit; a restore brings version `fromVersion`'s content back as a new event, the
 * publication staying as it is), and its items deleted in the last 30 days.
 */
export function removableDecisions<F extends { title: string; slug: string }, E>(
  kind: RemovableKind<F, E>,
) {
  const notFound = `${kind.noun} not found`;
  return {
    decideRemove(state: PublishableState, id: string, expectedVersion?: number): E[] {
      assertEditable(state, kind.stream(id), notFound, expectedVersion);
      return [kind.deleted(id, state.slug ?? '')];
    },
    decideRestore(
      state: PublishableState & Versioned<F>,
      id: string,
      fromVersion: number,
      now: Date,
      expectedVersion?: number,
    ): E[] {
      const stream = kind.stream(id);
      const content = contentToRestore(state, stream, kind.noun, fromVersion, now, expectedVersion);
      return [kind.restored(id, fromVersion, content)];
    },
    recentlyDeleted: (store: EventStore, now: Date) =>
      recentlyDeleted(
        store,
        {
          deletedType: kind.deletedType,
          streamPrefix: kind.streamPrefix,
          fold: kind.fold,
          describeDeleted: (state) => {
            const content = state.contents.at(-1);
            return state.deleted && content ? { title: content.title, slug: content.slug } : null;
          },
        },
        now,
      ),
  };
}

/** An edit or a deletion needs the item to exist; `expected` is the version the editor loaded. */
export function assertEditable(
  state: PublishableState,
  streamId: string,
  notFound: string,
  expected: number | undefined,
): void {
  if (!state.exists || state.deleted) throw new NotFoundError(notFound);
  // A stale editor is refused with the same 409 the store gives a lost race.
  if (expected !== undefined && expected !== state.version)
    throw new ConcurrencyError(streamId, expected, state.version);
}

/** Which way the publish switch moved, if it did. */
export function publicationChange(
  state: PublishableState,
  published: boolean,
): 'published' | 'unpublished' | null {
  if (published && !state.published) return 'published';
  if (!published && state.published) return 'unpublished';
  return null;
}

const slugTaken = (noun: string, slug: string) =>
  `A ${noun.toLowerCase()} with the slug "${slug}" already exists. Choose another slug.`;

async function findIdBySlug(
  db: Db | Trx,
  table: string,
  slug: string,
): Promise<string | undefined> {
  const row = await db<{ id: string; slug: string }>(table).where({ slug }).first('id');
  return row?.id;
}

export interface SaveOptions {
  /** The item to edit; without it, a new one (or, with `upsertBySlug`, the one of that slug). */
  id?: string | undefined;
  /** The importers: a second import of the same item updates it. */
  upsertBySlug?: boolean;
  /** Join the caller's transaction (an import is all or nothing). */
  trx?: Trx | undefined;
}

export interface Saved {
  id: string;
  created: boolean;
}

/** How a module names its kind of item, where its rows live, and how it decides. */
export interface PublishableKind<Input, State, F, S extends EventSchemas>
  extends Omit<RemovableKind<F, EventOf<S>>, 'fold'> {
  /** The module's own table, whose slugs are unique. */
  table: string;
  handle: CommandHandler<State, S>;
  create(id: string, input: Input, now: Date): EventOf<S>[];
  update(state: State, id: string, input: Input, now: Date): EventOf<S>[];
}

/** The save and remove commands of a kind, through the one command path. */
export function publishableCommands<
  Input extends { slug: string },
  State extends PublishableState & Versioned<F>,
  F extends { title: string; slug: string },
  S extends EventSchemas,
>(kind: PublishableKind<Input, State, F, S>) {
  const decisions = removableDecisions<F, EventOf<S>>({ ...kind, fold: kind.handle.fold });
  return {
    ...decisions,
    /**
     * Creates an item, or edits one (by id, or by slug for the importers). A slug taken by
     * another item, found before or lost in a race on the unique index, is the same clear 409.
     */
    async save(
      store: EventStore,
      input: Input,
      metadata: EventMetadata,
      options: SaveOptions & { now?: Date } = {},
    ): Promise<Saved> {
      const db = options.trx ?? store.db;
      const now = options.now ?? new Date();
      const command = { metadata, trx: options.trx };
      let id = options.id;
      if (!id && options.upsertBySlug) id = await findIdBySlug(db, kind.table, input.slug);
      const itemId = id ?? randomUUID();
      try {
        const owner = await findIdBySlug(db, kind.table, input.slug);
        if (owner && owner !== itemId) throw new ConflictError(slugTaken(kind.noun, input.slug));
        if (id) {
          const decide = (state: State) => kind.update(state, itemId, input, now);
          await kind.handle(store, kind.stream(itemId), decide, command);
        } else {
          const decide = () => kind.create(itemId, input, now);
          await kind.handle(store, kind.stream(itemId), decide, { ...command, newStream: true });
        }
        return { id: itemId, created: !id };
      } catch (error) {
        if (isPgError(error, PG_UNIQUE_VIOLATION))
          throw new ConflictError(slugTaken(kind.noun, input.slug));
        throw error;
      }
    },
    /** `expectedVersion`: the version the administrator's list showed, when it sent one. */
    remove(
      store: EventStore,
      id: string,
      expectedVersion: number | undefined,
      metadata: EventMetadata,
    ) {
      const decide = (state: State) => decisions.decideRemove(state, id, expectedVersion);
      return kind.handle(store, kind.stream(id), decide, { metadata });
    },
    /**
     * Restores version `fromVersion` of an item (`'before-deletion'`: a deleted item back as
     * it was), as a new event. A slug another item took meanwhile is the usual clear 409.
     */
    async restore(
      store: EventStore,
      id: string,
      fromVersion: number | 'before-deletion',
      expectedVersion: number | undefined,
      metadata: EventMetadata,
      now: Date = new Date(),
    ): Promise<{ slug: string; version: number }> {
      let slug = '';
      const decide = (state: State) => {
        const from =
          fromVersion === 'before-deletion' ? versionBeforeDeletion(state, kind.noun) : fromVersion;
        const events = decisions.decideRestore(state, id, from, now, expectedVersion);
        slug = String((events[0]?.data as { slug?: unknown } | undefined)?.slug ?? '');
        return events;
      };
      try {
        return await store.db.transaction(async (trx) => {
          const result = await kind.handle(store, kind.stream(id), decide, { metadata, trx });
          return { slug, version: result.version };
        });
      } catch (error) {
        if (isPgError(error, PG_UNIQUE_VIOLATION))
          throw new ConflictError(slugTaken(kind.noun, slug));
        throw error;
      }
    },
  };
}

/** How one event changes its item's row: the insert (once), an update, or the removal. */
export function publishableRows(trx: Trx, table: string, event: StoredEvent) {
  const meta = { updated_at: event.occurredAt, version: event.version };
  return {
    insert: (id: string, columns: Record<string, unknown>) =>
      trx(table)
        .insert({ id, ...columns, created_at: event.occurredAt, ...meta })
        .onConflict('id')
        .ignore(),
    update: (id: string, columns: Record<string, unknown>) =>
      trx(table)
        .where({ id })
        .update({ ...columns, ...meta }),
    remove: (id: string) => trx(table).where({ id }).delete(),
    /** A restored version: the row back (a deleted item comes back unpublished) or updated. */
    restore: (id: string, columns: Record<string, unknown>) =>
      trx(table)
        .insert({ id, ...columns, published: false, created_at: event.occurredAt, ...meta })
        .onConflict('id')
        .merge({ ...columns, ...meta }),
  };
}

/** The content fields both kinds record, as columns. */
export function publishableColumns(d: {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  tags: string[];
  seoTitle: string;
  seoDescription: string;
}) {
  return {
    title: d.title,
    slug: d.slug,
    content: d.content,
    excerpt: d.excerpt,
    featured_image: d.featuredImage,
    tags: JSON.stringify(d.tags),
    seo_title: d.seoTitle,
    seo_description: d.seoDescription,
  };
}

/** The columns every publishable row has. */
export interface PublishableRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  featured_image: string;
  tags: string[];
  published: boolean;
  seo_title: string;
  seo_description: string;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** The shared fields of an item, as the API answers them. */
/**
 * Items with their featured image's size and renditions (the media library's, one query for
 * all): the pages show it as a <picture> with a srcset and reserve its box.
 */
export async function withRenditions<T extends { featuredImage: string }>(
  db: Db,
  items: T[],
): Promise<(T & { featuredImageRenditions: ImageRenditions | null })[]> {
  const found = await imageRenditions(
    db,
    items.map((item) => item.featuredImage),
  );
  return items.map((item) => ({
    ...item,
    featuredImageRenditions: found[item.featuredImage] ?? null,
  }));
}

export function publishableFields(row: PublishableRow) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featured_image,
    tags: row.tags,
    published: row.published,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

const slugParams = z.object({ slug: z.string().min(1).max(300) });
const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
const restoreBody = z.object({
  fromVersion: z.number().int().min(1),
  version: z.number().int().min(0).optional(),
});

/** The importers' body: the pasted document. */
export const sourceBody = (max: number, tooLarge: string) =>
  z.object({ source: z.string().max(max, tooLarge) });

/**
 * The five routes of a kind of publishable item: the list and one item for everyone (drafts
 * only for the administrator), create, edit and delete for the administrator.
 */
export function publishableRoutes<Item, Input extends { slug: string }>(kind: {
  /** Where its API lives: '/api/blog'. */
  path: string;
  /** How messages name one item: 'Blog post'. */
  noun: string;
  /** How the API's documentation names several: 'posts'. */
  plural: string;
  input: ZodType<Input>;
  /** The most bytes the editor's JSON (create and edit) may take: `jsonBodyLimit` of its content. */
  bodyLimit: number;
  /** The public list carries what its cards show; the administrator's, whole items. */
  list(db: Db, audience: Audience): Promise<unknown[]>;
  find(db: Db, slug: string, audience: Audience): Promise<Item | undefined>;
  /** One item as its page shows it. */
  detail(item: Item): unknown;
  save(
    store: EventStore,
    input: Input,
    metadata: EventMetadata,
    options?: SaveOptions,
  ): Promise<Saved>;
  remove(
    store: EventStore,
    id: string,
    expectedVersion: number | undefined,
    metadata: EventMetadata,
  ): Promise<unknown>;
  restore(
    store: EventStore,
    id: string,
    fromVersion: number | 'before-deletion',
    expectedVersion: number | undefined,
    metadata: EventMetadata,
  ): Promise<{ slug: string; version: number }>;
  /** "Recently deleted": its path (`/api/admin/deleted/posts`) and the list. */
  deleted: { path: string; list(store: EventStore, now: Date): Promise<DeletedItem[]> };
}): RouteDef[] {
  const idParams = z.object({ id: idSchema(`Unknown ${kind.noun.toLowerCase()}`) });
  return [
    route({
      method: 'get',
      path: kind.path,
      access: 'public',
      docs: {
        query: z.object({ published: z.enum(['true', 'false']).optional() }),
        description: `Visitors get published ${kind.plural}; the administrator gets all unless \`published=true\`. The published list carries only the list page's card fields (the excerpt's fallback made on the server) with an ETag; the administrator's list carries whole records.`,
      },
      async handler({ req, services }) {
        // Without an administrator, published items only, whatever the query string says.
        const admin = await optionalAdmin(services, req);
        const onlyPublished = !admin || req.query.published === 'true';
        return kind.list(services.db, onlyPublished ? 'public' : 'admin');
      },
    }),
    route({
      method: 'get',
      path: `${kind.path}/:slug`,
      access: 'public',
      params: slugParams,
      async handler({ req, params, services }) {
        const admin = await optionalAdmin(services, req);
        const item = await kind.find(services.db, params.slug, admin ? 'admin' : 'public');
        if (!item) throw new NotFoundError(`${kind.noun} not found`);
        return kind.detail(item);
      },
    }),
    route({
      method: 'post',
      path: kind.path,
      access: 'admin',
      body: kind.input,
      bodyLimit: kind.bodyLimit,
      async handler({ body, services, metadata }) {
        await kind.save(services.store, body, metadata);
        return created(await kind.find(services.db, body.slug, 'admin'));
      },
    }),
    route({
      method: 'put',
      path: `${kind.path}/:id`,
      access: 'admin',
      params: idParams,
      body: kind.input,
      bodyLimit: kind.bodyLimit,
      async handler({ body, params, services, metadata }) {
        await kind.save(services.store, body, metadata, { id: params.id });
        return kind.find(services.db, body.slug, 'admin');
      },
    }),
    route({
      method: 'delete',
      path: `${kind.path}/:id`,
      access: 'admin',
      params: idParams,
      query: versionQuery,
      async handler({ params, query, services, metadata }) {
        await kind.remove(services.store, params.id, query.version, metadata);
        return { message: `${kind.noun} deleted` };
      },
    }),
    route({
      method: 'post',
      path: `${kind.path}/:id/restore`,
      access: 'admin',
      params: idParams,
      body: restoreBody,
      docs: {
        description: `Brings back one version of a ${kind.noun.toLowerCase()} (its content and fields) as a new event; \`version\` is the one the editor loaded.`,
      },
      async handler({ body, params, services, metadata }) {
        const { slug } = await kind.restore(
          services.store,
          params.id,
          body.fromVersion,
          body.version,
          metadata,
        );
        return kind.find(services.db, slug, 'admin');
      },
    }),
    route({
      method: 'post',
      path: `${kind.path}/:id/undelete`,
      access: 'admin',
      params: idParams,
      docs: {
        description: `Brings back a ${kind.noun.toLowerCase()} deleted in the last 30 days, unpublished, as it was before its deletion.`,
      },
      async handler({ params, services, metadata }) {
        const { slug } = await kind.restore(
          services.store,
          params.id,
          'before-deletion',
          undefined,
          metadata,
        );
        return kind.find(services.db, slug, 'admin');
      },
    }),
    route({
      method: 'get',
      path: kind.deleted.path,
      access: 'admin',
      async handler({ services }) {
        return kind.deleted.list(services.store, new Date());
      },
    }),
  ];
}
