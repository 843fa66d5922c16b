import { EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactEvent } from './events.ts';
import { CONTACT_SUBMISSIONS, contactSubmissionsProjection } from './projection.ts';

// Given events appended through the store, then these rows in contact_submissions.

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, { projections: [contactSubmissionsProjection] });
});
afterAll(() => tdb?.drop());

const metadata = { actor: 'test' };
let next = 0;
const newId = () => `6f1d2a7e-3b8c-4f0e-9a51-${String(++next).padStart(12, '0')}`;

const received = (submissionId: string): ContactEvent => ({
  type: 'ContactReceived',
  data: {
    submissionId,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.ca',
    phone: '519-555-0100',
    company: 'Lee Bakery',
    service: 'integration',
    message: 'Our point of sale and our books do not talk to each other.',
    subscribeNewsletter: true,
    ipAddress: '203.0.113.9',
    userAgent: 'UA',
    referer: 'https://www.example.ca/contact',
  },
});

async function given(submissionId: string, ...events: ContactEvent[]) {
  await store.append(`contact:${submissionId}`, 'any', events, { metadata });
  return tdb.db(CONTACT_SUBMISSIONS).where({ id: submissionId }).first();
}

describe('the contact submissions projection', () => {
  it('given ContactReceived, then a new, medium-priority row with the visitor details and version 1', async () => {
    const id = newId();
    const row = await given(id, received(id));
    expect(row).toMatchObject({
      id,
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.ca',
      phone: '519-555-0100',
      company: 'Lee Bakery',
      service: 'integration',
      subscribe_newsletter: true,
      ip_address: '203.0.113.9',
      user_agent: 'UA',
      referer: 'https://www.example.ca/contact',
      status: 'new',
      priority: 'medium',
      processed: false,
      is_spam: false,
      device_type: 'unknown',
      enriched_at: null,
      version: 1,
    });
    expect(row.updated_at).toEqual(row.created_at);
  });

  it('given enrichment, then device, browser, OS and place, and when it was learned', async () => {
    const id = newId();
    const row = await given(id, received(id), {
      type: 'ContactSubmissionEnriched',
      data: {
        submissionId: id,
        deviceType: 'mobile',
        browserName: 'Mobile Safari',
        browserVersion: '18.1',
        os: 'iOS 18.1',
        country: 'CA',
        city: 'Waterloo',
      },
    });
    expect(row).toMatchObject({
      device_type: 'mobile',
      browser_name: 'Mobile Safari',
      browser_version: '18.1',
      os: 'iOS 18.1',
      country: 'CA',
      city: 'Waterloo',
      version: 2,
    });
    expect(row.enriched_at).toEqual(row.updated_at);
  });

  it("given a worker's batch of enrichments appended to many streams at once, then the same rows as one by one", async () => {
    const enrichment = (submissionId: string, city: string): ContactEvent => ({
      type: 'ContactSubmissionEnriched',
      data: {
        submissionId,
        deviceType: 'desktop',
        browserName: 'Firefox',
        browserVersion: '133.0',
        os: 'Linux',
        country: 'CA',
        city,
      },
    });
    const one = newId();
    const oneRow = await given(one, received(one), enrichment(one, 'Guelph'));
    const ids = [newId(), newId(), newId()];
    for (const id of ids) await given(id, received(id));
    await tdb.db.transaction((trx) =>
      store.appendToStreams(
        trx,
        ids.map((id, i) => ({
          streamId: `contact:${id}`,
          events: [enrichment(id, `City ${i}`)],
          metadata,
          expectedVersion: 1,
        })),
      ),
    );
    const rows = await tdb.db(CONTACT_SUBMISSIONS).whereIn('id', ids).orderBy('city');
    const columns = (row: Record<string, unknown>) => ({
      device_type: row.device_type,
      browser_name: row.browser_name,
      browser_version: row.browser_version,
      os: row.os,
      country: row.country,
      version: row.version,
      enrichedWhenUpdated:
        (row.enriched_at as Date).getTime() === (row.updated_at as Date).getTime(),
    });
    expect(rows.map((r) => r.city)).toEqual(['City 0', 'City 1', 'City 2']);
    for (const row of rows) expect(columns(row)).toEqual(columns(oneRow));
    // Their place sealed under each person's key, as a single append seals it, and opened again.
    const stored = await tdb.db('events').whereIn(
      'stream_id',
      [one, ...ids].map((id) => `contact:${id}`),
    );
    const envelopes = stored
      .filter((e) => e.type === 'ContactSubmissionEnriched')
      .map((e) => e.data.$personal);
    expect(envelopes).toHaveLength(4);
    for (const envelope of envelopes) expect(envelope.f).toEqual(['country', 'city']);
    const streams = await store.readStreams(ids.map((id) => `contact:${id}`));
    expect(ids.map((id) => streams.get(`contact:${id}`)![1]!.data)).toMatchObject([
      { city: 'City 0' },
      { city: 'City 1' },
      { city: 'City 2' },
    ]);
  });

  it("given the administrator's edits, then only the changed columns change", async () => {
    const id = newId();
    const row = await given(
      id,
      received(id),
      {
        type: 'ContactSubmissionUpdated',
        data: { submissionId: id, changes: { priority: 'high', responseNotes: 'Called back' } },
      },
      {
        type: 'ContactSubmissionUpdated',
        data: { submissionId: id, changes: { status: 'closed', responseNotes: null } },
      },
    );
    expect(row).toMatchObject({
      status: 'closed',
      priority: 'high',
      processed: false,
      response_notes: null,
      responded_at: null,
      version: 3,
    });
  });

  it('given ContactMarkedProcessed, then processed, responded, with the time', async () => {
    const id = newId();
    const row = await given(id, received(id), {
      type: 'ContactMarkedProcessed',
      data: { submissionId: id, respondedAt: '2026-11-22T15:00:00.000Z' },
    });
    expect(row).toMatchObject({ processed: true, status: 'responded' });
    expect(row.responded_at.toISOString()).toBe('2026-11-22T15:00:00.000Z');
  });

  it('given marked spam, then flagged with the reason; unmarked, then clean again', async () => {
    const id = newId();
    const spam = await given(id, received(id), {
      type: 'ContactMarkedSpam',
      data: { submissionId: id, reason: 'Message is full of links', automatic: true },
    });
    expect(spam).toMatchObject({ is_spam: true, spam_reason: 'Message is full of links' });
    const clean = await given(id, { type: 'ContactUnmarkedSpam', data: { submissionId: id } });
    expect(clean).toMatchObject({ is_spam: false, spam_reason: null, version: 3 });
  });

  it("given the administrator's notification, then the row does not change", async () => {
    const id = newId();
    const row = await given(id, received(id), {
      type: 'AdminNotifiedOfContact',
      data: { submissionId: id, to: 'owner@example.ca' },
    });
    expect(row).toMatchObject({ version: 1 });
  });

  it('given held for review, then held with the reason and not spam; released, then clean', async () => {
    const id = newId();
    const held = await given(id, received(id), {
      type: 'ContactHeld',
      data: { submissionId: id, reason: 'Submitted faster than a person could type' },
    });
    expect(held).toMatchObject({
      held: true,
      held_reason: 'Submitted faster than a person could type',
      is_spam: false,
      spam_reason: null,
      version: 2,
    });
    const released = await given(id, { type: 'ContactReleased', data: { submissionId: id } });
    expect(released).toMatchObject({ held: false, held_reason: null, is_spam: false, version: 3 });
  });

  it('given held, then marked spam: spam, no longer held', async () => {
    const id = newId();
    const row = await given(
      id,
      received(id),
      { type: 'ContactHeld', data: { submissionId: id, reason: 'Too fast' } },
      {
        type: 'ContactMarkedSpam',
        data: { submissionId: id, reason: 'Marked as spam', automatic: false },
      },
    );
    expect(row).toMatchObject({ held: false, held_reason: null, is_spam: true });
  });

  it("given the owner's notice queued, then the row does not change", async () => {
    const id = newId();
    const row = await given(id, received(id), {
      type: 'ContactNoticeQueued',
      data: { submissionId: id, kind: 'new', mode: 'digest', window: '2026-11-23T15:00:00.000Z' },
    });
    expect(row).toMatchObject({ version: 1, held: false });
  });

  it('given ContactSubmissionDeleted, then no row is left', async () => {
    const id = newId();
    expect(
      await given(id, received(id), {
        type: 'ContactSubmissionDeleted',
        data: { submissionId: id },
      }),
    ).toBeUndefined();
  });
});

