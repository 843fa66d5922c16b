import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../db.ts';

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database of its own for one test file (a copy of the run's template).
 * `administrator`: with the test administrator's account already made (tests/global-setup.ts).
 */
export async function createTestDatabase(
  options: { administrator?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject(options.administrator ? 'pgTemplateWithAdministrator' : 'pgTemplate');
  const name = `kw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        // Two files copying the template at the same instant: wait and try again.
        if (attempt < 20 && /being accessed by other users/.test(String(error))) {
          await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
          continue;
        }
        throw error;
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { min: 0, max: 5 });
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await client.end();
    },
  };
}

/** Waits until `check` returns a truthy value, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 5000,
  stepMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
export * from './as-sent.ts';
export * from './from-address.ts';
export * from './smtp-catcher.ts';
