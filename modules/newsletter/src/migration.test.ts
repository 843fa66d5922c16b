import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from './migrations/20261123_4100_newsletter_consent.ts';

// The double opt-in's migration on a database with sign-ups from before it: they stay active
// (or unsubscribed), with the sign-up alone as their consent record, as a rebuild would write.

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb?.drop());

describe('20261123_4100_newsletter_consent', () => {
  it('keeps earlier subscribers active or unsubscribed, with a single opt-in consent record; down undoes it', async () => {
    await down(tdb.db);
    const at = new Date('2026-03-04T05:06:07.089Z');
    const row = (id: string, email: string, subscribed: boolean) => ({
      id,
      email,
      subscribed,
      source: 'footer',
      ip_address: '203.0.113.7',
      referer: 'https://www.example.ca/blog',
      created_at: at,
      updated_at: at,
      version: 1,
    });
    await tdb
      .db('newsletter_subscribers')
      .insert([
        row('00000000-0000-8000-8000-000000000001', 'a@example.ca', true),
        row('00000000-0000-8000-8000-000000000002', 'b@example.ca', false),
      ]);
    await up(tdb.db);
    const rows = await tdb.db('newsletter_subscribers').orderBy('email');
    expect(rows.map((r) => [r.email, r.status, r.subscribed])).toEqual([
      ['a@example.ca', 'active', true],
      ['b@example.ca', 'unsubscribed', false],
    ]);
    expect(rows[0].consent).toEqual({
      method: 'single-opt-in',
      source: 'footer',
      requestedAt: '2026-03-04T05:06:07.089Z',
      requestIp: '203.0.113.7',
      page: 'https://www.example.ca/blog',
      wording: null,
      confirmedAt: null,
      confirmIp: null,
      confirmUserAgent: null,
    });
    expect(await tdb.db.schema.hasTable('newsletter_suppressions')).toBe(true);
    // A new row is no longer subscribed by default: only a confirmation makes it so.
    await tdb.db('newsletter_subscribers').insert({
      ...row('00000000-0000-8000-8000-000000000003', 'c@example.ca', false),
      subscribed: undefined,
    });
    expect(
      (await tdb.db('newsletter_subscribers').where({ email: 'c@example.ca' }).first()).subscribed,
    ).toBe(false);
  });
});
