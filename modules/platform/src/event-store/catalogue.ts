import type { ZodType, z } from 'zod';
import type { Trx } from '../db.ts';
import type { EventHandler, WorkerContext } from '../module.ts';
import { declarePersonalFields, type PersonalFields } from '../personal-data/fields.ts';
import type { PendingEvent, Projection, SqlPart, StoredEvent, Subscription } from './types.ts';

/** Each event type of a module, with the zod schema of its data. */
export type EventSchemas = Record<string, ZodType>;

/** A new event of a catalogue: `{ type, data }`, typed by its schema. */
export type EventOf<S extends EventSchemas> = {
  [K in keyof S & string]: { type: K; data: z.output<S[K]> };
}[keyof S & string];

/** A new stream's event of a catalogue, parsed, before it is stored (a projection's `statement`). */
export type PendingEventOf<S extends EventSchemas> = {
  [K in keyof S & string]: PendingEvent<K, z.output<S[K]>>;
}[keyof S & string];

/** A stored event of a catalogue, parsed: `type` narrows `data`. */
export type StoredEventOf<S extends EventSchemas> = {
  [K in keyof S & string]: StoredEvent<K, z.output<S[K]>>;
}[keyof S & string];

/** The events one module owns: what other modules import to react to them. */
export interface EventCatalogue<S extends EventSchemas = EventSchemas> {
  readonly schemas: S;
  readonly types: readonly (keyof S & string)[];
  /** Whether this catalogue declares the event type. */
  has(type: string): type is keyof S & string;
  /** Parses a stored event once, where it is read; throws when its type or data do not fit. */
  parse(event: StoredEvent): StoredEventOf<S>;
}

/**
 * Event data already parsed, by the data object read: an event handled by several projections
 * (or read again in its stream, in a rebuild) is parsed once per schema. The parsed data is
 * shared by those who read it, as the event they are given is: neither is changed.
 */
const parsedData = new WeakMap<object, { schema: ZodType; data: unknown }>();

export class UnknownEventError extends Error {
  override name = 'UnknownEventError';
}

/**
 * Declares a module's events as zod schemas (its `events.ts`), and which of their fields are
 * personal (`personal`): those are stored sealed under the person's key (crypto-shredding).
 */
export function defineEvents<const S extends EventSchemas>(
  schemas: S,
  options: { personal?: { [K in keyof S & string]?: PersonalFields } } = {},
): EventCatalogue<S> {
  if (options.personal) declarePersonalFields(options.personal as Record<string, PersonalFields>);
  const types = Object.keys(schemas) as (keyof S & string)[];
  const has = (type: string): type is keyof S & string => Object.hasOwn(schemas, type);
  return {
    schemas,
    types,
    has,
    parse(event) {
      if (!has(event.type)) {
        throw new UnknownEventError(
          `${event.type} (at ${event.position}) is not in this catalogue`,
        );
      }
      const schema = schemas[event.type]!;
      const known =
        typeof event.data === 'object' && event.data !== null
          ? parsedData.get(event.data)
          : undefined;
      if (known?.schema === schema) return { ...event, data: known.data } as StoredEventOf<S>;
      const result = schema.safeParse(event.data);
      if (!result.success) {
        throw new UnknownEventError(
          `${event.type} at ${event.position} does not fit its schema: ${result.error.message}`,
        );
      }
      if (typeof event.data === 'object' && event.data !== null)
        parsedData.set(event.data, { schema, data: result.data });
      return { ...event, data: result.data } as StoredEventOf<S>;
    },
  };
}

/** The one record of several catalogues' schemas (a union of records, made their intersection). */
type CombinedSchemas<C extends readonly { readonly schemas: EventSchemas }[]> = (
  C[number]['schemas'] extends infer U
    ? (U extends unknown ? (all: U) => void : never) extends (all: infer I) => void
      ? I
      : never
    : never
) extends infer S extends EventSchemas
  ? S
  : never;

