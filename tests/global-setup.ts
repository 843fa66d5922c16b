import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureAdmin } from '@kw/auth';
import { openRuntime, prepareDatabase } from '@kw/composition';
import { createLogger, EmbeddedPostgresError, startEmbeddedPostgres } from '@kw/platform';
import argon2 from 'argon2';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEST_ADMIN } from './test-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance database URL of the test server. */
    pgAdminUrl: string;
    /** A migrated database (schema, pg-boss, queues) that each test file copies. */
    pgTemplate: string;
    /** The same, with the test administrator's account (TEST_ADMIN) already made. */
    pgTemplateWithAdministrator: string;
  }
}

interface Shared {
  adminUrl: string;
  template: string;
  users: number;
  stop(): Promise<void>;
}

const TEMPLATE = 'kw_test_template';
const TEMPLATE_WITH_ADMINISTRATOR = 'kw_test_template_administrator';
const key = Symbol.for('kw.test.postgres');
type GlobalWithPg = typeof globalThis & { [key]?: Promise<Shared> };

/**
 * One PostgreSQL for the whole run (DATABASE_URL's server, or an embedded one), with a
 * migrated template database; every test file gets its own copy of it.
 */
async function startShared(): Promise<Shared> {
  let adminUrl: string;
  let stopServer = async () => {};
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'kw-test-pg-'));
    const server = await startEmbeddedPostgres(path.join(dir, 'data'), {
      database: 'postgres',
      persistent: false,
    }).catch((error: unknown) => {
      rmSync(dir, { recursive: true, force: true });
      // One line saying what to do, without a stack trace of ours.
      if (error instanceof EmbeddedPostgresError) error.stack = `${error.name}: ${error.message}`;
      throw error;
    });
    adminUrl = server.adminUrl;
    stopServer = async () => {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${TEMPLATE_WITH_ADMINISTRATOR} with (force)`);
  await client.query(`drop database if exists ${TEMPLATE} with (force)`);
  await client.query(`create database ${TEMPLATE}`);
  const urlOf = (name: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await prepareDatabase(urlOf(TEMPLATE));
  await client.query(`create database ${TEMPLATE_WITH_ADMINISTRATOR} template ${TEMPLATE}`);
  await client.end();
  await makeTestAdministrator(urlOf(TEMPLATE_WITH_ADMINISTRATOR));
  return { adminUrl, template: TEMPLATE, users: 0, stop: stopServer };
}

/**
 * The administrator's account as the API makes it at its first start, but with the password
 * stored by argon2id at its lowest cost. A stored hash carries its own parameters, so signing
 * in runs the same code; at the default cost each of the suite's ~160 sign-ins (and each
 * start's making of the account) spent about 250 ms of a core. Changing the password, and
 * every account the tests make otherwise, still uses the default cost.
 */
async function makeTestAdministrator(url: string): Promise<void> {
  const runtime = await openRuntime(url, 'api', createLogger('silent', 'test'));
  try {
    await ensureAdmin(runtime, TEST_ADMIN.username, TEST_ADMIN.password, (password) =>
      argon2.hash(password, {
        type: argon2.argon2id,
        memoryCost: 1024,
        timeCost: 1,
        parallelism: 1,
      }),
    );
  } finally {
    await runtime.close();
  }
}

export default async function setup(project: TestProject) {
  const g = globalThis as GlobalWithPg;
  g[key] ??= startShared();
  const shared = await g[key];
  shared.users++;
  project.provide('pgAdminUrl', shared.adminUrl);
  project.provide('pgTemplate', shared.template);
  project.provide('pgTemplateWithAdministrator', TEMPLATE_WITH_ADMINISTRATOR);
  return async () => {
    shared.users--;
    if (shared.users === 0) {
      delete g[key];
      await shared.stop();
    }
  };
}
