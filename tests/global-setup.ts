import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '@kw/composition';
import { EmbeddedPostgresError, startEmbeddedPostgres } from '@kw/platform';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance database URL of the test server. */
    pgAdminUrl: string;
    /** A migrated database (schema, pg-boss, queues) that each test file copies. */
    pgTemplate: string;
  }
}

interface Shared {
  adminUrl: string;
  template: string;
  users: number;
  stop(): Promise<void>;
}

const TEMPLATE = 'kw_test_template';
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
  await client.query(`drop database if exists ${TEMPLATE} with (force)`);
  await client.query(`create database ${TEMPLATE}`);
  await client.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE}`;
  await prepareDatabase(templateUrl.toString());
  return { adminUrl, template: TEMPLATE, users: 0, stop: stopServer };
}

export default async function setup(project: TestProject) {
  const g = globalThis as GlobalWithPg;
  g[key] ??= startShared();
  const shared = await g[key];
  shared.users++;
  project.provide('pgAdminUrl', shared.adminUrl);
  project.provide('pgTemplate', shared.template);
  return async () => {
    shared.users--;
    if (shared.users === 0) {
      delete g[key];
      await shared.stop();
    }
  };
}
