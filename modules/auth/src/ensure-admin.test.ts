import { ConfigError, EventStore } from '@kw/platform';
import { createTestDatabase, type TestDatabase } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS } from './credentials.ts';
import { adminSessionsProjection, loginAttemptsProjection } from './projection.ts';
import { ensureAdmin } from './service.ts';

let tdb: TestDatabase;
let store: EventStore;
beforeAll(async () => {
  tdb = await createTestDatabase();
  store = new EventStore(tdb.db, {
    projections: [loginAttemptsProjection, adminSessionsProjection],
  });
});
afterAll(() => tdb?.drop());

describe('the administrator account at first start', () => {
  it('two processes starting at once make one account, and only the one that made it prints a password', async () => {
    const results = await Promise.all([
      ensureAdmin({ db: tdb.db, store }, 'admin', undefined),
      ensureAdmin({ db: tdb.db, store }, 'admin', undefined),
      ensureAdmin({ db: tdb.db, store }, 'admin', undefined),
    ]);
    expect(await tdb.db(CREDENTIALS).pluck('username')).toEqual(['admin']);
    const made = results.filter((r) => r.created);
    expect(made).toHaveLength(1);
    expect(made[0]?.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(results.filter((r) => r.generatedPassword)).toHaveLength(1);
    // Started again later: nothing to make, nothing printed.
    expect(await ensureAdmin({ db: tdb.db, store }, 'admin', undefined)).toEqual({
      created: false,
    });
  });

  it('stores the password with argon2id at its default cost (64 MiB, 3 passes, 4 lanes)', async () => {
    const own = await createTestDatabase();
    try {
      const ownStore = new EventStore(own.db, { projections: [loginAttemptsProjection] });
      await ensureAdmin({ db: own.db, store: ownStore }, 'owner', 'a long enough password');
      const { password_hash } = await own.db(CREDENTIALS).first('password_hash');
      expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    } finally {
      await own.drop();
    }
  });

  it('an ADMIN_PASSWORD anyone would guess first makes no account and says why; once the account exists, it is not read', async () => {
    const own = await createTestDatabase({ administrator: false });
    try {
      const ownStore = new EventStore(own.db, { projections: [loginAttemptsProjection] });
      for (const [weak, reason] of [
        ['password123', 'is one of the most common passwords: choose one that is harder to guess'],
        ['        ', 'must not be only spaces'],
        ['!!!!!!!!', 'must not be one character repeated'],
      ] as const) {
        const refused = ensureAdmin({ db: own.db, store: ownStore }, 'owner', weak);
        await expect(refused).rejects.toBeInstanceOf(ConfigError);
        await expect(refused).rejects.toThrow(`ADMIN_PASSWORD: ${reason}`);
      }
      expect(await own.db(CREDENTIALS).first()).toBeUndefined();
      // Made with a good one; a weak one left in the environment later changes nothing.
      expect(
        await ensureAdmin({ db: own.db, store: ownStore }, 'owner', 'a long enough password'),
      ).toEqual({ created: true });
      expect(await ensureAdmin({ db: own.db, store: ownStore }, 'owner', 'password123')).toEqual({
        created: false,
      });
    } finally {
      await own.drop();
    }
  });
});
