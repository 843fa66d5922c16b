import { digestOwed, noticeWindowAt } from '@kw/platform';
import { judgeIntake, SPAM_REASONS } from '@kw/platform/http';
import { describe, expect, it } from 'vitest';
import {
  contactState,
  countInWindow,
  decideBulkContact,
  deleteContact,
  enrichContact,
  noticeMailSent,
  noticesState,
  notifyAdmin,
  owedNotice,
  owedNoticeMail,
  putOffRound,
  queueNotice,
  receiveContact,
  recordDigest,
  recordToldSeparately,
  shouldNotifyAdmin,
  updateContact,
} from './commands.ts';
import { contactMessageSchema, contactRequestSchema } from './contract.ts';
import type { ContactEvent } from './events.ts';

const visitor = { ip: '203.0.113.9', userAgent: 'UA', referer: 'https://www.example.ca/contact' };
const message = contactMessageSchema.parse({
  firstName: ' Ann ',
  lastName: 'Lee',
  email: 'ann@example.ca',
  message: 'We would like to automate our invoicing.',
});
const insight = {
  submissionId: 's1',
  deviceType: 'mobile' as const,
  browserName: 'Safari',
  browserVersion: '18',
  os: 'iOS 18',
  country: 'CA',
  city: 'Waterloo',
};

describe('receiveContact', () => {
  it('when a message is received, then ContactReceived carries it with the visitor details', () => {
    const [event] = receiveContact('s1', message, visitor);
    expect(event.type).toBe('ContactReceived');
    expect(event.data).toMatchObject({
      submissionId: 's1',
      firstName: 'Ann',
      service: '',
      subscribeNewsletter: false,
      ipAddress: '203.0.113.9',
      userAgent: 'UA',
      referer: 'https://www.example.ca/contact',
    });
  });
});

describe('the newsletter tick', () => {
  const ticked = { ...message, subscribeNewsletter: true };
  it('given the tick, then ContactNewsletterRequested follows ContactReceived (a held one too)', () => {
    expect(receiveContact('s1', ticked, visitor).map((e) => e.type)).toEqual([
      'ContactReceived',
      'ContactNewsletterRequested',
    ]);
    expect(receiveContact('s1', ticked, visitor)[1]?.data).toEqual({ submissionId: 's1' });
    expect(
      receiveContact('s1', ticked, visitor, judgeIntake({ elapsedMs: 500 })).map((e) => e.type),
    ).toEqual(['ContactReceived', 'ContactHeld', 'ContactNewsletterRequested']);
  });

  it('given the tick on a message flagged as spam, or no tick, then no request', () => {
    const spam = { isSpam: true, reason: 'Many submissions from one address in a few minutes' };
    expect(receiveContact('s1', ticked, visitor, spam).map((e) => e.type)).toEqual([
      'ContactReceived',
      'ContactMarkedSpam',
    ]);
    expect(receiveContact('s1', message, visitor).map((e) => e.type)).toEqual(['ContactReceived']);
  });
});

describe('enrichContact', () => {
  const received = receiveContact('s1', message, visitor);
  it('given a received submission, when enriched, then ContactSubmissionEnriched follows', () => {
    expect(enrichContact(contactState(received), insight)).toEqual([
      { type: 'ContactSubmissionEnriched', data: insight },
    ]);
  });
  it('given an enriched submission, when the job runs again, then nothing more happens', () => {
    const enriched = [...received, ...enrichContact(contactState(received), insight)];
    expect(enrichContact(contactState(enriched), insight)).toEqual([]);
  });
  it('given no submission, nothing happens', () => {
    expect(enrichContact(contactState([]), insight)).toEqual([]);
  });
});

describe('the contact contract (spec §5)', () => {
  const errorsOf = (input: unknown) =>
    contactRequestSchema
      .safeParse(input)
      .error?.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));

  it.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '   ' }, 'lastName', 'Last name is required'],
    [
      { firstName: 'Eve\r\nBcc: victim@example.net' },
      'firstName',
      'First name must be on one line',
    ],
    [{ lastName: 'Line\nX-Injected: yes' }, 'lastName', 'Last name must be on one line'],
    [{ company: 'Acme\nEmail: boss@example.ca' }, 'company', 'Company must be on one line'],
    [{ phone: '519\t555' }, 'phone', 'Phone must be on one line'],
    [
      { firstName: 'Eve\u2028Email: boss@example.ca' },
      'firstName',
      'First name must be on one line',
    ],
    [{ company: 'Acme\u2029Service: Urgent' }, 'company', 'Company must be on one line'],
    [{ email: 'ann@' }, 'email', 'Invalid email address'],
    [{ message: 'too short' }, 'message', 'Message must be at least 10 characters'],
    [{ website: 'http://spam.example' }, 'website', 'Invalid submission'],
    [{ service: 'astrology' }, 'service', expect.any(String)],
  ])('%o gives %s: %s', (change, path, text) => {
    const input = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.ca',
      message: 'Ten chars at least',
      ...change,
    };
    expect(errorsOf(input)).toEqual([{ path, message: text }]);
  });

  it('a name in any script, with accents, apostrophes, emoji or a no-break space, is one line', () => {
    expect(
      errorsOf({
        firstName: 'Zoë-Ann O’Brien 李 😀\u00a0Jr',
        lastName: 'Ивanова',
        email: 'ann@example.ca',
        message: 'Ten chars at least',
      }),
    ).toBeUndefined();
  });

  it('accepts the optional fields empty, and every service option', () => {
    for (const service of [
      '',
      'ai-solutions',
      'custom-software',
      'integration',
      'business-analysis',
      'efficiency-edge',
      'poc',
      'other',
    ]) {
      expect(
        contactRequestSchema.safeParse({
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.ca',
          message: '0123456789',
          phone: '',
          company: '',
          service,
        }).success,
      ).toBe(true);
    }
  });
});