describe('a message as it arrives, stored in one statement', () => {
  // A new stream's append (expected version 0, no transaction of the caller's) runs the
  // projection's `statement` inside its single statement; 'any' runs `apply`. Same rows.
  const arrivals: [string, (id: string) => ContactEvent[]][] = [
    ['received', (id) => [received(id)]],
    [
      'received, with the newsletter asked for',
      (id) => [received(id), { type: 'ContactNewsletterRequested', data: { submissionId: id } }],
    ],
    [
      'held for review, with the newsletter asked for',
      (id) => [
        received(id),
        { type: 'ContactHeld', data: { submissionId: id, reason: 'Too fast' } },
        { type: 'ContactNewsletterRequested', data: { submissionId: id } },
      ],
    ],
    [
      'marked spam on arrival',
      (id) => [
        received(id),
        {
          type: 'ContactMarkedSpam',
          data: { submissionId: id, reason: 'Message is full of links', automatic: true },
        },
      ],
    ],
  ];
  const comparable = (row: Record<string, unknown>) => {
    const { id: _id, created_at, updated_at, ...rest } = row;
    expect(updated_at).toEqual(created_at);
    return rest;
  };

  for (const [name, events] of arrivals) {
    it(`given ${name}, then the row the usual path leaves, in one round trip`, async () => {
      const fast = newId();
      const queries: string[] = [];
      const count = (q: { sql: string }) => queries.push(q.sql);
      tdb.db.on('query', count);
      try {
        await store.append(`contact:${fast}`, 0, events(fast), { metadata });
      } finally {
        tdb.db.off('query', count);
      }
      expect(queries).toHaveLength(1);
      const usual = newId();
      const expected = await given(usual, ...events(usual));
      const row = await tdb.db(CONTACT_SUBMISSIONS).where({ id: fast }).first();
      expect(comparable(row)).toEqual(comparable(expected));
    });
  }
});
