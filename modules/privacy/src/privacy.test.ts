import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { projections } from '@kw/composition';
import { type Db, rebuildProjections } from '@kw/platform';
import { eventually } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// Access and erasure by e-mail, end to end: the real API and worker on PostgreSQL, a person
// who wrote, applied (with a résumé) and subscribed, then is erased; afterwards neither the
// database (dumped whole) nor DATA_DIR holds a trace of them in clear.

const ADA = {
  firstName: 'Augusta',
  lastName: 'Kingsbridge',
  email: 'Augusta.Kingsbridge@example.ca',
  phone: '519-555-0142',
  message: 'We would like a quote for a demand forecasting pilot in Guelph.',
  coverLetter: 'Twelve years of forecasting for Waterloo manufacturers.',
};
const TRACES = [
  ADA.firstName,
  ADA.lastName,
  ADA.email.toLowerCase(),
  ADA.phone,
  ADA.message,
  ADA.coverLetter,
];
const BOB = {
  firstName: 'Bob',
  lastName: 'Keeper',
  email: 'bob.keeper@example.ca',
  phone: '226-555-0199',
};

/** Who gets the owner's notices: each names the person it is about. */
const OWNER = 'owner@example.ca';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

let app: TestApp;
let token: string;
let jobId: string;
let address = 10;

async function drained(db: Db): Promise<void> {
  await eventually(
    async () =>
      (await db
        .withSchema('pgboss')
        .from('job')
        .whereIn('state', ['created', 'retry', 'active'])
        // Jobs held back a moment (an async projection's 150 ms) count as waiting too.
        .where('start_after', '<=', db.raw("now() + interval '1 second'"))
        .whereNot('name', 'like', '%.dead')
        .first()) === undefined,
    30_000,
    50,
  );
}

async function contact(
  person: { firstName: string; lastName: string; email: string },
  message: string,
) {
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
    json: { ...person, message, startedAt: Date.now() - 60_000 },
  });
  expect(res.status).toBe(201);
}

