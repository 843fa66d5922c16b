import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTimestamptz, parseTimestamptzAsPg } from './db.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('reading a timestamptz', () => {
  it('given instants written by PostgreSQL in several time zones, then each reads as the same instant, to the millisecond', async () => {
    const instants = [
      '2026-11-24 23:39:50.123456+00',
      '2026-11-24 23:39:50+00',
      '2026-11-24 23:39:50.1+00',
      '2026-11-24 23:39:50.999999+00',
      '2026-03-08 07:00:00.291+00',
      '2000-02-29 12:00:00.5+00',
      '1969-12-31 23:59:59.999+00',
      '1900-01-01 00:00:00+00',
      '1950-01-01 00:00:00.25+00',
      '1000-06-01 00:00:00+00',
    ];
    for (const zone of [
      'UTC',
      'America/Toronto',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Europe/Amsterdam',
      'America/St_Johns',
      // Offsets in seconds (local mean time): '-00:25:21', '+05:21:10'.
      'Europe/Dublin',
      'Africa/Monrovia',
    ]) {
      const { rows } = await tdb.db.transaction(async (trx) => {
        await trx.raw(`set local time zone '${zone}'`);
        return trx.raw<{ rows: { text: string; ms: string }[] }>(
          `select t::text as text, floor(extract(epoch from t) * 1000)::text as ms
             from unnest(?::timestamptz[]) as t`,
          [instants],
        );
      });
      for (const row of rows) {
        expect(parseTimestamptz(row.text).getTime(), `${row.text} (${zone})`).toBe(Number(row.ms));
      }
    }
  });

  it('given what the quick reading does not take (BC, infinity, a year before 1000 or after 9999), then it reads as pg reads it', () => {
    expect(parseTimestamptzAsPg).not.toBe(parseTimestamptz);
    for (const text of [
      'infinity',
      '-infinity',
      '0099-01-01 00:00:00+00',
      '0999-12-31 23:59:59.5+00',
      '10000-01-01 00:00:00+00',
      '2026-11-24 23:39:50+00 BC',
      '2026-11-24 23:39:50+0530',
    ])
      expect(String(parseTimestamptz(text)), text).toBe(String(parseTimestamptzAsPg(text)));
  });

  it('given a date read from the database through pg, then this reader reads it', async () => {
    expect(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)).toBe(parseTimestamptz);
    const { rows } = await tdb.db.raw<{ rows: { at: Date }[] }>(
      "select '2026-11-24 23:39:50.123456+05:30'::timestamptz as at",
    );
    expect(rows[0]!.at.toISOString()).toBe('2026-11-24T18:09:50.123Z');
  });
});
