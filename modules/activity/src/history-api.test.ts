import type { AuditPage, DeletedItem, RecordHistoryResponse } from '@kw/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// The History drawer, restore, "Recently deleted" and the audit log, through the API on a real
// PostgreSQL.

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(() => app.close());

const post = (over: Record<string, unknown> = {}) => ({
  title: 'Five AI wins',
  slug: 'five-ai-wins',
  content: 'Intro\nOne\nTwo\nOutro',
  ...over,
});

async function json<T>(path: string, init: Parameters<TestApp['fetch']>[1] = {}): Promise<T> {
  const res = await app.fetch(path, { token, ...init });
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const history = (kind: string, id: string) =>
  json<RecordHistoryResponse>(`/api/admin/history/${kind}/${id}`);

describe('a post: history, restore and undo', () => {
  let id: string;

  it('given a post created, edited and published, then its history names each change and who made it', async () => {
    id = (await json<{ id: string }>('/api/blog', { method: 'POST', json: post() })).id;
    await json(`/api/blog/${id}`, {
      method: 'PUT',
      json: post({ title: 'Six AI wins', content: 'Intro\nOne (revised)\nTwo\nOutro', version: 1 }),
    });
    await json(`/api/blog/${id}`, {
      method: 'PUT',
      json: post({
        title: 'Six AI wins',
        content: 'Intro\nOne (revised)\nTwo\nOutro',
        published: true,
        version: 2,
      }),
    });
    const h = await history('post', id);
    expect(h).toMatchObject({ kind: 'post', label: 'Blog post', restorable: true, deleted: false });
    // The second save changed nothing but the switch: an edit without changes, then the publication.
    expect(h.entries.map((e) => [e.version, e.action, e.actor.label, e.changes.length])).toEqual([
      [4, 'Published', 'admin (administrator)', 2],
      [3, 'Edited', 'admin (administrator)', 0],
      [2, 'Edited', 'admin (administrator)', 2],
      [1, 'Created', 'admin (administrator)', 4],
    ]);
    const edit = h.entries[2]!;
    expect(edit.changes.find((c) => c.field === 'title')).toMatchObject({
      old: 'Five AI wins',
      new: 'Six AI wins',
    });
    expect(edit.changes.find((c) => c.field === 'content')?.lines).toEqual([
      { kind: 'same', text: 'Intro' },
      { kind: 'removed', text: 'One' },
      { kind: 'added', text: 'One (revised)' },
      { kind: 'same', text: 'Two' },
      { kind: 'same', text: 'Outro' },
    ]);
  });

  it('when version 1 is restored, then the post reads as it did, still published, and the history says so', async () => {
    const restored = await json<{
      title: string;
      content: string;
      published: boolean;
      version: number;
    }>(`/api/blog/${id}/restore`, { method: 'POST', json: { fromVersion: 1, version: 4 } });
    expect(restored).toMatchObject({
      title: 'Five AI wins',
      content: 'Intro\nOne\nTwo\nOutro',
      published: true,
      version: 5,
    });
    const [latest] = (await history('post', id)).entries;
    expect(latest).toMatchObject({
      version: 5,
      type: 'PostRestored',
      action: 'Restored version 1',
    });
    expect(latest!.changes.find((c) => c.field === 'title')).toMatchObject({
      old: 'Six AI wins',
      new: 'Five AI wins',
    });
  });

  it('when the restore is undone (version 4 restored), then the edit is back', async () => {
    const undone = await json<{ title: string; version: number }>(`/api/blog/${id}/restore`, {
      method: 'POST',
      json: { fromVersion: 4, version: 5 },
    });
    expect(undone).toMatchObject({ title: 'Six AI wins', version: 6 });
  });

  it('refuses a stale editor (409), a version that does not exist (400) and an unknown post (404)', async () => {
    const stale = await app.fetch(`/api/blog/${id}/restore`, {
      method: 'POST',
      token,
      json: { fromVersion: 1, version: 2 },
    });
    expect(stale.status).toBe(409);
    const none = await app.fetch(`/api/blog/${id}/restore`, {
      method: 'POST',
      token,
      json: { fromVersion: 9 },
    });
    expect(none.status).toBe(400);
    expect((await none.json()).message).toBe('fromVersion: Blog post has no version 9 to restore');
    const unknown = await app.fetch('/api/blog/00000000-0000-4000-8000-000000000000/restore', {
      method: 'POST',
      token,
      json: { fromVersion: 1 },
    });
    expect(unknown.status).toBe(404);
    const anonymous = await app.fetch(`/api/blog/${id}/restore`, {
      method: 'POST',
      json: { fromVersion: 1 },
    });
    expect(anonymous.status).toBe(401);
  });

  it('given the post deleted, then it is in "Recently deleted"; restored, it is back unpublished and leaves the list', async () => {
    await json(`/api/blog/${id}`, { method: 'DELETE' });
    const deleted = await json<DeletedItem[]>('/api/admin/deleted/posts');
    expect(deleted).toEqual([
      expect.objectContaining({
        id,
        title: 'Six AI wins',
        slug: 'five-ai-wins',
        deletedBy: expect.objectContaining({ kind: 'administrator' }),
      }),
    ]);
    expect((await history('post', id)).deleted).toBe(true);
    expect((await app.fetch(`/api/blog/five-ai-wins`, { token })).status).toBe(404);
    const back = await json<{ title: string; published: boolean }>(`/api/blog/${id}/undelete`, {
      method: 'POST',
    });
    expect(back).toMatchObject({ title: 'Six AI wins', published: false });
    expect(await json('/api/admin/deleted/posts')).toEqual([]);
    expect((await history('post', id)).entries[0]).toMatchObject({ action: 'Restored version 6' });
  });

  it('given a deleted post whose slug another post took meanwhile, then restoring it is a clear 409', async () => {
    await json(`/api/blog/${id}`, { method: 'DELETE' });
    await json('/api/blog', { method: 'POST', json: post({ title: 'Taken' }) });
    const res = await app.fetch(`/api/blog/${id}/undelete`, { method: 'POST', token });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'A blog post with the slug "five-ai-wins" already exists. Choose another slug.',
    );
    expect((await json<DeletedItem[]>('/api/admin/deleted/posts')).map((d) => d.id)).toEqual([id]);
  });
});