describe('updateContact (admin.md §4)', () => {
  const received = receiveContact('s1', message, visitor);
  const now = new Date('2026-11-22T15:00:00Z');

  it('given a new submission, when status becomes responded, then respondedAt is stamped now', () => {
    expect(updateContact('s1', contactState(received), { status: 'responded' }, now)).toEqual([
      {
        type: 'ContactSubmissionUpdated',
        data: {
          submissionId: 's1',
          changes: { status: 'responded', respondedAt: now.toISOString() },
        },
      },
    ]);
  });

  it('when marked processed, then ContactMarkedProcessed (processed, responded, time)', () => {
    expect(
      updateContact('s1', contactState(received), { processed: true, status: 'responded' }, now),
    ).toEqual([
      {
        type: 'ContactMarkedProcessed',
        data: { submissionId: 's1', respondedAt: now.toISOString() },
      },
    ]);
  });

  it('when marked spam without a reason, then the reason is "Marked as spam"', () => {
    expect(updateContact('s1', contactState(received), { isSpam: true }, now)).toEqual([
      {
        type: 'ContactMarkedSpam',
        data: { submissionId: 's1', reason: 'Marked as spam', automatic: false },
      },
    ]);
  });

  it('fields that do not change produce no event', () => {
    expect(
      updateContact(
        's1',
        contactState(received),
        { status: 'new', priority: 'medium', isSpam: false },
        now,
      ),
    ).toEqual([]);
  });

  it('given a deleted submission, then any change is refused as not found', () => {
    const history = [...received, ...deleteContact('s1', contactState(received))];
    expect(() => updateContact('s1', contactState(history), { status: 'closed' }, now)).toThrow(
      'Contact submission not found',
    );
  });

  it('the administrator is notified of a real submission once, never of spam', () => {
    expect(shouldNotifyAdmin(contactState(received), 'owner@example.ca')).toBe(true);
    expect(shouldNotifyAdmin(contactState(received), undefined)).toBe(false);
    const spam = receiveContact('s2', message, visitor, {
      isSpam: true,
      reason: 'Message is full of links',
    });
    expect(spam.map((e) => e.type)).toEqual(['ContactReceived', 'ContactMarkedSpam']);
    expect(shouldNotifyAdmin(contactState(spam), 'owner@example.ca')).toBe(false);
    const notified: ContactEvent[] = [
      ...received,
      { type: 'AdminNotifiedOfContact', data: { submissionId: 's1', to: 'owner@example.ca' } },
    ];
    expect(shouldNotifyAdmin(contactState(notified), 'owner@example.ca')).toBe(false);
  });

  it('when the administrator is owed a notification, then AdminNotifiedOfContact records to whom; once sent, nothing more', () => {
    const recorded = notifyAdmin('s1', contactState(received), 'owner@example.ca');
    expect(recorded).toEqual([
      { type: 'AdminNotifiedOfContact', data: { submissionId: 's1', to: 'owner@example.ca' } },
    ]);
    expect(notifyAdmin('s1', contactState([...received, ...recorded]), 'owner@example.ca')).toEqual(
      [],
    );
    expect(notifyAdmin('s1', contactState(received), undefined)).toEqual([]);
    const deleted = [...received, ...deleteContact('s1', contactState(received))];
    expect(notifyAdmin('s1', contactState(deleted), 'owner@example.ca')).toEqual([]);
  });
});

