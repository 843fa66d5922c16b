import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(async () => {
  await app?.close();
});

let n = 0;
async function submit(): Promise<string> {
  n++;
  const res = await app.fetch('/api/contact', {
    method: 'POST',
    headers: { 'x-forwarded-for': `203.0.113.${100 + n}` },
    json: {
      firstName: 'Ann',
      lastName: `Lee ${n}`,
      email: `ann${n}@example.ca`,
      service: 'integration',
      message: 'Our point of sale and our books do not talk to each other.',
    },
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

const bulk = (json: unknown) => app.fetch('/api/contact/bulk', { method: 'POST', token, json });
const adminEvents = (ids: string[]) =>
  app
    .db('events')
    .whereIn(
      'stream_id',
      ids.map((id) => `contact:${id}`),
    )
    .whereRaw("metadata->>'actor' like 'admin:%'")
    .orderBy('position')
    .select('stream_id', 'type');

describe('bulk actions on contact submissions', () => {
  it('marks several processed: each submission its own event, read back in the list', async () => {
    const ids = [await submit(), await submit(), await submit()];
    const res = await bulk({ action: 'markProcessed', ids: ids.slice(0, 2) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ count: 2 });
    expect(await adminEvents(ids)).toEqual([
      { stream_id: `contact:${ids[0]}`, type: 'ContactMarkedProcessed' },
      { stream_id: `contact:${ids[1]}`, type: 'ContactMarkedProcessed' },
    ]);
    const rows = await app.db('contact_submissions').whereIn('id', ids).orderBy('created_at');
    expect(rows.map((r) => [r.processed, r.status])).toEqual([
      [true, 'responded'],
      [true, 'responded'],
      [false, 'new'],
    ]);
  });

  it('marks spam, changes status and deletes together', async () => {
    const ids = [await submit(), await submit()];
    expect((await bulk({ action: 'setStatus', status: 'in_progress', ids })).status).toBe(200);
    expect((await bulk({ action: 'markSpam', ids })).status).toBe(200);
    const rows = await app.db('contact_submissions').whereIn('id', ids);
    expect(rows.map((r) => [r.status, r.is_spam, r.spam_reason])).toEqual([
      ['in_progress', true, 'Marked as spam'],
      ['in_progress', true, 'Marked as spam'],
    ]);
    expect((await bulk({ action: 'delete', ids })).status).toBe(200);
    expect(await app.db('contact_submissions').whereIn('id', ids)).toEqual([]);
    expect((await adminEvents(ids)).map((e) => e.type)).toEqual([
      'ContactSubmissionUpdated',
      'ContactSubmissionUpdated',
      'ContactMarkedSpam',
      'ContactMarkedSpam',
      'ContactSubmissionDeleted',
      'ContactSubmissionDeleted',
    ]);
  });

  it('an unknown id refuses the whole batch with a 404 naming it, and nothing is written', async () => {
    const known = await submit();
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await bulk({ action: 'markProcessed', ids: [known, unknown] });
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.message).toBe(`No such contact submissions: ${unknown}. Nothing was changed.`);
    expect(body.ids).toEqual([unknown]);
    expect(await adminEvents([known])).toEqual([]);
    expect((await app.db('contact_submissions').where({ id: known }).first()).processed).toBe(
      false,
    );
  });

  it('bad input is a 400 naming the problem, with nothing written', async () => {
    const known = await submit();
    const cases: [unknown, string][] = [
      [{ action: 'markProcessed', ids: [known, 'not-an-id'] }, 'ids: Not valid ids: not-an-id'],
      [{ action: 'markProcessed', ids: [] }, 'ids: Select at least one row'],
      [{ action: 'archive', ids: [known] }, 'Action must be one of'],
      [{ action: 'setStatus', status: 'done', ids: [known] }, 'status: Status must be one of'],
      [{ action: 'markProcessed' }, 'ids: ids must be a list of ids'],
    ];
    for (const [json, message] of cases) {
      const res = await bulk(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).message).toContain(message);
    }
    expect(await adminEvents([known])).toEqual([]);
  });

  it('needs the administrator', async () => {
    const res = await app.fetch('/api/contact/bulk', {
      method: 'POST',
      json: { action: 'delete', ids: [await submit()] },
    });
    expect(res.status).toBe(401);
  });
});
