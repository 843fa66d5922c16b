import { describe, expect, it } from 'vitest';
import { serializeError, withoutAddresses } from './logger.ts';
import { createTestDatabase } from './testing/index.ts';

describe('logged errors', () => {
  it("keep PostgreSQL's detail without the values it quotes: a refused address is not in the log", async () => {
    const tdb = await createTestDatabase();
    try {
      await tdb.db.raw('create table people (email text primary key)');
      await tdb.db('people').insert({ email: 'ada@example.ca' });
      const error = await tdb
        .db('people')
        .insert({ email: 'ada@example.ca' })
        .catch((e) => e);
      const logged = serializeError(error);
      expect(String(error.detail)).toContain('ada@example.ca');
      expect(logged.detail).toBe('Key (email)=(…) already exists.');
      expect(JSON.stringify(logged)).not.toContain('ada@example.ca');
      expect(logged.message).toContain('duplicate key value violates unique constraint');
    } finally {
      await tdb.drop();
    }
  });

  it("leave out the addresses an error's message quotes (an SMTP server's refusal names the recipient)", () => {
    const logged = serializeError(
      new Error('550 5.1.1 <ada.l+news@example.ca>: Recipient address rejected'),
    );
    expect(logged.message).toBe('550 5.1.1 <…>: Recipient address rejected');
    expect(JSON.stringify(logged)).not.toContain('example.ca');
    expect(withoutAddresses('to ada@example.ca, grace@example.org; done')).toBe('to …, …; done');
    expect(withoutAddresses('/unsubscribe/ada%2Bnews%40example.ca?x=1')).toBe('/unsubscribe/…?x=1');
    expect(withoutAddresses('no address @ here, nor user@host')).toBe(
      'no address @ here, nor user@host',
    );
  });
});
