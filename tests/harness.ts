import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningApi, startApi } from '@kw/api';
import {
  type Config,
  createDb,
  createLogger,
  type Db,
  type EventHandler,
  loadConfig,
} from '@kw/platform';
import { createTestDatabase } from '@kw/platform/testing';
import { allHandlers, type RunningWorker, startWorker } from '../apps/worker/src/worker.ts';
import { TEST_ADMIN } from './test-admin.ts';

export { TEST_ADMIN };

/** Tests read answers loosely: the assertions are the type check. */
export interface TestResponse extends Response {
  json(): Promise<any>;
}

export interface TestApp {
  url: string;
  db: Db;
  dbUrl: string;
  config: Config;
  api: RunningApi;
  worker: RunningWorker | undefined;
  fetch(
    pathname: string,
    init?: RequestInit & { json?: unknown; token?: string },
  ): Promise<TestResponse>;
  login(): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real API (and optionally the worker and the web pages) on a database of its own,
 * listening on a free port of 127.0.0.1.
 */
export async function startTestApp(
  options: {
    web?: boolean;
    worker?: boolean | EventHandler[];
    env?: Record<string, string>;
    /** A prepared database of the test's own (a server it stops and starts), instead of a copy. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  // The administrator's account comes made with the database, unless the test names another.
  const administrator = !options.env?.ADMIN_USERNAME && !options.env?.ADMIN_PASSWORD;
  const tdb = options.databaseUrl
    ? ownDatabase(options.databaseUrl)
    : await createTestDatabase({ administrator });
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'kw-test-data-')),
    DATABASE_URL: tdb.url,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://www.example.ca',
    // As deployed behind a reverse proxy on the same machine: X-Forwarded-For from a loopback
    // peer names the client (tests give visitors public addresses this way). The default,
    // no proxy at all, is tested with TRUST_PROXY: 'none'.
    TRUST_PROXY: 'loopback',
    ...options.env,
  });
  const logger = createLogger('silent', 'test');
  const api = await startApi(config, tdb.url, logger, { web: options.web ?? false });
  const worker = options.worker
    ? await startWorker(
        config,
        tdb.url,
        logger,
        options.worker === true ? allHandlers() : options.worker,
      )
    : undefined;
  const url = api.url;
  const app: TestApp = {
    url,
    db: tdb.db,
    dbUrl: tdb.url,
    config,
    api,
    worker,
    fetch(pathname, init = {}) {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (token) headers.set('authorization', `Bearer ${token}`);
      return fetch(`${url}${pathname}`, {
        ...rest,
        headers,
        redirect: 'manual',
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    async login() {
      const res = await app.fetch('/api/auth/login', { method: 'POST', json: TEST_ADMIN });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
    async close() {
      await worker?.stop();
      await api.close();
      await tdb.drop();
    },
  };
  return app;
}

function ownDatabase(url: string) {
  const db = createDb(url, { min: 0, max: 5 });
  return { url, db, drop: () => db.destroy() };
}

/**
 * The environment of the command line (`make backup`, `make restore`, `make admin-password` …)
 * on the app's database and data folder, with the app's secret: the personal-data keys are
 * wrapped under it.
 */
export function cliEnvOf(app: TestApp, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: app.dbUrl,
    DATA_DIR: app.config.dataDir,
    JWT_SECRET: app.config.jwtSecret,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...extra,
  };
}
