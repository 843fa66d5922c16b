import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../migrations/20261123_3002_page_view_networks.ts';

// Page views stored with a visitor's whole address keep only its network after the migration.

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

const view = (id: string, ipAddress: string) => ({
  stream_id: `analytics:${id}`,
  stream_type: 'analytics',
  version: 1,
  type: 'PageViewed',
  data: JSON.stringify({ path: '/', referrer: '', userAgent: 'UA', ipAddress }),
  metadata: JSON.stringify({ actor: 'visitor' }),
});

describe('page views stored before they kept the network only', () => {
  it('given whole addresses, then the last IPv4 octet is zeroed and any other address dropped', async () => {
    await tdb
      .db('events')
      .insert([
        view('a', '24.114.7.201'),
        view('b', '::ffff:203.0.113.9'),
        view('c', '2001:db8::1'),
        view('d', ''),
      ]);
    await up(tdb.db);
    await up(tdb.db); // twice is the same
    const stored = await tdb.db('events').where({ type: 'PageViewed' }).orderBy('stream_id');
    expect(stored.map((e) => e.data.ipAddress)).toEqual(['24.114.7.0', '203.0.113.0', '', '']);
    expect(stored.map((e) => e.data.path)).toEqual(['/', '/', '/', '/']);
  });
});
