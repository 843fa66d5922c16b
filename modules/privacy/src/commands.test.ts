import { createHash } from 'node:crypto';
import type { StoredEvent } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import {
  completeErasure,
  completeRetentionRun,
  DEFAULT_PERIODS,
  erasureOwes,
  handleErasure,
  retentionCutoffs,
  saltedHash,
  setRetentionPeriods,
  startErasure,
} from './commands.ts';

// The privacy module's decisions: given its events, when a command comes, then these events.

const at = new Date('2026-11-23T10:00:00Z');
const stored = (events: { type: string; data: unknown }[]): StoredEvent[] =>
  events.map((e, i) => ({
    ...e,
    position: i + 1,
    streamId: 'privacy-erasure:e1',
    streamType: 'privacy-erasure',
    version: i + 1,
    metadata: { actor: 'admin:admin' },
    occurredAt: at,
  }));

const started = startErasure(handleErasure.fold([]), {
  erasureId: 'e1',
  ...saltedHash('Ada@Example.ca', 'salt'),
  requestedBy: 'admin:admin',
  scope: 'person',
  records: 3,
  files: ['private/resumes/a.pdf'],
});

describe('an erasure', () => {
  it('names the person only by a salted hash of the normalised address', () => {
    expect(started[0]!.data.emailHash).toBe(
      createHash('sha256').update('saltada@example.ca').digest('hex'),
    );
    expect(JSON.stringify(started)).not.toContain('ada@');
  });

  it('given it started, when its files are gone, then one PersonErased without the file list', () => {
    const state = handleErasure.fold(stored(started));
    expect(completeErasure(state)).toEqual([
      {
        type: 'PersonErased',
        data: {
          erasureId: 'e1',
          emailHash: started[0]!.data.emailHash,
          salt: 'salt',
          requestedBy: 'admin:admin',
          scope: 'person',
          records: 3,
          requestedAt: at.toISOString(),
        },
      },
    ]);
  });

  it('given it completed, when asked again (a second delivery), then nothing', () => {
    const state = handleErasure.fold(
      stored([...started, ...completeErasure(handleErasure.fold(stored(started)))]),
    );
    expect(completeErasure(state)).toEqual([]);
  });

  it('given nothing started, then nothing to complete', () => {
    expect(completeErasure(handleErasure.fold([]))).toEqual([]);
  });

  it('given it started, when it is started again (a second delivery), then nothing', () => {
    const command = started[0]!.data;
    expect(startErasure(handleErasure.fold(stored(started)), command)).toEqual([]);
  });

  it('given it started, then its files are owed; completed, nothing; never started, unknown', () => {
    expect(erasureOwes(handleErasure.fold(stored(started)))).toEqual({
      status: 'files',
      files: ['private/resumes/a.pdf'],
    });
    const complete = [...started, ...completeErasure(handleErasure.fold(stored(started)))];
    expect(erasureOwes(handleErasure.fold(stored(complete)))).toEqual({ status: 'complete' });
    expect(erasureOwes(handleErasure.fold([]))).toEqual({ status: 'unknown' });
  });
});

describe('a retention run', () => {
  it('when a run ends, then RetentionRunCompleted says when and how many records it erased', () => {
    expect(completeRetentionRun(null, { ranAt: at, erased: 4 })).toEqual([
      { type: 'RetentionRunCompleted', data: { ranAt: at.toISOString(), erased: 4 } },
    ]);
  });
});

describe('retention periods', () => {
  it('records only the periods that change', () => {
    expect(setRetentionPeriods(DEFAULT_PERIODS, { spam: 30, applications: 180 })).toEqual([
      { type: 'RetentionPeriodsSet', data: { periods: { applications: 180 } } },
    ]);
    expect(setRetentionPeriods(DEFAULT_PERIODS, { spam: 30 })).toEqual([]);
  });

  it('gives each kind the moment before which a record is past its period', () => {
    const now = new Date('2027-01-31T00:00:00Z');
    const cutoffs = retentionCutoffs(DEFAULT_PERIODS, now);
    expect(cutoffs.spam.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(cutoffs.applications.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(cutoffs.unsubscribed).toEqual(now);
  });
});
