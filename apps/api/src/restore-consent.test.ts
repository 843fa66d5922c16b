import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { queueBacklog } from '@kw/platform';
import {
  type CaughtMail,
  eventually,
  linksIn,
  type SmtpCatcher,
  startSmtpCatcher,
} from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnvOf, startTestApp, type TestApp } from '../../../tests/harness.ts';

// A backup taken before a person unsubscribed, restored after it: they stay unsubscribed. A
// withdrawal of consent (CASL) holds from the moment it is made, and a restore must not undo
// it, as it must not undo an erasure (privacy-cli.test.ts).

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

let app: TestApp;
let smtp: SmtpCatcher;
let token: string;
let address = 20;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({ worker: true, env: { SMTP_URL: smtp.url } });
  token = await app.login();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const env = () => cliEnvOf(app);

const settled = () =>
  eventually(
    async () =>
      (await queueBacklog(app.db)) === 0 &&
      (await app.db('pgboss.job').where({ state: 'active' }).first()) === undefined,
    30_000,
  );

/** The latest e-mail to the address with this subject, once it has arrived. */
const mail = (email: string, subject: string, after: number) =>
  eventually(
    async () =>
      smtp.mails
        .slice(after)
        .filter((m: CaughtMail) => m.to.includes(email) && m.headers.subject?.startsWith(subject))
        .at(-1),
    30_000,
  );
const local = (link: string) => link.replace('https://www.example.ca', '');

/** Signs up and confirms as the person does; answers the welcome's unsubscribe link. */
async function subscribe(email: string): Promise<string> {
  const before = smtp.mails.length;
  const res = await app.fetch('/api/newsletter/subscribe', {
    method: 'POST',
    json: { email },
    headers: { 'x-forwarded-for': `203.0.113.${address++}` },
  });
  expect(res.status).toBe(200);
  const confirmation = await mail(email, 'Please confirm', before);
  const confirm = linksIn(confirmation).find((l) => l.includes('/newsletter/confirm?token='))!;
  const confirmed = await app.fetch(local(confirm), {
    method: 'POST',
    headers: { origin: 'https://www.example.ca', 'x-forwarded-for': `203.0.113.${address++}` },
  });
  expect(confirmed.status).toBe(200);
  const welcome = await mail(email, 'Welcome', before);
  return local(linksIn(welcome).find((l) => l.includes('/newsletter/unsubscribe?token='))!);
}

const unsubscribe = async (link: string) => {
  const res = await app.fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(res.status).toBe(200);
};

/** What the back office's list (with the unsubscribed) says of the address. */
const listed = async (email: string) => {
  const res = await app.fetch('/api/newsletter?includeUnsubscribed=true', { token });
  expect(res.status).toBe(200);
  const rows = (await res.json()) as {
    email: string;
    subscribed: boolean;
    unsubscribedAt: string | null;
  }[];
  const row = rows.find((s) => s.email === email);
  return row && { subscribed: row.subscribed, unsubscribedAt: row.unsubscribedAt };
};

const withdrawals = (email: string) =>
  app
    .db('events')
    .join('newsletter_subscribers as s', 'events.stream_id', app.db.raw("'subscriber:' || s.id"))
    .where('s.email', email)
    .whereIn('events.type', ['SubscriberUnsubscribed', 'SubscriberSuppressed'])
    .orderBy('events.position')
    .select('events.type', 'events.occurred_at', 'events.data');

describe('a backup taken before an unsubscribe, restored after it', () => {
  it('leaves the person unsubscribed, with the time they unsubscribed; one who subscribed again since stays subscribed', {
    timeout: 120_000,
  }, async () => {
    const ann = 'ann.restore@example.ca';
    const bob = 'bob.restore@example.ca';
    const annLink = await subscribe(ann);
    const bobLink = await subscribe(bob);
    await settled();
    const backup = path.join(app.config.dataDir, 'backups', 'before-unsubscribe.tar.gz');
    await run(process.execPath, [cli, 'backup', backup], { env: env() });

    // Since the backup: Ann unsubscribes; Bob unsubscribes, then signs up and confirms again.
    await unsubscribe(annLink);
    await unsubscribe(bobLink);
    await subscribe(bob);
    await settled();
    const annListed = await listed(ann);
    expect(annListed).toMatchObject({ subscribed: false, unsubscribedAt: expect.any(String) });
    expect(await listed(bob)).toMatchObject({ subscribed: true, unsubscribedAt: null });
    const annWithdrew = await withdrawals(ann);
    expect(annWithdrew.map((e) => e.type)).toEqual([
      'SubscriberUnsubscribed',
      'SubscriberSuppressed',
    ]);

    const { stdout } = await run(process.execPath, [cli, 'restore', backup], { env: env() });
    expect(stdout).toContain('2 event(s) kept in the log');
    // The back office shows her unsubscribed since the same moment; him subscribed.
    expect(await listed(ann)).toEqual(annListed);
    expect(await listed(bob)).toMatchObject({ subscribed: true, unsubscribedAt: null });
    // Her unsubscribe and its suppression, as they were: when, how and the address's hash.
    expect(await withdrawals(ann)).toEqual(annWithdrew);
    const suppressed = await app.db('newsletter_suppressions').count<{ n: number }[]>('* as n');
    expect(Number(suppressed[0]!.n)).toBe(1);

    // Restored once more, the same backup gives the same list and the same log of her.
    await run(process.execPath, [cli, 'restore', backup], { env: env() });
    expect(await listed(ann)).toEqual(annListed);
    expect(await withdrawals(ann)).toEqual(annWithdrew);
  });
});
