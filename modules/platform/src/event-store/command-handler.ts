import type { Db, Trx } from '../db.ts';
import { ConcurrencyError } from '../errors.ts';
import type { Mailer, MailMessage } from '../mail.ts';
import type { EventCatalogue, EventOf, EventSchemas, StoredEventOf } from './catalogue.ts';
import { type EventStore, lockStream } from './event-store.ts';
import type { AppendGate, EventMetadata, StoredEvent } from './types.ts';

/** How a stream's history folds into what a decision needs to know (emmett's `Decider`). */
export interface Decider<State, S extends EventSchemas> {
  events: EventCatalogue<S>;
  initialState(): State;
  evolve(state: State, event: StoredEventOf<S>): State;
}

export interface CommandOptions {
  metadata: EventMetadata;
  /** Join the caller's transaction. */
  trx?: Trx;
  /** The stream must not exist yet (a create): a second create is a conflict. */
  newStream?: boolean;
  /**
   * Decide again on the fresh history when another writer appended meanwhile (the worker's
   * bookkeeping), so an administrator's click neither fails on it nor overwrites a real change.
   */
  retryOnConflict?: boolean;
  /** Run first by the append, and may stop it (a request's rate-limit count): see AppendGate. */
  gate?: AppendGate | undefined;
}

export interface CommandResult<State> {
  /** The state after the new events. */
  state: State;
  events: StoredEvent[];
  /** The stream's version after the command. */
  version: number;
}

export type Decide<State, S extends EventSchemas> = (
  state: State,
  stream: { version: number },
) => EventOf<S>[];

const MAX_ATTEMPTS = 3;

export type CommandHandler<State, S extends EventSchemas> = ((
  store: EventStore,
  streamId: string,
  decide: Decide<State, S>,
  options: CommandOptions,
) => Promise<CommandResult<State>>) & {
  /** Folds a history (read elsewhere, e.g. in a lock's transaction) into state. */
  fold(history: readonly StoredEvent[]): State;
  readonly decider: Decider<State, S>;
  /**
   * A fact whose recording depends on nothing the stream holds (a sign-in attempt, a session's
   * end): the pure `decide` gets only the command's own data, and its events are appended at
   * whatever version the stream is at. Simultaneous facts never clash, and none waits on
   * reading a stream that grows with every attempt.
   */
  record(
    store: EventStore,
    streamId: string,
    decide: () => EventOf<S>[],
    options: Omit<CommandOptions, 'newStream' | 'retryOnConflict'>,
  ): Promise<StoredEvent[]>;
};

/**
 * The one command path: read the stream, fold it to state, call the pure `decide`, append at
 * the version read. Routes and jobs never build events themselves.
 */
export function commandHandler<State, S extends EventSchemas>(
  decider: Decider<State, S>,
): CommandHandler<State, S> {
  const fold = (history: readonly StoredEvent[]) =>
    history.reduce(
      (state, event) => decider.evolve(state, decider.events.parse(event)),
      decider.initialState(),
    );
  const handle = async (
    store: EventStore,
    streamId: string,
    decide: Decide<State, S>,
    options: CommandOptions,
  ): Promise<CommandResult<State>> => {
    for (let attempt = 1; ; attempt++) {
      const history = options.newStream ? [] : await store.readStream(streamId, options.trx);
      const state = fold(history);
      const version = history.length;
      const events = decide(state, { version });
      try {
        const stored = await store.append(streamId, version, events, {
          metadata: options.metadata,
          ...(options.trx ? { trx: options.trx } : {}),
          ...(options.gate ? { gate: options.gate } : {}),
        });
        return {
          state: stored.reduce((s, e) => decider.evolve(s, decider.events.parse(e)), state),
          events: stored,
          version: version + stored.length,
        };
      } catch (error) {
        if (
          error instanceof ConcurrencyError &&
          options.retryOnConflict &&
          !options.newStream &&
          attempt < MAX_ATTEMPTS
        )
          continue;
        throw error;
      }
    }
  };
  const record: CommandHandler<State, S>['record'] = (store, streamId, decide, options) =>
    store.append(streamId, 'any', decide(), {
      metadata: options.metadata,
      ...(options.trx ? { trx: options.trx } : {}),
      ...(options.gate ? { gate: options.gate } : {}),
    });
  return Object.assign(handle, { fold, decider, record });
}

/**
 * An effect that must happen once per fact of a stream (an e-mail): under a lock on the
 * stream, its history is read and folded in the lock's transaction; `effect` checks whether
 * it is still owed, performs it and returns the events that record it, appended in the same
 * transaction. A second run, at the same moment or later, finds the record and does nothing.
 */
export async function onceForStream<State, S extends EventSchemas>(
  deps: { db: Db; store: EventStore },
  handler: CommandHandler<State, S>,
  streamId: string,
  effect: (state: State, trx: Trx) => Promise<EventOf<S>[]>,
  metadata: EventMetadata,
): Promise<StoredEvent[]> {
  return deps.db.transaction(async (trx) => {
    await lockStream(trx, streamId);
    const history = await deps.store.readStream(streamId, trx);
    const events = await effect(handler.fold(history), trx);
    // 'any': the lock keeps other runs of the effect out, not the stream's other writers (an
    // administrator's click); what was done is recorded whatever they appended meanwhile.
    return deps.store.append(streamId, 'any', events, { metadata, trx });
  });
}

/** What a send-once decision answers: the message, and the events that record it was sent. */
export interface OwedMail<S extends EventSchemas> {
  mail: MailMessage;
  recorded: EventOf<S>[];
}

/**
 * Every e-mail the worker sends goes through here: sent once per fact however often (or
 * however concurrently) its job runs. Should the commit fail after sending, the retry's
 * message has the same Message-ID, so it is recognisably the same one.
 */
export async function sendOnce<State, S extends EventSchemas>(
  deps: { db: Db; store: EventStore; mailer: Mailer },
  handler: CommandHandler<State, S>,
  streamId: string,
  owed: (state: State) => OwedMail<S> | null,
  metadata: EventMetadata,
): Promise<boolean> {
  let sent = false;
  await onceForStream(
    deps,
    handler,
    streamId,
    async (state) => {
      const due = owed(state);
      if (!due) return [];
      await deps.mailer.send(due.mail);
      sent = true;
      return due.recorded;
    },
    metadata,
  );
  return sent;
}