async function applyAs(person: typeof ADA) {
  const form = new FormData();
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'coverLetter'] as const)
    form.append(key, person[key]);
  form.append('resume', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'cv.pdf');
  const res = await app.fetch(`/api/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
  });
  expect(res.status).toBe(201);
}

/** The copies of the owner's notices kept in DATA_DIR/mail, by subject. */
function ownerNotices(): Map<string, string> {
  const notices = new Map<string, string>();
  for (const name of readdirSync(app.config.mailDir)) {
    const file = path.join(app.config.mailDir, name);
    const raw = readFileSync(file, 'utf8');
    if (raw.includes(`\nTo: ${OWNER}\n`))
      notices.set(/^Subject: (.*)$/m.exec(raw)?.[1] ?? name, file);
  }
  return notices;
}

const ADA_CONTACT_NOTICE = `New contact submission from ${ADA.firstName} ${ADA.lastName}`;
const ADA_APPLICATION_NOTICE = `New application: ${ADA.firstName} ${ADA.lastName} for Forecasting Analyst`;
const BOB_CONTACT_NOTICE = `New contact submission from ${BOB.firstName} ${BOB.lastName}`;

const search = (email: string) =>
  app.fetch(`/api/privacy/search?email=${encodeURIComponent(email)}`, { token });

beforeAll(async () => {
  app = await startTestApp({ worker: true, env: { ADMIN_EMAIL: OWNER } });
  token = await app.login();
  const category = await app.fetch('/api/job-categories', {
    method: 'POST',
    token,
    json: { name: 'Data', description: 'Data people', isActive: true },
  });
  const job = await app.fetch('/api/jobs', {
    method: 'POST',
    token,
    json: {
      title: 'Forecasting Analyst',
      description: 'Forecasting for small manufacturers across Waterloo Region.',
      categoryId: ((await category.json()) as { id: string }).id,
      location: 'Kitchener, ON',
      salaryRange: '$80,000',
      isPublished: true,
    },
  });
  jobId = ((await job.json()) as { id: string }).id;
  await contact(ADA, ADA.message);
  await applyAs(ADA);
  const sub = await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
    json: {
      email: ADA.email.toLowerCase(),
      firstName: ADA.firstName,
      startedAt: Date.now() - 60_000,
    },
  });
  expect(sub.status).toBeLessThan(300);
  await contact(BOB, 'Bob stays: he asked for nothing to be erased.');
  await drained(app.db);
  // The owner's notices go out once their round settles (a couple of seconds).
  await eventually(
    async () =>
      [ADA_CONTACT_NOTICE, ADA_APPLICATION_NOTICE, BOB_CONTACT_NOTICE].every((s) =>
        ownerNotices().has(s),
      ),
    60_000,
    100,
  );
}, 120_000);
afterAll(() => app.close());

describe('the privacy screen: search, export, erase', () => {
  it('refuses a malformed address with a 400 naming it', async () => {
    const res = await search('not-an-address');
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Enter a valid e-mail address');
    const erase = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: 'nope', confirmEmail: 'nope' },
    });
    expect(erase.status).toBe(400);
  });

  it('says clearly that nothing is held about an unknown address, for a search, an export and an erasure', async () => {
    const found = await (await search('nobody@example.ca')).json();
    expect(found).toMatchObject({ nothingHeld: true, records: [], mails: [] });
    expect(found.message).toContain('Nothing is held about nobody@example.ca');
    const exported = await app.fetch('/api/privacy/export?email=nobody@example.ca', { token });
    expect(exported.status).toBe(404);
    expect((await exported.json()).message).toContain('Nothing is held');
    const erased = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: 'nobody@example.ca', confirmEmail: 'nobody@example.ca' },
    });
    expect(erased.status).toBe(404);
    expect((await erased.json()).message).toContain('Nothing is held');
  });

  it('has the worker schedule the retention run daily (pg-boss schedule)', async () => {
    const schedule = await app.db
      .withSchema('pgboss')
      .from('schedule')
      .where({ name: 'privacy.retention' })
      .first();
    expect(schedule).toMatchObject({ cron: '30 3 * * *', options: { tz: 'UTC' } });
  });

  it('is for the administrator only', async () => {
    expect((await app.fetch('/api/privacy/search?email=a@b.ca')).status).toBe(401);
  });

  it('finds everything held about the address, whatever its case, across every module', async () => {
    const res = await search(`  ${ADA.email.toUpperCase()} `);
    expect(res.status).toBe(200);
    const found = await res.json();
    expect(found.nothingHeld).toBe(false);
    expect(found.keyHeld).toBe(true);
    expect(found.records.map((r: { module: string }) => r.module).sort()).toEqual([
      'careers',
      'contact',
      'newsletter',
    ]);
    const application = found.records.find((r: { module: string }) => r.module === 'careers');
    expect(application.files).toHaveLength(1);
    // The acknowledgement sent to them, and the owner's notices about them (not Bob's).
    const subjects = found.mails.map((m: { subject: string }) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining([ADA_CONTACT_NOTICE, ADA_APPLICATION_NOTICE]));
    expect(subjects).not.toContain(BOB_CONTACT_NOTICE);
  });

  it('exports it as a zip of one JSON file, the résumé and the e-mails, each as sent and as text', async () => {
    const res = await app.fetch(`/api/privacy/export?email=${encodeURIComponent(ADA.email)}`, {
      token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="personal-data-/);
    const dir = path.join(tmpdir(), `kw-export-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'export.zip');
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listing[0]).toBe('personal-data.json');
    expect(listing.filter((n) => n.startsWith('resumes/'))).toHaveLength(1);
    const json = JSON.parse(
      execFileSync('unzip', ['-p', file, 'personal-data.json'], { encoding: 'utf8' }),
    );
    expect(json.email).toBe(ADA.email.toLowerCase());
    const text = JSON.stringify(json);
    for (const trace of [ADA.lastName, ADA.phone, ADA.message, ADA.coverLetter])
      expect(text).toContain(trace);
    expect(json.emails.length).toBeGreaterThanOrEqual(1);
    // Each e-mail as sent (an .eml any mail program opens) and, in the JSON, as readable text:
    // the sent form is quoted-printable, whose soft line breaks cut words and addresses.
    const emails = json.emails as { subject: string; file: string; text: string }[];
    expect(listing.filter((n) => n.startsWith('emails/')).sort()).toEqual(
      emails.map((e) => e.file).sort(),
    );
    for (const e of emails) {
      const sent = execFileSync('unzip', ['-p', file, e.file], { encoding: 'utf8' });
      expect(sent).toMatch(/^Content-Type: /m);
      expect(e.text).not.toMatch(/=\r?\n/);
    }
    const notice = emails.find((e) => e.subject === ADA_CONTACT_NOTICE)!;
    expect(notice.text).toContain(ADA.message);
    expect(notice.text).toContain(ADA.email);
    const resume = execFileSync('unzip', [
      '-p',
      file,
      listing.find((n) => n.startsWith('resumes/'))!,
    ]);
    expect(resume.equals(PDF)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('erases only after the address is typed again', async () => {
    const res = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: ADA.email, confirmEmail: 'someone.else@example.ca' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Type the same address again');
    expect((await (await search(ADA.email)).json()).records).toHaveLength(3);
  });

  it('erases the person: afterwards a search, a pg_dump of the whole database and DATA_DIR hold no trace of them', {
    timeout: 120_000,
  }, async () => {
    // Before: the scan finds them (the acknowledgement e-mail's copy names them).
    const tracesIn = (file: string) => {
      const text = readFileSync(file).toString('latin1').toLowerCase();
      return TRACES.filter((trace) => text.includes(trace.toLowerCase()));
    };
    expect(filesUnder(app.config.dataDir).flatMap(tracesIn)).toContain(ADA.lastName);
    expect((await dumpDatabase(app)).includes(ADA.lastName)).toBe(true);

    const res = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: ADA.email, confirmEmail: ADA.email.toLowerCase() },
    });
    expect(res.status).toBe(200);
    const outcome = await res.json();
    expect(outcome).toMatchObject({ status: 'done', records: 3 });
    expect(outcome.files).toBeGreaterThanOrEqual(2); // the résumé and the mail copies
    await drained(app.db);

    const after = await (await search(ADA.email)).json();
    expect(after).toMatchObject({ nothingHeld: true, records: [], mails: [], keyHeld: false });

    // One PersonErased: a salted hash of the address, who asked, when; nothing else.
    const erased = await app.db('events').where({ type: 'PersonErased' });
    expect(erased).toHaveLength(1);
    const data = erased[0].data;
    expect(Object.keys(data).sort()).toEqual(
      ['emailHash', 'erasureId', 'records', 'requestedAt', 'requestedBy', 'salt', 'scope'].sort(),
    );
    expect(data.requestedBy).toBe('admin:admin');
    expect(data.emailHash).toBe(
      createHash('sha256')
        .update(data.salt + ADA.email.toLowerCase())
        .digest('hex'),
    );

    const dump = await dumpDatabase(app);
    for (const trace of TRACES) expect(dump.toLowerCase()).not.toContain(trace.toLowerCase());
    // The dump is real: Bob, who was not erased, is in it.
    expect(dump).toContain(BOB.lastName);

    for (const file of filesUnder(app.config.dataDir)) expect(tracesIn(file), file).toEqual([]);
    // The owner's notices about them went with the erasure; the one about Bob stays.
    expect([...ownerNotices().keys()]).toEqual([BOB_CONTACT_NOTICE]);
  });

  it('rebuilds the read models after the erasure with no row of the person, whole or half', async () => {
    const chart = await app.db('daily_activity_events').orderBy('position');
    await rebuildProjections(app.api.runtime.store, projections);
    // The chart still counts their message (no personal field in it), as it did live.
    expect(await app.db('daily_activity_events').orderBy('position')).toEqual(chart);
    const contacts = await app.db('contact_submissions').select('last_name', 'email');
    expect(contacts).toEqual([{ last_name: BOB.lastName, email: BOB.email }]);
    expect(await app.db('job_applications').count('* as n').first()).toEqual({ n: 0 });
    expect(await app.db('newsletter_subscribers').count('* as n').first()).toEqual({ n: 0 });
    const feed = JSON.stringify(await app.db('recent_activity').select('title'));
    expect(feed).not.toContain(ADA.lastName);
    expect(feed).not.toContain('[erased]');
  });
});

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

