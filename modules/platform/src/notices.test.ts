import { describe, expect, it } from 'vitest';
import {
  countNotice,
  digestOwed,
  digestScheduled,
  digestSent,
  emptyNoticeWindow,
  NOTICE_RULES,
  type NoticeView,
  type NoticeWindowState,
  noticeCounted,
  noticesToldSeparately,
  noticeWindowAt,
  noticeWindowsAround,
  previousNoticeWindow,
  settleNotices,
} from './notices.ts';

// Given the facts of the windows around, when a notice arrives or a round's job starts (on a
// clock of the test's), then how the owner is told.

const T = new Date('2026-11-23T14:02:30Z');
const at = (ms: number) => new Date(T.getTime() + ms);
const SECOND = 1_000;
const MINUTE = 60_000;
const { gatherMs, quietMs, maxGatherMs, windowMs, individualPerWindow } = NOTICE_RULES;

/** The windows around `now` with these states (by window id), newest first. */
function around(now: Date, states: Record<string, NoticeWindowState> = {}): NoticeView[] {
  return noticeWindowsAround(now).map((window) => ({
    window,
    state: states[window.id] ?? emptyNoticeWindow(),
  }));
}

/** Items arriving at these times, each counted as `countNotice` says (rounds opened too). */
function arrive(views: NoticeView[], items: { id: string; at: Date; held?: boolean }[]) {
  for (const item of items) {
    const counted = countNotice(views, item.at);
    const view = views.find((v) => v.window.id === counted.window.id)!;
    if (counted.dueAt)
      view.state = digestScheduled(view.state, counted.dueAt.toISOString(), item.at.toISOString());
    view.state = noticeCounted(view.state, {
      id: item.id,
      mode: 'gathered',
      tags: item.held ? ['held'] : [],
      at: item.at.toISOString(),
    });
  }
  return views;
}

