import { eventually, type SmtpCatcher, startSmtpCatcher } from '@kw/platform/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { submitContact } from './commands.ts';
import { contactMessageSchema } from './contract.ts';
import { contactAnalytics } from './queries.ts';

let smtp: SmtpCatcher;

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

const patch = (id: string, json: unknown) =>
  app.fetch(`/api/contact/${id}`, { method: 'PATCH', token, json });
const row = (id: string) => app.db('contact_submissions').where({ id }).first();
/** What the administrator wrote to a stream (the worker's enrichment may land at any time). */
const adminTypes = async (id: string) =>
  app
    .db('events')
    .where({ stream_id: `contact:${id}` })
    .whereRaw("metadata->>'actor' like 'admin:%'")
    .orderBy('version')
    .pluck('type');
/** What intake and the administrator wrote (the worker's enrichment lands whenever it lands). */
const streamTypes = async (id: string) =>
  app
    .db('events')
    .where({ stream_id: `contact:${id}` })
    .whereNot({ type: 'ContactSubmissionEnriched' })
    .orderBy('version')
    .pluck('type');

describe('intake spam rules', () => {
  it('a message full of links is kept, flagged with its reason, and the administrator is not e-mailed', async () => {
    const id = await submit({
      ...valid,
      email: 'links@example.com',
      message: 'cheap http://a.example http://b.example http://c.example http://d.example',
    });
    expect(await row(id)).toMatchObject({ is_spam: true, spam_reason: 'Message is full of links' });
    expect(await streamTypes(id)).toEqual(['ContactReceived', 'ContactMarkedSpam']);
  });

  it('a form sent in under 3 seconds, and nothing else amiss, is held for review with the reason, not flagged as spam', async () => {
    const id = await submit({ ...valid, email: 'fast@example.com', startedAt: Date.now() - 800 });
    expect(await row(id)).toMatchObject({
      is_spam: false,
      spam_reason: null,
      held: true,
      held_reason: 'Submitted faster than a person could type',
    });
    expect(await streamTypes(id)).toEqual(
      expect.arrayContaining(['ContactReceived', 'ContactHeld']),
    );
    expect(await streamTypes(id)).not.toContain('ContactMarkedSpam');
  });

  it('a form sent in under 3 seconds and full of links is spam for its links', async () => {
    const id = await submit({
      ...valid,
      email: 'fast-links@example.com',
      message: 'cheap http://a.example http://b.example http://c.example http://d.example',
      startedAt: Date.now() - 800,
    });
    expect(await row(id)).toMatchObject({
      is_spam: true,
      spam_reason: 'Message is full of links',
      held: false,
    });
  });

  it('the same message a third time from one IP within 10 minutes is flagged as a burst', async () => {
    const json = {
      ...valid,
      email: 'burst@example.com',
      message: 'Please call me back about a quote.',
    };
    const ip = '203.0.113.99';
    const first = await submit(json, ip);
    const second = await submit(json, ip);
    const third = await submit(json, ip);
    expect((await row(first)).is_spam).toBe(false);
    expect((await row(second)).is_spam).toBe(false);
    expect(await row(third)).toMatchObject({
      is_spam: true,
      spam_reason: 'Same message sent repeatedly from one address',
    });
  });
});

describe('the spam rules keep their own clock', () => {
  const deps = () => ({ db: app.db, store: app.api.runtime.store });
  const visitor = { ip: '203.0.113.98', userAgent: 'UA', referer: '' };
  const message = contactMessageSchema.parse({
    ...valid,
    email: 'clock@example.com',
    message: 'Is the burst window ten minutes long?',
  });
  const spamOf = async (id: string) => (await row(id)).spam_reason;
  const heldOf = async (id: string) => (await row(id)).held_reason;

  it('the same message twice within 10 minutes makes the third a burst; 10 minutes on, it is not', async () => {
    const start = new Date();
    const minutes = (n: number) => new Date(start.getTime() + n * 60_000);
    expect(
      await spamOf(await submitContact(deps(), message, visitor, { actor: 'test' }, start)),
    ).toBeNull();
    expect(
      await spamOf(await submitContact(deps(), message, visitor, { actor: 'test' }, start)),
    ).toBeNull();
    // Eleven minutes later the two are out of the window.
    expect(
      await spamOf(await submitContact(deps(), message, visitor, { actor: 'test' }, minutes(11))),
    ).toBeNull();
    // Nine minutes after the first two, they (and the third) are still in it.
    expect(
      await spamOf(await submitContact(deps(), message, visitor, { actor: 'test' }, minutes(9))),
    ).toBe('Same message sent repeatedly from one address');
  });

  it('a form opened under 3 seconds before the clock says it was sent is too fast (held); 3 seconds is not', async () => {
    const now = new Date('2031-05-01T12:00:00Z');
    const at = (ms: number) => ({
      ...message,
      email: `opened-${ms}@example.com`,
      startedAt: now.getTime() - ms,
    });
    const other = { ...visitor, ip: '203.0.113.97' };
    const fast = await submitContact(
      deps(),
      { ...at(2_999), message: 'One quick question here.' },
      other,
      { actor: 'test' },
      now,
    );
    expect(await heldOf(fast)).toBe('Submitted faster than a person could type');
    expect(await spamOf(fast)).toBeNull();
    const person = await submitContact(
      deps(),
      { ...at(3_000), message: 'Another question here.' },
      other,
      { actor: 'test' },
      now,
    );
    expect(await spamOf(person)).toBeNull();
    expect(await heldOf(person)).toBeNull();
  });
});

