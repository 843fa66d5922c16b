import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { queueBacklog } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnvOf, startTestApp, type TestApp } from '../../../tests/harness.ts';

// Issue 13 from the terminal: make privacy-export / privacy-erase, and a backup taken before
// an erasure, restored after it: the person stays erased.

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

let app: TestApp;
let token: string;
let address = 40;

const env = (extra: Record<string, string> = {}) => cliEnvOf(app, extra);

async function settle() {
  await eventually(
    async () =>
      (await queueBacklog(app.db)) === 0 &&
      (await app.db('pgboss.job').where({ state: 'active' }).first()) === undefined,
    20_000,
  );
}

async function applyAs(lastName: string, email: string, jobId: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    firstName: 'Ivy',
    lastName,
    email,
    phone: '519-555-0177',
    coverLetter: 'Please consider me.',
  }))
    form.append(k, v);
  form.append('resume', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'cv.pdf');
  const res = await app.fetch(`/api/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
  });
  expect(res.status).toBe(201);
}

const holds = async (email: string) =>
  (await (await app.fetch(`/api/privacy/search?email=${email}`, { token })).json()).nothingHeld ===
  false;

let jobId: string;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
  token = await app.login();
  const category = await app.fetch('/api/job-categories', {
    method: 'POST',
    token,
    json: { name: 'Ops', description: 'Operations', isActive: true },
  });
  const job = await app.fetch('/api/jobs', {
    method: 'POST',
    token,
    json: {
      title: 'Operations Lead',
      description: 'Keeping the lights on for small manufacturers in the region.',
      categoryId: ((await category.json()) as { id: string }).id,
      location: 'Waterloo, ON',
      salaryRange: '$70,000',
      isPublished: true,
    },
  });
  jobId = ((await job.json()) as { id: string }).id;
  await applyAs('Backedup', 'ivy.backedup@example.ca', jobId);
  await applyAs('Terminal', 'ivy.terminal@example.ca', jobId);
  await settle();
}, 60_000);
afterAll(() => app.close());

describe('make privacy-export / make privacy-erase', () => {
  it('exports a person to the file named, and refuses an address with nothing held', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kw-privacy-cli-'));
    const file = path.join(dir, 'ivy.zip');
    const { stdout } = await run(
      process.execPath,
      [cli, 'privacy-export', 'ivy.terminal@example.ca', file],
      { env: env() },
    );
    expect(stdout).toContain('1 record(s)');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await expect(
      run(process.execPath, [cli, 'privacy-export', 'nobody@example.ca'], { env: env() }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('Nothing is held about nobody@example.ca'),
    });
    // Each command names itself in what to type instead.
    await expect(
      run(process.execPath, [cli, 'privacy-export', 'not-an-address'], { env: env() }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'Name a valid address: make privacy-export EMAIL=person@example.ca',
      ),
    });
    await expect(
      run(process.execPath, [cli, 'privacy-erase'], { env: env() }),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'Name a valid address: make privacy-erase EMAIL=person@example.ca',
      ),
    });
  });

  it('erases a person only when confirmed', async () => {
    await expect(
      run(process.execPath, [cli, 'privacy-erase', 'ivy.terminal@example.ca'], { env: env() }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('CONFIRM=yes') });
    expect(await holds('ivy.terminal@example.ca')).toBe(true);
    const { stdout } = await run(
      process.execPath,
      [cli, 'privacy-erase', 'ivy.terminal@example.ca'],
      {
        env: env({ CONFIRM: 'yes' }),
      },
    );
    expect(stdout).toContain('Erased ivy.terminal@example.ca');
    expect(await holds('ivy.terminal@example.ca')).toBe(false);
    const erased = await app.db('events').where({ type: 'PersonErased' });
    expect(erased.map((e) => e.data.requestedBy)).toEqual(['cli']);
  });
});

describe('a backup taken before an erasure, restored after it', () => {
  it('leaves the person erased (no key, no row, no résumé, nothing found) and keeps the record that they were', {
    timeout: 120_000,
  }, async () => {
    const backup = path.join(app.config.dataDir, 'backups', 'before-erasure.tar.gz');
    await run(process.execPath, [cli, 'backup', backup], { env: env() });
    const resumes = () => readdirSync(path.join(app.config.privateDir, 'resumes'));
    const before = resumes().length;
    const res = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: 'ivy.backedup@example.ca', confirmEmail: 'ivy.backedup@example.ca' },
    });
    expect(res.status).toBe(200);
    await settle();
    expect(resumes()).toHaveLength(before - 1);

    const recorded = async () => ({
      erasures: (await app.db('privacy_erasures').select('id', 'status')).map(
        (r) => `${r.id} ${r.status}`,
      ),
      logged: await app.db('events').where({ type: 'PersonErased' }).count('* as n').first(),
    });
    const erasedRecord = await recorded();
    const { stdout } = await run(process.execPath, [cli, 'restore', backup], { env: env() });
    expect(stdout).toContain('applied again: 1 key(s)');
    // The record of the erasure outlives the restore (the Privacy screen, the audit log): the
    // backup did not have it.
    expect(await recorded()).toEqual(erasedRecord);
    expect(await holds('ivy.backedup@example.ca')).toBe(false);
    expect(await app.db('job_applications').where({ last_name: 'Backedup' })).toEqual([]);
    expect(resumes()).toHaveLength(before - 1);
    // The log the backup brought back still has their events, sealed: unreadable now.
    const log = JSON.stringify(await app.db('events').select('data'));
    expect(log).not.toContain('Backedup');

    // A fresh backup holds no trace of them in clear (nor did the old one: the log is sealed).
    const fresh = path.join(app.config.dataDir, 'backups', 'after-erasure.tar.gz');
    await run(process.execPath, [cli, 'backup', fresh], { env: env() });
    for (const file of [fresh, backup]) {
      const dir = mkdtempSync(path.join(tmpdir(), 'kw-backup-scan-'));
      await run('tar', ['-xzf', file, '-C', dir]);
      const names = readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name));
      expect(names.some((n) => n.endsWith('personal-keys.json'))).toBe(true);
      for (const name of names) {
        const text = readFileSync(name, 'latin1').toLowerCase();
        for (const trace of ['backedup', 'ivy.backedup@example.ca', '519-555-0177'])
          expect(text.includes(trace), `${trace} in ${name}`).toBe(false);
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