describe('case studies and jobs: recently deleted', () => {
  it('a case study deleted comes back from the list', async () => {
    const cs = await json<{ id: string }>('/api/case-studies', {
      method: 'POST',
      json: { title: 'Quoting in minutes', slug: 'quoting', content: 'Before\nAfter' },
    });
    await json(`/api/case-studies/${cs.id}`, { method: 'DELETE' });
    expect(
      (await json<DeletedItem[]>('/api/admin/deleted/case-studies')).map((d) => d.title),
    ).toEqual(['Quoting in minutes']);
    await json(`/api/case-studies/${cs.id}/undelete`, { method: 'POST' });
    expect(await json('/api/admin/deleted/case-studies')).toEqual([]);
    expect((await app.fetch('/api/case-studies/quoting', { token })).status).toBe(200);
  });

  it('a job deleted comes back from the list as a draft, with its history', async () => {
    const category = await json<{ id: string }>('/api/job-categories', {
      method: 'POST',
      json: { name: 'Engineering', description: 'People who build things', isActive: true },
    });
    const job = await json<{ id: string }>('/api/jobs', {
      method: 'POST',
      json: {
        title: 'Machine Learning Engineer',
        description:
          'Build forecasting and quoting models for small manufacturers across Waterloo Region.',
        categoryId: category.id,
        location: 'Cambridge, ON',
        salaryRange: '$90,000 - $120,000',
        isPublished: true,
      },
    });
    await json(`/api/jobs/${job.id}`, { method: 'DELETE' });
    expect((await json<DeletedItem[]>('/api/admin/deleted/jobs')).map((d) => d.title)).toEqual([
      'Machine Learning Engineer',
    ]);
    await json(`/api/jobs/${job.id}/undelete`, { method: 'POST' });
    expect(await json('/api/admin/deleted/jobs')).toEqual([]);
    const jobs =
      await json<{ id: string; isPublished: boolean; categoryId: string }[]>('/api/jobs');
    expect(jobs.find((j) => j.id === job.id)).toMatchObject({
      isPublished: false,
      categoryId: category.id,
    });
    const h = await history('job', job.id);
    // The job's page keeps its address through the deletion (given again with the restore).
    expect(h.entries.map((e) => e.action)).toEqual([
      'Page address given',
      'Restored version 3',
      'Deleted',
      'Published',
      'Page address given',
      'Created',
    ]);
    const again = await app.fetch(`/api/jobs/${job.id}/undelete`, { method: 'POST', token });
    expect(again.status).toBe(409);
  });
});