describe('held for review (given/when/then)', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  const held = receiveContact('s1', message, visitor, judgeIntake({ elapsedMs: 500 }));

  it('when received too fast, then ContactReceived and ContactHeld with the reason', () => {
    expect(held.map((e) => e.type)).toEqual(['ContactReceived', 'ContactHeld']);
    expect(held[1]!.data).toEqual({ submissionId: 's1', reason: SPAM_REASONS.tooFast });
    expect(contactState(held)).toMatchObject({
      held: true,
      heldReason: SPAM_REASONS.tooFast,
      isSpam: false,
    });
  });

  it('given held, when the administrator says not spam, then it is released', () => {
    const released = updateContact('s1', contactState(held), { isSpam: false }, now);
    expect(released).toEqual([{ type: 'ContactReleased', data: { submissionId: 's1' } }]);
    expect(contactState([...held, ...released])).toMatchObject({ held: false, isSpam: false });
  });

  it('given held, when marked spam, then it is spam and no longer held', () => {
    const spam = updateContact('s1', contactState(held), { isSpam: true }, now);
    expect(spam.map((e) => e.type)).toEqual(['ContactMarkedSpam']);
    expect(contactState([...held, ...spam])).toMatchObject({ held: false, isSpam: true });
  });

  it('the usual notice waits for the release: shouldNotifyAdmin is false while held', () => {
    expect(shouldNotifyAdmin(contactState(held), 'owner@example.ca')).toBe(false);
  });
});

describe("the owner's notices (given/when/then)", () => {
  const to = 'owner@example.ca';
  const now = new Date('2026-11-23T15:01:00Z');
  const window = noticeWindowAt(now);
  const received = receiveContact('s1', message, visitor);
  const held = receiveContact('s1', message, visitor, judgeIntake({ elapsedMs: 500 }));
  const queued = (history: ContactEvent[]): ContactEvent[] => [
    ...history,
    ...queueNotice('s1', contactState(history), to, window),
  ];

  it('given a real submission, the `new` notice is owed and gathered in a round once', () => {
    expect(owedNotice(contactState(received), to)).toBe('new');
    const once = queued(received);
    expect(once.at(-1)).toEqual({
      type: 'ContactNoticeQueued',
      data: { submissionId: 's1', kind: 'new', mode: 'gathered', window: window.id },
    });
    expect(owedNotice(contactState(once), to)).toBeNull();
    expect(queueNotice('s1', contactState(once), to, window)).toEqual([]);
  });

  it('given no ADMIN_EMAIL, spam or a deleted submission, no notice is owed', () => {
    expect(owedNotice(contactState(received), undefined)).toBeNull();
    const spam = receiveContact('s1', message, visitor, { isSpam: true, reason: 'links' });
    expect(owedNotice(contactState(spam), to)).toBeNull();
    const deleted = [...received, ...deleteContact('s1', contactState(received))];
    expect(owedNotice(contactState(deleted), to)).toBeNull();
  });

  it('given gathered, no e-mail of its own until its round tells it one by one; then once', () => {
    const gathered = queued(received);
    expect(owedNoticeMail(contactState(gathered), to)).toBeNull();
    expect(owedNoticeMail(contactState(gathered), to, 'new')).toBe('new');
    const sent = [...gathered, ...noticeMailSent('s1', 'new', to)];
    expect(sent.at(-1)).toEqual({
      type: 'AdminNotifiedOfContact',
      data: { submissionId: 's1', to },
    });
    expect(owedNoticeMail(contactState(sent), to, 'new')).toBeNull();
  });

  it("given an older window's notice queued to go alone, its e-mail is still owed once", () => {
    const alone: ContactEvent[] = [
      ...received,
      {
        type: 'ContactNoticeQueued',
        data: { submissionId: 's1', kind: 'new', mode: 'individual', window: window.id },
      },
    ];
    expect(owedNoticeMail(contactState(alone), to)).toBe('new');
    expect(
      owedNoticeMail(contactState([...alone, ...noticeMailSent('s1', 'new', to)]), to),
    ).toBeNull();
  });

  it('given held, the `held` notice is owed; once released, the `new` one follows', () => {
    expect(owedNotice(contactState(held), to)).toBe('held');
    const told = [...queued(held), ...noticeMailSent('s1', 'held', to)];
    expect(told.at(-1)!.data).toEqual({ submissionId: 's1', to, held: true });
    expect(owedNotice(contactState(told), to)).toBeNull();
    const released = [
      ...told,
      ...updateContact('s1', contactState(told), { isSpam: false }, new Date()),
    ];
    expect(owedNotice(contactState(released), to)).toBe('new');
    expect(owedNoticeMail(contactState(queued(released)), to, 'new')).toBe('new');
  });

  it('given a held notice gathered but released before its round, the held e-mail is not sent', () => {
    const waiting = queued(held);
    const released = [
      ...waiting,
      ...updateContact('s1', contactState(waiting), { isSpam: false }, new Date()),
    ];
    expect(owedNoticeMail(contactState(released), to, 'held')).toBeNull();
  });

  it("a batch's notices are counted by one event, the held ones tagged; an older window's events, one per notice, still count", () => {
    const heldNotices = queueNotice('s2', contactState(held), to, window);
    const notices = [...queueNotice('s1', contactState(received), to, window), ...heldNotices];
    const events = countInWindow(notices, now, null);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      notices: [
        { submissionId: 's1', kind: 'new', mode: 'gathered' },
        { submissionId: 's2', kind: 'held', mode: 'gathered' },
      ],
      at: now.toISOString(),
    });
    expect(countInWindow([], now, null)).toEqual([]);
    const older: ContactEvent[] = [
      {
        type: 'ContactNoticeCounted',
        data: { submissionId: 's0', kind: 'new', mode: 'gathered', at: now.toISOString() },
      },
    ];
    const state = noticesState([...older, ...events]);
    expect(digestOwed(state)).toEqual({ count: 3, tags: { held: 1 }, sample: ['s0', 's1', 's2'] });
    expect(state.lastCountedAt).toBe(now.toISOString());
  });

  it('the window counts what was queued; the first opens the round; it settles in a digest or one by one, once', () => {
    const notices = queueNotice('s1', contactState(received), to, window);
    const due = new Date(now.getTime() + 2_000);
    const events = countInWindow(notices, now, due);
    expect(events).toEqual([
      {
        type: 'ContactNoticesCounted',
        data: {
          notices: [{ submissionId: 's1', kind: 'new', mode: 'gathered' }],
          at: now.toISOString(),
        },
      },
      {
        type: 'ContactDigestScheduled',
        data: { window: window.id, dueAt: due.toISOString(), at: now.toISOString() },
      },
    ]);
    const state = noticesState(events);
    expect(state.pendingDueAt).toBe(due.toISOString());
    const owed = digestOwed(state)!;
    expect(owed).toEqual({ count: 1, tags: {}, sample: ['s1'] });
    const digest = recordDigest(window.id, to, owed, due);
    expect(digest[0].data).toEqual({
      window: window.id,
      to,
      count: 1,
      held: 0,
      at: due.toISOString(),
    });
    expect(digestOwed(noticesState([...events, ...digest]))).toBeNull();

    const alone = recordToldSeparately(window.id, state.sample, due);
    expect(alone).toEqual([
      {
        type: 'ContactNoticesToldSeparately',
        data: {
          window: window.id,
          at: due.toISOString(),
          notices: [{ submissionId: 's1', kind: 'new' }],
        },
      },
    ]);
    const after = noticesState([...events, ...alone]);
    expect(digestOwed(after)).toBeNull();
    expect(after.pendingDueAt).toBeNull();
    expect(after.separately).toEqual([{ id: 's1', tags: [], at: due.toISOString() }]);

    const putOff = noticesState([
      ...events,
      ...putOffRound(window.id, new Date(due.getTime() + 750), due),
    ]);
    expect(putOff.pendingDueAt).toBe(new Date(due.getTime() + 750).toISOString());
    expect(putOff.pendingSince).toBe(now.toISOString());
  });
});

