import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eventually } from '@kw/platform/testing';
import { expect } from 'vitest';
import type { TestApp } from '../../../../tests/harness.ts';

// What the specs that run the worker as a real process share: the process on the test app's
// settings, an enquiry for it to enrich, and the wait for that enrichment.

export interface WorkerProcess {
  child: ChildProcess;
  /** Its standard output, line by line. */
  output: string[];
}

/** `apps/worker/src/<entry>` as its own process, on the app's settings (and `env`'s). */
export function startWorkerProcess(
  app: TestApp,
  entry: string,
  env: NodeJS.ProcessEnv = {},
): WorkerProcess {
  const output: string[] = [];
  const child = spawn(process.execPath, [fileURLToPath(new URL(`../${entry}`, import.meta.url))], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: app.dbUrl,
      DATA_DIR: app.config.dataDir,
      JWT_SECRET: app.config.jwtSecret,
      PUBLIC_URL: app.config.publicUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n')));
  return { child, output };
}

/** A contact message from a desktop Firefox (the enrichment has a browser to name); its id. */
export async function sendEnquiry(
  app: TestApp,
  from: { firstName: string; lastName: string; email: string; message: string },
): Promise<string> {
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    json: from,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Waits until a worker has enriched the submission. */
export async function enrichmentOf(app: TestApp, id: string, timeoutMs = 30_000): Promise<void> {
  await eventually(
    async () =>
      (await app.db('contact_submissions').where({ id }).whereNotNull('enriched_at').first()) ??
      false,
    timeoutMs,
    50,
  );
}
