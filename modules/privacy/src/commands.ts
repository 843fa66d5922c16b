import { createHash, randomBytes } from 'node:crypto';
import {
  commandHandler,
  type EventMetadata,
  type EventStore,
  normaliseEmail,
  RETENTION_KINDS,
  type RetentionCutoffs,
  type RetentionKind,
  type StoredEventOf,
  type Trx,
} from '@kw/platform';
import {
  erasureStream,
  type PrivacyEvent,
  type privacyEventSchemas,
  privacyEvents,
  RETENTION_RUNS_STREAM,
} from './events.ts';

// The privacy module's decisions, pure.

/** A salted hash of the address: `PersonErased` holds this, never the address. */
export function saltedHash(email: string, salt = randomBytes(16).toString('hex')) {
  return {
    salt,
    emailHash: createHash('sha256')
      .update(salt + normaliseEmail(email))
      .digest('hex'),
  };
}

export interface ErasureState {
  started: Extract<PrivacyEvent, { type: 'ErasureStarted' }>['data'] | null;
  startedAt: string | null;
  completed: boolean;
}

export const erasureDecider = {
  events: privacyEvents,
  initialState: (): ErasureState => ({ started: null, startedAt: null, completed: false }),
  evolve(state: ErasureState, e: StoredEventOf<typeof privacyEventSchemas>): ErasureState {
    switch (e.type) {
      case 'ErasureStarted':
        return { ...state, started: e.data, startedAt: e.occurredAt.toISOString() };
      case 'PersonErased':
        return { ...state, completed: true };
      default:
        return state;
    }
  },
};

export const handleErasure = commandHandler(erasureDecider);

type ErasureStarted = Extract<PrivacyEvent, { type: 'ErasureStarted' }>;

/**
 * An erasure's one transaction: what it erased and the files still to delete. The salted hash
 * is worked out before (its salt is random), so the decision is pure.
 */
export type StartErasure = ErasureStarted['data'];

/** The erasure begins, once: a stream that already has it records nothing more. */
export function startErasure(state: ErasureState, command: StartErasure): [ErasureStarted] | [] {
  if (state.started) return [];
  return [{ type: 'ErasureStarted', data: command }];
}

/**
 * What finishing an erasure still needs: nothing when none started (`unknown`) or it is
 * complete; else its files deleted (relative to DATA_DIR), then `completeErasure`.
 */
export function erasureOwes(
  state: ErasureState,
): { status: 'unknown' } | { status: 'complete' } | { status: 'files'; files: string[] } {
  if (!state.started) return { status: 'unknown' };
  if (state.completed) return { status: 'complete' };
  return { status: 'files', files: state.started.files };
}

/** Once its files are gone: the one `PersonErased`, never twice. */
export function completeErasure(state: ErasureState): PrivacyEvent[] {
  if (!state.started || state.completed) return [];
  const { files: _files, ...rest } = state.started;
  return [{ type: 'PersonErased', data: { ...rest, requestedAt: state.startedAt! } }];
}

export type RetentionPeriods = Record<RetentionKind, number>;

export const DEFAULT_PERIODS = Object.fromEntries(
  Object.entries(RETENTION_KINDS).map(([kind, { defaultDays }]) => [kind, defaultDays]),
) as RetentionPeriods;

export const handleRetentionSettings = commandHandler({
  events: privacyEvents,
  initialState: (): RetentionPeriods => ({ ...DEFAULT_PERIODS }),
  evolve: (state: RetentionPeriods, event: StoredEventOf<typeof privacyEventSchemas>) =>
    event.type === 'RetentionPeriodsSet' ? { ...state, ...event.data.periods } : state,
});

export function setRetentionPeriods(
  current: RetentionPeriods,
  wanted: Partial<RetentionPeriods>,
): PrivacyEvent[] {
  const changed = Object.fromEntries(
    Object.entries(wanted).filter(([kind, days]) => current[kind as RetentionKind] !== days),
  ) as Partial<RetentionPeriods>;
  return Object.keys(changed).length === 0
    ? []
    : [{ type: 'RetentionPeriodsSet', data: { periods: changed } }];
}

const DAY_MS = 86_400_000;

/** The moment before which each kind of record is past its period, at `now`. */
export function retentionCutoffs(periods: RetentionPeriods, now: Date): RetentionCutoffs {
  return Object.fromEntries(
    Object.entries(periods).map(([kind, days]) => [kind, new Date(now.getTime() - days * DAY_MS)]),
  ) as RetentionCutoffs;
}

/** The retention job's runs: one stream, each run appended after the last. */
export const handleRetentionRuns = commandHandler({
  events: privacyEvents,
  initialState: () => null,
  evolve: (state: null) => state,
});

/** A retention run at `ranAt` that erased `erased` records. */
export function completeRetentionRun(
  _state: null,
  command: { ranAt: Date; erased: number },
): PrivacyEvent[] {
  return [
    {
      type: 'RetentionRunCompleted',
      data: { ranAt: command.ranAt.toISOString(), erased: command.erased },
    },
  ];
}

// The commands erasure.ts runs.

/** `ErasureStarted` on the erasure's new stream, in the erasure's transaction. */
export async function beginErasure(
  store: EventStore,
  command: StartErasure,
  options: { metadata: EventMetadata; trx: Trx },
): Promise<void> {
  await handleErasure(
    store,
    erasureStream(command.erasureId),
    (state) => startErasure(state, command),
    { ...options, newStream: true },
  );
}

/**
 * Finishes an erasure: reads what it still owes, has `deleteFiles` delete its files (throws
 * when one stays), then records `PersonErased` (once). False when no such erasure started.
 */
export async function finishErasure(
  store: EventStore,
  erasureId: string,
  deleteFiles: (files: string[]) => Promise<void>,
  metadata: EventMetadata,
): Promise<boolean> {
  const stream = erasureStream(erasureId);
  const owed = erasureOwes(handleErasure.fold(await store.readStream(stream)));
  if (owed.status === 'unknown') return false;
  if (owed.status === 'complete') return true;
  await deleteFiles(owed.files);
  await handleErasure(store, stream, completeErasure, { metadata, retryOnConflict: true });
  return true;
}

/** Records a retention run: appended after the last one. */
export async function recordRetentionRun(
  store: EventStore,
  command: { ranAt: Date; erased: number },
  metadata: EventMetadata,
): Promise<void> {
  await handleRetentionRuns(
    store,
    RETENTION_RUNS_STREAM,
    (state) => completeRetentionRun(state, command),
    { metadata, retryOnConflict: true },
  );
}