const burst = (n: number, from: Date, everyMs = 0, prefix = 's') =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i + 1}`,
    at: new Date(from.getTime() + i * everyMs),
  }));

const current = (views: NoticeView[]) => views[0]!.state;

describe('notice windows', () => {
  it('are 5 minutes long, aligned on the clock; a decision reads its own and the two before', () => {
    const window = noticeWindowAt(T);
    expect(window.id).toBe('2026-11-23T14:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-23T14:05:00.000Z');
    expect(previousNoticeWindow(window).end).toEqual(window.start);
    expect(noticeWindowsAround(T).map((w) => w.id)).toEqual([
      '2026-11-23T14:00:00.000Z',
      '2026-11-23T13:55:00.000Z',
      '2026-11-23T13:50:00.000Z',
    ]);
  });
});

describe('countNotice', () => {
  it('given a quiet period, the first notice opens a round due 2 s later; the next ones join it', () => {
    const views = around(T);
    expect(countNotice(views, T)).toEqual({ window: noticeWindowAt(T), dueAt: at(gatherMs) });
    arrive(views, burst(1, T));
    expect(current(views).pendingDueAt).toBe(at(gatherMs).toISOString());
    expect(countNotice(views, at(500))).toEqual({ window: noticeWindowAt(T), dueAt: null });
  });

  it('given a round still open 30 s after it was due (its job lost), the next notice makes it due again 2 s later', () => {
    const views = arrive(around(T), burst(2, T));
    const late = at(gatherMs + maxGatherMs + SECOND);
    const counted = countNotice(views, late);
    expect(counted).toEqual({
      window: noticeWindowAt(T),
      dueAt: at(gatherMs + maxGatherMs + SECOND + gatherMs),
    });
    arrive(views, [{ id: 's3', at: late }]);
    // Its new job settles it, with the two it held; the lost job, if it ever runs, does nothing.
    const dueAgain = counted.dueAt!;
    expect(
      settleNotices(current(views), views, dueAgain, NOTICE_RULES, dueAgain.toISOString()),
    ).toEqual({
      kind: 'separately',
      items: [
        { id: 's1', tags: [] },
        { id: 's2', tags: [] },
        { id: 's3', tags: [] },
      ],
    });
    expect(
      settleNotices(current(views), views, dueAgain, NOTICE_RULES, at(gatherMs).toISOString()),
    ).toBeNull();
    // Not yet that late: it joins the round as it is.
    expect(countNotice(arrive(around(T), burst(2, T)), at(gatherMs + maxGatherMs))).toEqual({
      window: noticeWindowAt(T),
      dueAt: null,
    });
  });

  it('given a round opened in the window before, a notice after the boundary joins it there', () => {
    const edge = new Date('2026-11-23T14:04:59.500Z');
    const views = arrive(around(edge), burst(1, edge));
    const after = new Date('2026-11-23T14:05:00.200Z');
    const next = around(after, { [views[0]!.window.id]: views[0]!.state });
    expect(countNotice(next, after)).toEqual({ window: noticeWindowAt(edge), dueAt: null });
  });

  it('given a digest a minute ago, the next round is due 5 minutes after it', () => {
    const views = arrive(around(T), burst(300, T));
    views[0]!.state = digestSent(views[0]!.state, {
      count: 300,
      tags: {},
      at: at(3 * SECOND).toISOString(),
    });
    const later = at(MINUTE);
    expect(countNotice(views, later)).toEqual({
      window: noticeWindowAt(later),
      dueAt: at(3 * SECOND + windowMs),
    });
  });

  it('given three told one by one in the last 5 minutes, the next round waits 5 minutes after the last of them', () => {
    const views = arrive(around(T), burst(individualPerWindow, T));
    views[0]!.state = noticesToldSeparately(views[0]!.state, {
      items: views[0]!.state.sample,
      at: at(gatherMs).toISOString(),
    });
    expect(countNotice(views, at(MINUTE)).dueAt).toEqual(at(gatherMs + windowMs));
  });

  it('given two told one by one, a third later opens a round of its own, due 2 s later', () => {
    const views = arrive(around(T), burst(2, T));
    views[0]!.state = noticesToldSeparately(views[0]!.state, {
      items: views[0]!.state.sample,
      at: at(gatherMs).toISOString(),
    });
    expect(countNotice(views, at(MINUTE)).dueAt).toEqual(at(MINUTE + gatherMs));
  });

  it('given a digest more than 5 minutes ago, it is quiet again', () => {
    const views = arrive(around(T), burst(40, T));
    views[0]!.state = digestSent(views[0]!.state, {
      count: 40,
      tags: {},
      at: at(gatherMs).toISOString(),
    });
    const later = at(gatherMs + windowMs + 1);
    const next = around(later, { [views[0]!.window.id]: views[0]!.state });
    expect(countNotice(next, later).dueAt).toEqual(new Date(later.getTime() + gatherMs));
  });
});

describe('settleNotices', () => {
  it('given a lone notice, its round tells it on its own when due', () => {
    const views = arrive(around(T), [{ id: 'a', at: T }]);
    expect(settleNotices(current(views), views, at(gatherMs))).toEqual({
      kind: 'separately',
      items: [{ id: 'a', tags: [] }],
    });
  });

  it('given three at once (one held), each on its own', () => {
    const views = arrive(around(T), [
      { id: 'a', at: T },
      { id: 'b', at: at(100) },
      { id: 'h', at: at(200), held: true },
    ]);
    expect(settleNotices(current(views), views, at(gatherMs))).toEqual({
      kind: 'separately',
      items: [
        { id: 'a', tags: [] },
        { id: 'b', tags: [] },
        { id: 'h', tags: ['held'] },
      ],
    });
  });

  it('given 300 at once, one digest with the count, the held among them and a few named', () => {
    const views = arrive(around(T), [
      ...burst(150, T, 5),
      { id: 'h1', at: at(760), held: true },
      ...burst(149, at(770), 2, 't'),
    ]);
    const settled = settleNotices(current(views), views, at(gatherMs));
    expect(settled).toEqual({
      kind: 'digest',
      owed: {
        count: 300,
        tags: { held: 1 },
        sample: ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8', 's9', 's10'],
      },
    });
  });

  it('given notices still coming when the round is due, it waits until they pause; its first job, run again, does nothing', () => {
    // 300 over 3 s: at its due time (2 s) they still come; the last at 2.99 s.
    const views = arrive(around(T), burst(300, T, 10));
    const first = current(views).pendingDueAt!;
    const paused = at(2_990 + quietMs);
    expect(settleNotices(current(views), views, at(gatherMs), NOTICE_RULES, first)).toEqual({
      kind: 'later',
      dueAt: paused,
    });
    views[0]!.state = digestScheduled(
      current(views),
      paused.toISOString(),
      at(gatherMs).toISOString(),
    );
    expect(current(views).pendingSince).toBe(T.toISOString());
    expect(settleNotices(current(views), views, at(gatherMs), NOTICE_RULES, first)).toBeNull();
    expect(
      settleNotices(current(views), views, paused, NOTICE_RULES, paused.toISOString()),
    ).toMatchObject({ kind: 'digest', owed: { count: 300 } });
  });

  it('given a flood that never pauses, the round settles 30 s after it opened at the latest', () => {
    // One every 100 ms, until 29.5 s.
    const views = arrive(around(T), burst(296, T, 100));
    expect(settleNotices(current(views), views, at(gatherMs))).toEqual({
      kind: 'later',
      dueAt: at(maxGatherMs),
    });
    views[0]!.state = digestScheduled(current(views), at(maxGatherMs).toISOString());
    arrive(views, burst(5, at(29_600), 100, 'more'));
    expect(settleNotices(current(views), views, at(maxGatherMs))).toMatchObject({
      kind: 'digest',
      owed: { count: 301 },
    });
  });

  it('given four at once, one digest of four', () => {
    const views = arrive(around(T), burst(4, T));
    expect(settleNotices(current(views), views, at(gatherMs))).toMatchObject({
      kind: 'digest',
      owed: { count: 4 },
    });
  });

  it('given two told on their own a minute ago, a round of two makes a digest (no more than three alone in 5 minutes)', () => {
    const views = arrive(around(T), burst(2, T));
    views[0]!.state = noticesToldSeparately(views[0]!.state, {
      items: views[0]!.state.sample,
      at: at(gatherMs).toISOString(),
    });
    arrive(views, burst(2, at(MINUTE), 0, 'n'));
    expect(settleNotices(current(views), views, at(MINUTE + gatherMs))).toMatchObject({
      kind: 'digest',
      owed: { count: 2, sample: ['n1', 'n2'] },
    });
  });

  it('given a straggler after a digest, its round (5 minutes on) tells it on its own', () => {
    const views = arrive(around(T), burst(300, T));
    views[0]!.state = digestSent(views[0]!.state, {
      count: 300,
      tags: {},
      at: at(gatherMs).toISOString(),
    });
    arrive(views, [{ id: 'late', at: at(MINUTE) }]);
    const due = at(gatherMs + windowMs);
    expect(current(views).pendingDueAt).toBe(due.toISOString());
    expect(settleNotices(current(views), views, due)).toEqual({
      kind: 'separately',
      items: [{ id: 'late', tags: [] }],
    });
  });

  it('given the round settled already (a second run), nothing', () => {
    const views = arrive(around(T), burst(5, T));
    const owed = digestOwed(current(views))!;
    views[0]!.state = digestSent(current(views), { ...owed, at: at(gatherMs).toISOString() });
    expect(settleNotices(current(views), views, at(gatherMs))).toBeNull();
  });
});

describe('digestOwed', () => {
  it('given items waiting, the count, the held among them and a few ids to name; after the digest, only the later ones', () => {
    const views = arrive(around(T), [...burst(4, T), { id: 'h1', at: T, held: true }]);
    const owed = digestOwed(current(views))!;
    expect(owed).toEqual({
      count: 5,
      tags: { held: 1 },
      sample: ['s1', 's2', 's3', 's4', 'h1'],
    });
    const sent = digestSent(current(views), { ...owed, at: at(gatherMs).toISOString() });
    expect(digestOwed(sent)).toBeNull();
    expect(sent.pendingDueAt).toBeNull();
    const later = noticeCounted(sent, { id: 's9', mode: 'gathered' });
    expect(digestOwed(later)).toEqual({ count: 1, tags: {}, sample: ['s9'] });
  });

  it("given an older window's notices told alone at once, they are no digest's", () => {
    const state = noticeCounted(emptyNoticeWindow(), { id: 'old', mode: 'individual' });
    expect(digestOwed(state)).toBeNull();
    expect(state.individual).toBe(1);
  });
});