describe('PATCH /api/contact/{id}', () => {
  it('setting status responded also stamps respondedAt; the event names the administrator', async () => {
    const id = await submit({ ...valid, email: 'p1@example.ca' }, '203.0.113.21');
    const res = await patch(id, {
      status: 'responded',
      priority: 'high',
      responseNotes: 'Called back',
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'responded',
      priority: 'high',
      responseNotes: 'Called back',
    });
    expect(Date.now() - new Date(body.respondedAt).getTime()).toBeLessThan(60_000);
    const event = await app
      .db('events')
      .where({ stream_id: `contact:${id}`, type: 'ContactSubmissionUpdated' })
      .first();
    expect(event.metadata.actor).toBe('admin:admin');
  });

  it('mark processed sets processed and responded (ContactMarkedProcessed); mark spam records "Marked as spam"', async () => {
    const id = await submit({ ...valid, email: 'p2@example.ca' }, '203.0.113.22');
    await patch(id, { processed: true, status: 'responded' });
    expect(await row(id)).toMatchObject({ processed: true, status: 'responded' });
    expect((await row(id)).responded_at).not.toBeNull();
    await patch(id, { isSpam: true });
    expect(await row(id)).toMatchObject({ is_spam: true, spam_reason: 'Marked as spam' });
    await patch(id, { isSpam: false });
    expect(await row(id)).toMatchObject({ is_spam: false, spam_reason: null });
    expect(await streamTypes(id)).toEqual(
      expect.arrayContaining([
        'ContactMarkedProcessed',
        'ContactMarkedSpam',
        'ContactUnmarkedSpam',
      ]),
    );
  });

  it.each([
    [{ status: 'archived' }, 'status', 'Status must be one of new, in_progress, responded, closed'],
    [{ priority: 'critical' }, 'priority', 'Priority must be one of low, medium, high, urgent'],
    [{ processed: 'yes' }, 'processed', 'Processed must be true or false'],
    [{ isSpam: 1 }, 'isSpam', 'Spam must be true or false'],
    [
      { responseNotes: 'x'.repeat(5001) },
      'responseNotes',
      'Response notes must be at most 5000 characters',
    ],
    [{ respondedAt: 'yesterday' }, 'respondedAt', 'Responded at must be an ISO date and time'],
  ])('bad input %j is a 400 naming %s, and nothing is written', async (body, path, message) => {
    const id = await submit({ ...valid, email: `bad-${path}@example.ca` }, '203.0.113.23');
    // A valid field beside the bad one is not written either.
    const res = await patch(id, { priority: 'urgent', ...body });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toContainEqual({ path, message });
    expect(await adminTypes(id)).toEqual([]);
    expect((await row(id)).priority).toBe('medium');
  });

  it('an unknown field, an empty body, an unknown id and a malformed id each get a clear 4xx', async () => {
    const id = await submit({ ...valid, email: 'p3@example.ca' }, '203.0.113.24');
    expect((await patch(id, { hacked: true })).status).toBe(400);
    const empty = await patch(id, {});
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe('Nothing to update');
    const unknown = await patch('00000000-0000-4000-8000-000000000000', { status: 'closed' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Contact submission not found');
    expect((await patch('42', { status: 'closed' })).status).toBe(400);
  });
});

describe('DELETE /api/contact/{id}', () => {
  it('deletes: the personal data leaves the read model, the log records who deleted it', async () => {
    const id = await submit({ ...valid, email: 'gone@example.ca' }, '203.0.113.25');
    const res = await app.fetch(`/api/contact/${id}`, { method: 'DELETE', token });
    expect(res.status).toBe(204);
    expect(await row(id)).toBeUndefined();
    const deleted = await app
      .db('events')
      .where({ stream_id: `contact:${id}`, type: 'ContactSubmissionDeleted' })
      .first();
    expect(deleted.metadata.actor).toBe('admin:admin');
    expect((await app.fetch(`/api/contact/${id}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await patch(id, { status: 'closed' })).status).toBe(404);
  });
});

describe('GET /api/contact/analytics', () => {
  it('counts total, last 30 days, processed, unprocessed, spam and per service', async () => {
    const list = await (await app.fetch('/api/contact', { token })).json();
    const res = await app.fetch('/api/contact/analytics', { token });
    expect(res.status).toBe(200);
    const a = await res.json();
    const total = list.length;
    const processed = list.filter((s: { processed: boolean }) => s.processed).length;
    expect(a).toMatchObject({
      totalSubmissions: total,
      recentSubmissions: total,
      processedSubmissions: processed,
      unprocessedSubmissions: total - processed,
      spamSubmissions: list.filter((s: { isSpam: boolean }) => s.isSpam).length,
    });
    expect(a.serviceCounts.integration).toBe(total);
    // A submission older than 30 days is in the total, not in the recent count.
    await app
      .db('contact_submissions')
      .where({ id: list[0].id })
      .update({
        created_at: new Date(Date.now() - 31 * 86_400_000),
      });
    const after = await (await app.fetch('/api/contact/analytics', { token })).json();
    expect(after.recentSubmissions).toBe(total - 1);
    expect(after.totalSubmissions).toBe(total);
  });

  it('counts the last 30 days back from the clock it is given', async () => {
    const { totalSubmissions } = await contactAnalytics(app.db);
    const days = (n: number) => new Date(Date.now() + n * 86_400_000);
    // 29 days on, all but the one moved back 31 days are still recent; 31 days on, none is.
    expect(await contactAnalytics(app.db, days(29))).toMatchObject({
      totalSubmissions,
      recentSubmissions: totalSubmissions - 1,
    });
    expect(await contactAnalytics(app.db, days(31))).toMatchObject({
      totalSubmissions,
      recentSubmissions: 0,
    });
  });
});

describe('POST /api/contact/export', () => {
  const exportCsv = (json: unknown, auth: { token?: string } = { token }) =>
    app.fetch('/api/contact/export', { method: 'POST', json, ...auth });
  const columns =
    'ID,Name,Email,Phone,Company,Service,Status,Priority,Country,Device,IP Address,Created,Message';

  it('answers the named submissions as contact-submissions-{date}.csv, in the order asked, unknown ids skipped', async () => {
    const first = await submit(
      { ...valid, firstName: 'First', email: 'e1@example.ca' },
      '203.0.113.50',
    );
    const second = await submit(
      { ...valid, firstName: 'Second', email: 'e2@example.ca', phone: '', service: '' },
      '203.0.113.51',
    );
    const evil = await submit(
      { ...valid, email: 'e3@example.ca', company: '=HYPERLINK("http://evil.example")' },
      '203.0.113.52',
    );
    await patch(second, { status: 'in_progress', priority: 'urgent' });
    // The worker's enrichment has landed, so the list read below shows what the export saw.
    await eventually(async () => {
      const enriched = await app
        .db('contact_submissions')
        .whereIn('id', [first, second, evil])
        .whereNotNull('enriched_at');
      return enriched.length === 3;
    });
    const unknown = '00000000-0000-4000-8000-000000000000';

    const res = await exportCsv({ ids: [evil, second, unknown, first] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(
      new Date(),
    );
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="contact-submissions-${day}.csv"`,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    const csv = bytes.toString('utf8');
    // No byte-order mark: the same bytes as the file the browser built before.
    expect(bytes[0]).toBe('I'.charCodeAt(0));
    expect(csv.split('\n')[0]).toBe(columns);

    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.ID)).toEqual([evil, second, first]);
    expect(rows[0]!.Company).toBe(`'=HYPERLINK("http://evil.example")`);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const stored = (await (await app.fetch('/api/contact', { token })).json()).find(
      (s: { id: string }) => s.id === second,
    );
    expect(rows[1]).toEqual({
      ID: second,
      Name: 'Second Lee',
      Email: 'e2@example.ca',
      Phone: '',
      Company: 'Lee Bakery',
      Service: 'General',
      Status: 'In Progress',
      Priority: 'Urgent',
      Country: stored.country ?? '',
      Device: stored.deviceType,
      'IP Address': '203.0.113.51',
      Created: stored.createdAt,
      Message: valid.message,
    });
    expect(rows[2]).toMatchObject({
      Name: 'First Lee',
      Service: 'Integration & Automation',
      Status: 'New',
      Priority: 'Medium',
    });
  });

  it('an empty, missing or malformed list of ids is a 400 naming the field', async () => {
    const empty = await exportCsv({ ids: [] });
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual([
      { path: 'ids', message: 'Choose at least one submission to export' },
    ]);
    const missing = await exportCsv({});
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors).toEqual([
      { path: 'ids', message: 'ids must be a list of contact submission ids' },
    ]);
    const malformed = await exportCsv({ ids: ['42'] });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).errors).toEqual([
      { path: 'ids.0', message: 'Unknown contact submission id' },
    ]);
  });

  it('is refused without a token', async () => {
    const res = await exportCsv({ ids: ['00000000-0000-4000-8000-000000000000'] }, {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Authentication required' });
  });
});
