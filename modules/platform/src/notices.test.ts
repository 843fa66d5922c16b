import { describe, expect, it } from 'vitest';
import {
  countNotice,
  digestOwed,
  digestScheduled,
  digestSent,
  emptyNoticeWindow,
  NOTICE_RULES,
  type NoticeWindow,
  type NoticeWindowState,
  noticeCounted,
  noticeWindowAt,
  previousNoticeWindow,
} from './notices.ts';

// Given a window's facts, when an item arrives, then how it is told; and what a digest owes.

const at = new Date('2026-11-23T14:02:30Z');
const window = noticeWindowAt(at);
const previous = previousNoticeWindow(window);
const quiet = emptyNoticeWindow();

/** A window that counted these items, each told as the decision said at the time. */
function given(
  items: { id: string; held?: boolean }[],
  during: NoticeWindow = window,
): NoticeWindowState {
  let state = emptyNoticeWindow();
  for (const item of items) {
    const counted = countNotice(state, quiet, during);
    state = noticeCounted(state, {
      id: item.id,
      mode: counted.mode,
      tags: item.held ? ['held'] : [],
    });
    if (counted.scheduleDigestAt)
      state = digestScheduled(state, counted.scheduleDigestAt.toISOString());
  }
  return state;
}

const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: `s${from + i}` }));

describe('notice windows', () => {
  it('are 5 minutes long, aligned on the clock; the one before ends where this one starts', () => {
    expect(window.id).toBe('2026-11-23T14:00:00.000Z');
    expect(window.end.toISOString()).toBe('2026-11-23T14:05:00.000Z');
    expect(previous.id).toBe('2026-11-23T13:55:00.000Z');
    expect(previous.end).toEqual(window.start);
    expect(noticeWindowAt(new Date('2026-11-23T14:04:59.999Z')).id).toBe(window.id);
    expect(noticeWindowAt(new Date('2026-11-23T14:05:00.000Z')).id).not.toBe(window.id);
  });
});

describe('countNotice', () => {
  it('given a quiet window, the first three are told one by one, at once', () => {
    let state = quiet;
    for (let i = 0; i < NOTICE_RULES.individualPerWindow; i++) {
      expect(countNotice(state, quiet, window)).toEqual({
        mode: 'individual',
        scheduleDigestAt: null,
      });
      state = noticeCounted(state, { id: `s${i}`, mode: 'individual' });
    }
  });

  it('given three told, the fourth waits for a digest due at the end of the window; the fifth joins it', () => {
    const three = given(ids(3));
    expect(countNotice(three, quiet, window)).toEqual({
      mode: 'digest',
      scheduleDigestAt: window.end,
    });
    const four = given(ids(4));
    expect(four.pendingDueAt).toBe(window.end.toISOString());
    expect(countNotice(four, quiet, window)).toEqual({ mode: 'digest', scheduleDigestAt: null });
  });

  it('given a flood in the window before, every item waits for the digest, a window after the last', () => {
    const flood = given(ids(40), previous);
    expect(flood.lastDueAt).toBe(window.start.toISOString());
    expect(countNotice(quiet, flood, window)).toEqual({
      mode: 'digest',
      scheduleDigestAt: window.end,
    });
    // A digest of the window before that went out late: the next waits a whole window after it.
    const late = digestScheduled(flood, new Date(window.start.getTime() + 90_000).toISOString());
    expect(countNotice(quiet, late, window).scheduleDigestAt).toEqual(
      new Date(window.end.getTime() + 90_000),
    );
  });

  it('given a window before with only a few, the first ones are told one by one again', () => {
    expect(countNotice(quiet, given(ids(3), previous), window).mode).toBe('individual');
  });

  it('given a digest already sent in the window, a late item schedules the next one a window later', () => {
    const sent = digestSent(given(ids(5)), { count: 2, tags: {} });
    expect(sent.pendingDueAt).toBeNull();
    expect(countNotice(sent, quiet, window)).toEqual({
      mode: 'digest',
      scheduleDigestAt: new Date(window.end.getTime() + NOTICE_RULES.windowMs),
    });
  });
});

describe('digestOwed', () => {
  it('given items waiting, the count, the held among them and a few ids to name', () => {
    const state = given([
      ...ids(3),
      { id: 'h1', held: true },
      ...ids(20, 4),
      { id: 'h2', held: true },
    ]);
    expect(digestOwed(state)).toEqual({
      count: 22,
      tags: { held: 2 },
      sample: ['h1', 's4', 's5', 's6', 's7', 's8', 's9', 's10', 's11', 's12'],
    });
  });

  it('given the digest sent, nothing; given more afterwards, only those', () => {
    const waiting = given([...ids(4), { id: 'h1', held: true }]);
    const owed = digestOwed(waiting)!;
    expect(owed).toMatchObject({ count: 2, tags: { held: 1 } });
    const sent = digestSent(waiting, owed);
    expect(digestOwed(sent)).toBeNull();
    const later = noticeCounted(sent, { id: 's9', mode: 'digest' });
    expect(digestOwed(later)).toEqual({ count: 1, tags: {}, sample: ['s9'] });
  });

  it('given a quiet window, nothing', () => {
    expect(digestOwed(given(ids(3)))).toBeNull();
  });
});