describe('the history of other records', () => {
  it('a contact submission: received from a visitor, then edited by the administrator', async () => {
    const sent = await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.ca',
        message: 'Please call me about a project.',
      },
    });
    const { id } = (await sent.json()) as { id: string };
    await json(`/api/contact/${id}`, {
      method: 'PATCH',
      json: { status: 'in_progress', priority: 'high' },
    });
    const h = await history('contact', id);
    expect(h.entries.map((e) => [e.action, e.actor.kind])).toEqual(
      expect.arrayContaining([
        ['Received', 'visitor'],
        ['Edited', 'administrator'],
      ]),
    );
    const edit = h.entries.find((e) => e.action === 'Edited')!;
    expect(edit.changes.map((c) => [c.field, c.old, c.new])).toEqual([
      ['status', 'new', 'in_progress'],
      ['priority', 'medium', 'high'],
    ]);
  });

  it('an unknown kind or record is a 404 naming it; the drawer is the administrator’s only', async () => {
    const kind = await app.fetch('/api/admin/history/widget/1', { token });
    expect(kind.status).toBe(400);
    expect((await kind.json()).message).toMatch(/Unknown kind of record/);
    const record = await app.fetch('/api/admin/history/subscriber/nobody', { token });
    expect(record.status).toBe(404);
    expect((await record.json()).message).toBe('Subscriber not found');
    expect((await app.fetch('/api/admin/history/subscriber/nobody')).status).toBe(401);
  });
});

