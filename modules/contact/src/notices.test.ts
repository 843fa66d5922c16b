import { eventually, type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// The owner's notices through the real worker, on a database of their own (the notices of a
// window are counted: the other test files' submissions would make these part of a digest):
// each real enquiry e-mailed once, and a submission held for review, released by the
// administrator, and told of twice (held, then as the enquiry it is).

let smtp: SmtpCatcher;
/** The messages received so far, one recipient list each. */
const received = {
  find: (match: (m: { to: string; raw: string }) => boolean) => all().find(match),
  filter: (match: (m: { to: string; raw: string }) => boolean) => all().filter(match),
  some: (match: (m: { to: string; raw: string }) => boolean) => all().some(match),
};
const all = () => smtp.mails.map((m) => ({ to: m.to.join(','), raw: m.raw }));
/** A message's text with quoted-printable undone (a link's `=` is sent as `=3D`). */
const decoded = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.ca',
  company: 'Lee Bakery',
  service: 'integration',
  message: 'Our point of sale and our books do not talk to each other.',
};

let app: TestApp;
let token: string;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await startTestApp({
    worker: true,
    env: { SMTP_URL: smtp.url, ADMIN_EMAIL: 'owner@example.ca' },
  });
  token = await app.login();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function submit(json: Record<string, unknown>, ip = '203.0.113.20'): Promise<string> {
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    json,
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const streamTypes = async (id: string) =>
  app
    .db('events')
    .where({ stream_id: `contact:${id}` })
    .orderBy('version')
    .pluck('type');

describe('administrator notification', () => {
  it('each non-spam submission e-mails ADMIN_EMAIL once; spam ones do not', {
    timeout: 150_000,
  }, async () => {
    const id = await submit(
      { ...valid, firstName: 'Notify', email: 'notify@example.ca' },
      '203.0.113.30',
    );
    const spam = await submit(
      {
        ...valid,
        email: 'spam@example.com',
        message: 'x http://a.b http://c.d http://e.f http://g.h',
      },
      '203.0.113.31',
    );
    const mine = (m: { raw: string }) => m.raw.includes(`<contact-${id}@`);
    const mail = await eventually(async () => received.find(mine), 60_000);
    expect(mail.to).toBe('owner@example.ca');
    expect(mail.raw).toContain('Subject: New contact submission from Notify Lee');
    expect(mail.raw).toContain('Service: Integration & Automation');
    await eventually(
      async () => (await streamTypes(id)).includes('AdminNotifiedOfContact'),
      60_000,
    );
    // The spam one's job has run too, and sent nothing. (A queue woken while busy may wait for
    // its next poll, up to 10 s: hence the generous waits.)
    await eventually(
      async () =>
        (
          await app
            .db('pgboss.job')
            .where({ name: 'contact.notify-admin', state: 'completed' })
            .count<{ count: number }[]>('* as count')
        )[0]!.count >= 2,
      60_000,
    );
    expect(received.filter(mine)).toHaveLength(1);
    expect(received.some((m) => m.raw.includes(`<contact-${spam}@`))).toBe(false);
  });
});

describe('held for review, end to end', () => {
  it('a message sent too fast is kept, listed as held with its reason, counted, told as held; released, it is told as an enquiry', {
    timeout: 150_000,
  }, async () => {
    const id = await submit(
      {
        ...valid,
        firstName: 'Autofill',
        email: 'autofill@example.ca',
        message: 'My browser filled this in for me, please call back.',
        startedAt: Date.now() - 400,
      },
      '203.0.113.32',
    );
    const list = async () =>
      (await (await app.fetch('/api/contact', { token })).json()) as {
        id: string;
        held: boolean;
        heldReason: string | null;
        isSpam: boolean;
      }[];
    expect((await list()).find((s) => s.id === id)).toMatchObject({
      held: true,
      heldReason: 'Submitted faster than a person could type',
      isSpam: false,
    });
    const heldCount = async () =>
      (await (await app.fetch('/api/contact/held-count', { token })).json()).held;
    expect(await heldCount()).toBe(1);

    // The owner hears of it as held, with the link to the held ones.
    const heldMail = await eventually(
      async () => received.find((m) => m.raw.includes(`<contact-${id}-held@`)),
      60_000,
    );
    expect(heldMail.to).toBe('owner@example.ca');
    expect(heldMail.raw).toContain('Subject: Contact message held for review: Autofill Lee');
    expect(heldMail.raw).toMatch(/^Reply-To: autofill@example\.ca\r?$/m);
    expect(decoded(heldMail.raw)).toContain('https://www.example.ca/admin/contact?spam=held');
    expect(received.some((m) => m.raw.includes(`<contact-${id}@`))).toBe(false);

    // Released: not spam, not held, and the usual notification follows, once.
    const res = await app.fetch(`/api/contact/${id}`, {
      method: 'PATCH',
      token,
      json: { isSpam: false },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ held: false, heldReason: null, isSpam: false });
    expect(await heldCount()).toBe(0);
    const enquiry = await eventually(
      async () => received.find((m) => m.raw.includes(`<contact-${id}@`)),
      60_000,
    );
    expect(enquiry.raw).toContain('Subject: New contact submission from Autofill Lee');
    await eventually(
      async () =>
        (
          await app
            .db('pgboss.job')
            .where({ name: 'contact.notify-admin', state: 'completed' })
            .whereRaw("data->>'type' = 'ContactReleased'")
            .count<{ count: number }[]>('* as count')
        )[0]!.count >= 1,
      60_000,
    );
    expect(received.filter((m) => m.raw.includes(`<contact-${id}`))).toHaveLength(2);
    expect(await streamTypes(id)).toEqual(
      expect.arrayContaining(['ContactHeld', 'ContactReleased', 'AdminNotifiedOfContact']),
    );
  });

  it("the held-for-review count is the administrator's only", async () => {
    expect((await app.fetch('/api/contact/held-count')).status).toBe(401);
  });
});
