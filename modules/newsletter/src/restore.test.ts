import type { LogRow } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import { newsletterKeptAcrossRestore, newsletterRestoreKeeper } from './restore.ts';

// What `make restore` puts back of the newsletter's log: given the events before the restore
// and the restored log's, which events are kept (the CLI spec runs it on a real backup).

let position = 0;
const row = (stream: string, type: string, data: Record<string, unknown> = {}): LogRow => ({
  position: ++position,
  stream_id: `subscriber:${stream}`,
  type,
  data: { subscriberId: stream, ...data },
});
const subscribed = (s: string) => [
  row(s, 'SubscriptionRequested'),
  row(s, 'SubscriptionConfirmed'),
];
const unsubscribed = (s: string, via = 'link') => [
  row(s, 'SubscriberUnsubscribed', { via }),
  row(s, 'SubscriberSuppressed', { emailHash: `hash-${s}`, reason: 'unsubscribed' }),
];
const types = (rows: LogRow[]) => rows.map((r) => `${r.stream_id} ${r.type}`);

describe('the newsletter across a restore', () => {
  it('reads only the events that move consent, and the suppressions', () => {
    expect([...newsletterRestoreKeeper.types].sort()).toEqual([
      'SubscriberDeleted',
      'SubscriberJoined',
      'SubscriberResubscribed',
      'SubscriberSuppressed',
      'SubscriberUnsubscribed',
      'SubscriptionConfirmed',
      'SubscriptionExpired',
      'SubscriptionRequested',
    ]);
  });

  it('given a subscriber in the backup who unsubscribed since, then their unsubscribe and its suppression are kept', () => {
    const backup = subscribed('ann');
    const withdrawal = unsubscribed('ann');
    expect(newsletterKeptAcrossRestore([...backup, ...withdrawal], backup)).toEqual(withdrawal);
  });

  it('given a request still waiting in the backup, withdrawn since (the old link), then the withdrawal is kept', () => {
    const backup = [row('bea', 'SubscriptionRequested')];
    const withdrawal = unsubscribed('bea');
    expect(newsletterKeptAcrossRestore([...backup, ...withdrawal], backup)).toEqual(withdrawal);
  });

  it('given someone who unsubscribed, then signed up and confirmed again since the backup, then nothing is kept: the backup has them subscribed, as they are', () => {
    const backup = subscribed('cy');
    const since = [...unsubscribed('cy'), ...subscribed('cy'), row('cy', 'SuppressionLifted')];
    expect(newsletterKeptAcrossRestore([...backup, ...since], backup)).toEqual([]);
  });

  it('given an unsubscribe the backup has too, then nothing is kept', () => {
    const log = [...subscribed('di'), ...unsubscribed('di')];
    expect(newsletterKeptAcrossRestore(log, log)).toEqual([]);
  });

  it('given unsubscribed before the backup, subscribed again in it and unsubscribed since, then only the last unsubscribe is kept', () => {
    const backup = [...subscribed('ed'), ...unsubscribed('ed'), ...subscribed('ed')];
    const last = unsubscribed('ed', 'one-click');
    expect(newsletterKeptAcrossRestore([...backup, ...last], backup)).toEqual(last);
  });

  it('given a subscription made and withdrawn after the backup, then nothing is kept: the restored list does not have them', () => {
    expect(newsletterKeptAcrossRestore([...subscribed('fay'), ...unsubscribed('fay')], [])).toEqual(
      [],
    );
  });

  it("given an erasure's suppression, then it is kept whatever the restored log holds", () => {
    const erased = row('gus', 'SubscriberSuppressed', { emailHash: 'h', reason: 'erased' });
    expect(newsletterKeptAcrossRestore([erased], [])).toEqual([erased]);
  });

  it('given an unsubscribe, then a request that lapsed, since the backup: still unsubscribed, and the unsubscribe is kept', () => {
    const backup = subscribed('hal');
    const since = [
      ...unsubscribed('hal'),
      row('hal', 'SubscriptionRequested'),
      row('hal', 'SubscriptionExpired'),
    ];
    expect(types(newsletterKeptAcrossRestore([...backup, ...since], backup))).toEqual([
      'subscriber:hal SubscriberUnsubscribed',
      'subscriber:hal SubscriberSuppressed',
    ]);
  });
});
