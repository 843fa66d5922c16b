import { createHash, randomBytes } from 'node:crypto';
import {
  commandHandler,
  normaliseEmail,
  RETENTION_KINDS,
  type RetentionCutoffs,
  type RetentionKind,
  type StoredEventOf,
} from '@kw/platform';
import { type PrivacyEvent, type privacyEventSchemas, privacyEvents } from './events.ts';

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

export function startErasure(data: Extract<PrivacyEvent, { type: 'ErasureStarted' }>['data']) {
  return [{ type: 'ErasureStarted' as const, data }];
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
