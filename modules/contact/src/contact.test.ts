import { queueBacklog } from '@kw/platform';
import { eventually, requestFrom } from '@kw/platform/testing';
import { deviceTypeOf } from '@kw/platform/visitor-insight';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.ca',
  phone: '519-555-0100',
  company: 'Lee Bakery',
  service: 'integration',
  message: 'Our point of sale and our books do not talk to each other.',
  subscribeNewsletter: true,
  website: '',
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ worker: true });
});
afterAll(() => app.close());

const count = async (table: string) =>
  Number((await app.db(table).count<{ count: number }[]>('* as count'))[0]!.count);

describe('device types', () => {
  it.each([
    [IPHONE, 'mobile'],
    [IPAD, 'tablet'],
    [FIREFOX, 'desktop'],
    ['', 'unknown'],
  ])('%s is %s', (ua, type) => expect(deviceTypeOf(ua)).toBe(type));
});

describe('POST /api/contact', () => {
  it('stores the submission with IP, user agent and referer; the worker adds device, browser and OS', async () => {
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: valid,
      headers: {
        'user-agent': IPHONE,
        referer: 'https://www.example.ca/contact',
        'x-forwarded-for': '24.114.0.1',
      },
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const row = await app.db('contact_submissions').where({ id }).first();
    expect(row).toMatchObject({
      first_name: 'Ann',
      email: 'ann@example.ca',
      service: 'integration',
      subscribe_newsletter: true,
      ip_address: '24.114.0.1',
      user_agent: IPHONE,
      referer: 'https://www.example.ca/contact',
      status: 'new',
      priority: 'medium',
    });
    const enriched = await eventually(() =>
      app.db('contact_submissions').where({ id }).whereNotNull('enriched_at').first(),
    );
    expect(enriched).toMatchObject({
      device_type: 'mobile',
      browser_name: 'Mobile Safari',
      os: 'iOS 18.1',
    });
    const types = (
      await app
        .db('events')
        .where({ stream_id: `contact:${id}` })
        .orderBy('version')
    ).map((e) => e.type);
    // The newsletter tick: the newsletter module asks for its double opt-in.
    expect(types).toEqual([
      'ContactReceived',
      'ContactNewsletterRequested',
      'ContactSubmissionEnriched',
    ]);
  });

  it('a filled honeypot is refused with 400 and nothing is stored', async () => {
    // The worker's jobs for the message before (its newsletter tick's) have run.
    await eventually(
      async () =>
        (await queueBacklog(app.db)) === 0 &&
        (await app.db('pgboss.job').where({ state: 'active' }).first()) === undefined,
      30_000,
    );
    const before = [await count('events'), await count('contact_submissions')];
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: { ...valid, website: 'https://spam.example' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'website: Invalid submission',
      errors: [{ path: 'website', message: 'Invalid submission' }],
    });
    expect([await count('events'), await count('contact_submissions')]).toEqual(before);
  });

  it('the spec messages come back from the server too', async () => {
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: { ...valid, firstName: '', lastName: '', email: 'x', message: 'short' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Invalid email address' },
      { path: 'message', message: 'Message must be at least 10 characters' },
    ]);
  });

  it('a name over two lines is refused, naming the field, and nothing is written (it would print as a line of its own in the e-mails)', async () => {
    const before = [await count('events'), await count('contact_submissions')];
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: { ...valid, firstName: 'Eve\r\nEmail: boss@example.ca' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([
      { path: 'firstName', message: 'First name must be on one line' },
    ]);
    expect([await count('events'), await count('contact_submissions')]).toEqual(before);
  });

  it('over-long fields are refused', async () => {
    const res = await app.fetch('/api/contact', {
      method: 'POST',
      json: { ...valid, company: 'x'.repeat(201) },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].path).toBe('company');
  });
});

describe('flood protection', () => {
  it('more than 10 messages from one IP in 10 minutes get 429 with a clear message, and are not stored', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.99' };
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await app.fetch('/api/contact', {
            method: 'POST',
            json: { ...valid, message: `flood message ${i}` },
            headers,
          })
        ).status,
      ).toBe(201);
    }
    const before = await count('contact_submissions');
    const res = await app.fetch('/api/contact', { method: 'POST', json: valid, headers });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).message).toBe(
      'Too many messages from your address. Please try again later.',
    );
    expect(await count('contact_submissions')).toBe(before);
  });
});

describe('the count and the message in one statement', () => {
  // A valid message is counted by the statement that stores it; a refused one on its own
  // first. Either way every request counts, and past the limit the answer is the 429.
  const post = (address: string, json: unknown) =>
    requestFrom(address, `${app.url}/api/contact`, { method: 'POST', json });

  it('refused messages count too: after 6 bad and 4 good ones, both the 11th bad and the 11th good get 429, and nothing more is stored', async () => {
    const address = '127.0.0.61';
    for (let i = 0; i < 6; i++)
      expect((await post(address, { ...valid, email: 'not-an-address' })).status).toBe(400);
    for (let i = 0; i < 4; i++)
      expect((await post(address, { ...valid, message: `good message number ${i}` })).status).toBe(
        201,
      );
    const before = await count('contact_submissions');
    const bad = await post(address, { ...valid, email: 'not-an-address' });
    expect(bad.status).toBe(429);
    expect(bad.json().message).toBe('Too many messages from your address. Please try again later.');
    const good = await post(address, valid);
    expect(good.status).toBe(429);
    expect(good.json().message).toBe(
      'Too many messages from your address. Please try again later.',
    );
    expect(Number(good.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('contact_submissions')).toBe(before);
  });

  it('a valid message is counted and stored in one statement', async () => {
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    const { db } = app.api.runtime;
    db.on('query', record);
    try {
      expect((await post('127.0.0.62', valid)).status).toBe(201);
    } finally {
      db.off('query', record);
    }
    const writes = queries.filter((sql) => /rate_limit_counters|insert into events/.test(sql));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('rate_limit_counters');
    expect(writes[0]).toContain('insert into events');
    expect(
      await app.db('rate_limit_counters').where({ key: 'post /api/contact 127.0.0.62' }).first(),
    ).toMatchObject({ hits: 1 });
    // Its jobs came with it: the enrichment due at once, the owner's notice 150 ms later. (Its
    // stream is the latest message's: the worker may append to others meanwhile, such as the
    // notices window of an earlier message.)
    const jobs = await app.db
      .withSchema('pgboss')
      .from('job')
      .whereRaw(
        "data->>'streamId' = (select stream_id from events where type = 'ContactReceived' order by position desc limit 1)",
      )
      .select('name', app.db.raw('extract(epoch from start_after - created_on) * 1000 as delay'));
    const delays = Object.fromEntries(jobs.map((j) => [j.name, Math.round(Number(j.delay))]));
    expect(delays).toMatchObject({ 'contact.enrich': 0, 'contact.notify-admin': 150 });
  });
});

describe('GET /api/contact', () => {
  it('lists submissions newest first for the administrator', async () => {
    await app.fetch('/api/contact', { method: 'POST', json: { ...valid, firstName: 'Second' } });
    const token = await app.login();
    const res = await app.fetch('/api/contact', { token });
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list[0].firstName).toBe('Second');
    expect(list[0]).not.toHaveProperty('user_agent');
    expect(new Date(list[0].createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(list[1].createdAt).getTime(),
    );
  });
});