describe('the audit log', () => {
  it('lists sign-ins, failed sign-ins and record changes newest first, each with its actor', async () => {
    const failed = await app.fetch('/api/auth/login', {
      method: 'POST',
      json: { username: 'admin', password: 'wrong password' },
    });
    expect(failed.status).toBe(401);
    const page = await json<AuditPage>('/api/admin/audit?kind=admin');
    const summaries = page.entries.map((e) => e.summary);
    expect(summaries[0]).toMatch(/^Administrator account: Failed sign-in as admin from /);
    expect(summaries).toContainEqual(
      expect.stringMatching(/^Administrator account: admin signed in from /),
    );
    const all = await json<AuditPage>('/api/admin/audit?actor=administrator&limit=200');
    expect(all.entries.every((e) => e.actor.kind === 'administrator')).toBe(true);
    expect(all.entries.map((e) => e.summary)).toContain('Blog post: Restored version 1');
    const positions = all.entries.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
  });

  it('lists exports with who made them and how many records went out', async () => {
    const submissions = await json<{ id: string }[]>('/api/contact');
    const exported = await app.fetch('/api/contact/export', {
      method: 'POST',
      token,
      json: { ids: submissions.map((s) => s.id) },
    });
    expect(exported.status).toBe(200);
    expect((await app.fetch('/api/newsletter/export', { token })).status).toBe(200);
    const contact = await json<AuditPage>('/api/admin/audit?kind=contact-export');
    expect(contact.entries).toEqual([
      expect.objectContaining({
        type: 'ContactSubmissionsExported',
        summary: `Export: ${submissions.length} contact submission${submissions.length === 1 ? '' : 's'} exported to CSV`,
        actor: expect.objectContaining({ kind: 'administrator', name: 'admin' }),
      }),
    ]);
    const newsletter = await json<AuditPage>('/api/admin/audit?kind=newsletter-export');
    expect(newsletter.entries[0]).toMatchObject({
      summary: 'Export: 0 newsletter subscribers exported to CSV',
    });
  });

  it('names the record of each line by its title as of that line; a person is never named', async () => {
    const long = 'A long post. '.repeat(6_000); // 78,000 characters, in each of its events
    const { id } = await json<{ id: string }>('/api/blog', {
      method: 'POST',
      json: post({ title: 'Audit names one', slug: 'audit-names', content: long }),
    });
    await json(`/api/blog/${id}`, {
      method: 'PUT',
      json: post({ title: 'Audit names two', slug: 'audit-names', content: long, version: 1 }),
    });
    await json(`/api/blog/${id}`, { method: 'DELETE' });
    // Naming reads the titles alone: the page's own lines carry the content twice (about 160 kB
    // read), and naming them must not read it again.
    let read = 0;
    const watch = (response: unknown) => {
      read += JSON.stringify(response ?? null).length;
    };
    const db = app.api.runtime.db;
    db.on('query-response', watch);
    const page = await json<AuditPage>('/api/admin/audit?kind=post&limit=200').finally(() =>
      db.off('query-response', watch),
    );
    expect(read).toBeLessThan(200_000);
    const lines = page.entries.filter((e) => e.recordId === id);
    expect(lines.map((e) => [e.summary, e.recordName])).toEqual([
      ['Blog post: Deleted', 'Audit names two'],
      ['Blog post: Edited', 'Audit names two'],
      ['Blog post: Created', 'Audit names one'],
    ]);
    await app.fetch('/api/contact', {
      method: 'POST',
      json: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.ca',
        message: 'A message for the audit log.',
      },
    });
    const contact = await json<AuditPage>('/api/admin/audit?kind=contact');
    expect(contact.entries.length).toBeGreaterThan(0);
    expect(contact.entries.every((e) => e.recordName === undefined)).toBe(true);
  });

  it('bad filters are a 400 naming them', async () => {
    for (const [query, message] of [
      ['actor=robot', /actor/],
      ['from=yesterday', /from/],
      ['from=2026-11-02&to=2026-11-01', /from must be on or before to/],
      ['limit=0', /limit/],
    ] as const) {
      const res = await app.fetch(`/api/admin/audit?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
  });

  it('pages through 10,000 events by keyset, never reading more than a page from the log', async () => {
    const store = app.api.runtime.store;
    const TOTAL = 10_000;
    for (let start = 0; start < TOTAL; start += 1000) {
      const batch = Array.from({ length: 1000 }, (_, i) => ({
        type: 'BulkThingHappened',
        data: { n: start + i },
      }));
      await store.append(`bulk:${start}`, 0, batch, { metadata: { actor: 'retention' } });
    }
    // Every result set the API's database connection returns, measured while paging.
    let largest = 0;
    const watch = (response: unknown) => {
      const rows = Array.isArray(response)
        ? response.length
        : ((response as { rows?: unknown[] })?.rows?.length ?? 0);
      largest = Math.max(largest, rows);
    };
    const db = app.api.runtime.db;
    db.on('query-response', watch);
    const seen: number[] = [];
    let pages = 0;
    try {
      let cursor: number | null = null;
      do {
        const after: string = cursor === null ? '' : `&before=${cursor}`;
        const page: AuditPage = await json<AuditPage>(
          `/api/admin/audit?kind=bulk&actor=retention&limit=200${after}`,
        );
        expect(page.entries.length).toBeLessThanOrEqual(200);
        seen.push(...page.entries.map((e) => Number((e as { position: number }).position)));
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== null);
    } finally {
      db.off('query-response', watch);
    }
    expect(pages).toBe(50);
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    // A page reads its 200 rows and one more (whether another follows), never the whole log.
    expect(largest).toBeLessThanOrEqual(201);
    const first = await json<AuditPage>('/api/admin/audit?kind=bulk&limit=1');
    expect(first.entries[0]).toMatchObject({
      recordKind: 'bulk',
      recordId: '9000',
      type: 'BulkThingHappened',
      summary: 'Bulk thing happened',
      actor: { kind: 'retention', label: 'the retention job' },
    });
  });

  it('lists the kinds of record for the filter', async () => {
    const kinds = await json<{ kind: string; label: string }[]>('/api/admin/audit/kinds');
    expect(kinds).toEqual(
      expect.arrayContaining([
        { kind: 'admin', label: 'Administrator account' },
        { kind: 'bulk', label: 'bulk' },
        { kind: 'contact', label: 'Contact submission' },
        { kind: 'contact-export', label: 'Export (contact)' },
        { kind: 'job', label: 'Job' },
        { kind: 'post', label: 'Blog post' },
      ]),
    );
  });
});