/**
 * The whole database as text: pg_dump when the one installed can dump this server (same major
 * or newer), else every row of every table of every schema, which is what pg_dump's data is.
 */
async function dumpDatabase(app: TestApp): Promise<string> {
  const server = Number(
    (await app.db.raw<{ rows: { v: string }[] }>('show server_version_num')).rows[0]!.v,
  );
  const probe = spawnSync('pg_dump', ['--version'], { encoding: 'utf8' });
  const client = Number(/(\d+)\./.exec(probe.stdout ?? '')?.[1] ?? 0);
  if (probe.status === 0 && client * 10000 >= Math.floor(server / 10000) * 10000) {
    return execFileSync('pg_dump', ['--no-owner', app.dbUrl], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  }
  const tables = (
    await app.db.raw<{ rows: { s: string; t: string }[] }>(
      `select table_schema as s, table_name as t from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    )
  ).rows;
  const parts: string[] = [];
  for (const { s, t } of tables) {
    const rows = (await app.db.raw(`select x::text as row from "${s}"."${t}" x`)).rows as {
      row: string;
    }[];
    parts.push(`-- ${s}.${t}`, ...rows.map((r) => r.row));
  }
  return parts.join('\n');
}

describe('an erasure that fails half-way', () => {
  it('leaves the key and the rows gone together, shows pending, and is finished by the worker once the file can go', {
    timeout: 120_000,
  }, async () => {
    const CAROL = {
      ...ADA,
      firstName: 'Carol',
      lastName: 'Stuckfile',
      email: 'carol.stuck@example.ca',
    };
    await applyAs(CAROL);
    await drained(app.db);
    const row = await app.db('job_applications').where({ email: CAROL.email }).first();
    const resume = path.join(app.config.privateDir, 'resumes', row.resume_filename);
    // A file that cannot be deleted: in its place, a folder with something in it.
    renameSync(resume, `${resume}.bak`);
    mkdirSync(resume);
    writeFileSync(path.join(resume, 'keep'), 'x');

    const res = await app.fetch('/api/privacy/erase', {
      method: 'POST',
      token,
      json: { email: CAROL.email, confirmEmail: CAROL.email },
    });
    expect(res.status).toBe(202);
    const outcome = await res.json();
    expect(outcome.status).toBe('pending');
    expect(outcome.message).toContain('pending');
    // Never the key gone with the rows readable, or the reverse: both are gone already.
    const now = await (await search(CAROL.email)).json();
    expect(now.records).toEqual([]);
    expect(now.keyHeld).toBe(false);
    const listed = await (await app.fetch('/api/privacy/erasures', { token })).json();
    expect(listed.erasures[0], JSON.stringify(listed)).toMatchObject({
      id: outcome.erasureId,
      status: 'pending',
    });
    expect(listed.erasures[0].filesLeft).toBeGreaterThanOrEqual(1);
    expect(await app.db('events').where({ type: 'PersonErased' })).toHaveLength(1);

    // The obstacle goes; the worker's retries finish the erasure.
    rmSync(resume, { recursive: true });
    writeFileSync(resume, readFileSync(`${resume}.bak`));
    rmSync(`${resume}.bak`);
    await eventually(
      async () =>
        (await app.db('privacy_erasures').where({ id: outcome.erasureId }).first())?.status ===
        'done',
      60_000,
      200,
    );
    expect(() => statSync(resume)).toThrow();
    expect(await app.db('events').where({ type: 'PersonErased' })).toHaveLength(2);
  });
});