/** Several modules' catalogues as one, for a reader of all of them (activity, analytics). */
export function combineEvents<const C extends readonly { readonly schemas: EventSchemas }[]>(
  ...catalogues: C
): EventCatalogue<CombinedSchemas<C>> {
  const schemas = Object.assign({}, ...catalogues.map((c) => c.schemas));
  return defineEvents(schemas) as EventCatalogue<CombinedSchemas<C>>;
}

/**
 * A read model of one catalogue's events: each event is parsed before `apply` sees it.
 * `handles` defaults to every event of the catalogue.
 */
export function defineProjection<S extends EventSchemas>(def: {
  name: string;
  mode: 'inline' | 'async';
  tables: string[];
  events: EventCatalogue<S>;
  handles?: readonly (keyof S & string)[];
  /**
   * An event whose person was erased (its personal fields read `[erased]`) is left out,
   * unless `erased: 'apply'` (a projection that keeps no personal field, such as counts).
   */
  erased?: 'skip' | 'apply';
  apply(trx: Trx, event: StoredEventOf<S>): Promise<void>;
  /** `apply` for several events in turn, in fewer statements (see Projection). */
  applyBatch?(trx: Trx, events: StoredEventOf<S>[]): Promise<void>;
  /** What `apply` does for a new stream's events, in the append's one statement (see Projection). */
  statement?(events: readonly PendingEventOf<S>[]): SqlPart | undefined;
}): Projection {
  const skipErased = (def.erased ?? 'skip') === 'skip';
  const { statement, applyBatch } = def;
  return {
    name: def.name,
    mode: def.mode,
    tables: def.tables,
    handles: def.handles ?? def.events.types,
    apply: async (trx, event) => {
      if (event.erased && skipErased) return;
      await def.apply(trx, def.events.parse(event));
    },
    ...(applyBatch
      ? {
          applyBatch: async (trx: Trx, events: readonly StoredEvent[]) => {
            const kept = events.filter((e) => !(e.erased && skipErased));
            if (kept.length > 0)
              await applyBatch(
                trx,
                kept.map((e) => def.events.parse(e)),
              );
          },
        }
      : {}),
    ...(statement
      ? {
          statement: (events: readonly PendingEvent[]) =>
            statement(
              events.map((e) => {
                const parsed = def.events.parse({
                  ...e,
                  position: 0,
                  streamType: '',
                  metadata: { actor: '' },
                  occurredAt: new Date(0),
                });
                return {
                  streamId: e.streamId,
                  version: e.version,
                  type: parsed.type,
                  data: parsed.data,
                } as PendingEventOf<S>;
              }),
            ),
        }
      : {}),
  };
}

/**
 * A queue's subscription to events of one catalogue, the module's own or another's (newsletter
 * to contact's `ContactNewsletterRequested`): the types are checked against the catalogue when
 * the code is compiled, so a misspelt one fails there rather than never queueing a job.
 */
export function defineSubscription<S extends EventSchemas>(def: {
  queue: string;
  events: EventCatalogue<S>;
  handles: readonly (keyof S & string)[];
  startAfter?(event: StoredEventOf<S>): Date | undefined;
  delayMs?: number;
}): Subscription {
  const { startAfter, events, ...rest } = def;
  return {
    ...rest,
    ...(startAfter ? { startAfter: (event: StoredEvent) => startAfter(events.parse(event)) } : {}),
  };
}

/**
 * A worker handler whose event is parsed against the catalogue before it runs. An event of a
 * person erased since is done with at once: nothing is owed to someone who is forgotten.
 */
export function defineHandler<S extends EventSchemas>(def: {
  queue: string;
  events: EventCatalogue<S>;
  handle(event: StoredEventOf<S>, ctx: WorkerContext): Promise<void>;
}): EventHandler {
  return {
    queue: def.queue,
    handle: async (event, ctx) => {
      if (event.erased) return;
      await def.handle(def.events.parse(event), ctx);
    },
  };
}