describe('decideBulkContact', () => {
  const received = receiveContact('s1', message, visitor);
  const now = new Date('2026-11-23T10:00:00Z');
  it('given a new submission, when marked processed in bulk, then the same event as its own button', () => {
    expect(
      decideBulkContact('s1', contactState(received), { action: 'markProcessed' }, now),
    ).toEqual([
      {
        type: 'ContactMarkedProcessed',
        data: { submissionId: 's1', respondedAt: '2026-11-23T10:00:00.000Z' },
      },
    ]);
  });
  it('given a processed one, when marked processed again, then nothing', () => {
    const processed = contactState([
      ...received,
      {
        type: 'ContactMarkedProcessed',
        data: { submissionId: 's1', respondedAt: now.toISOString() },
      },
    ]);
    expect(decideBulkContact('s1', processed, { action: 'markProcessed' }, now)).toEqual([]);
  });
  it('when marked spam in bulk, then the quick reason; when given a status, then that status', () => {
    const state = contactState(received);
    expect(decideBulkContact('s1', state, { action: 'markSpam' }, now)).toEqual([
      {
        type: 'ContactMarkedSpam',
        data: { submissionId: 's1', reason: 'Marked as spam', automatic: false },
      },
    ]);
    expect(decideBulkContact('s1', state, { action: 'setStatus', status: 'closed' }, now)).toEqual([
      {
        type: 'ContactSubmissionUpdated',
        data: { submissionId: 's1', changes: { status: 'closed' } },
      },
    ]);
  });
  it('given nothing, when deleted in bulk, then not found (the batch names the id)', () => {
    expect(() => decideBulkContact('s1', contactState([]), { action: 'delete' }, now)).toThrow(
      'Contact submission not found',
    );
  });
});
