import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { apply, createCategory, createJob, JOB_DESCRIPTION } from './test-fixtures.ts';

// A page per job: its slug, its page's data, its closing date, and the sitemap.

let app: TestApp;
let token: string;
let categoryId: string;

beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
  categoryId = await createCategory(app, token);
});
afterAll(() => app.close());

const slugOf = async (id: string) =>
  ((await app.db('jobs').where({ id }).first('slug')) as { slug: string }).slug;
const page = (slug: string) => app.fetch(`/api/jobs/by-slug/${encodeURIComponent(slug)}`);
const sitemapPaths = async () => {
  const { careersModule } = await import('./index.ts');
  return (await careersModule.sitemap!(app.db)).map((e) => e.path);
};
const publicIds = async () =>
  ((await (await app.fetch('/api/jobs?published=true')).json()) as { id: string }[]).map(
    (j) => j.id,
  );

describe('a job page', () => {
  it("a job's slug comes from its title, is unique and survives a rename", async () => {
    const first = await createJob(app, token, categoryId, { title: 'Data Engineer' });
    const second = await createJob(app, token, categoryId, { title: 'Data Engineer' });
    expect(await slugOf(first)).toBe('data-engineer');
    expect(await slugOf(second)).toBe('data-engineer-2');
    const res = await app.fetch(`/api/jobs/${first}`, {
      method: 'PUT',
      token,
      json: {
        title: 'Senior Data Engineer',
        description: JOB_DESCRIPTION,
        categoryId,
        isPublished: true,
      },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).slug).toBe('data-engineer');
    const shown = await page('data-engineer');
    expect(shown.status).toBe(200);
    const body = await shown.json();
    expect(body).toMatchObject({
      job: { id: first, title: 'Senior Data Engineer', slug: 'data-engineer' },
      categoryName: 'Engineering',
      closed: false,
    });
    expect(await sitemapPaths()).toEqual(
      expect.arrayContaining(['/careers/data-engineer', '/careers/data-engineer-2']),
    );
  });

  it('a draft has no page and is not in the sitemap; an unknown slug is a 404', async () => {
    const draft = await createJob(app, token, categoryId, {
      title: 'Hidden Draft Role',
      isPublished: false,
    });
    expect((await page(await slugOf(draft))).status).toBe(404);
    expect((await page('no-such-job')).status).toBe(404);
    expect(await sitemapPaths()).not.toContain('/careers/hidden-draft-role');
  });

  it('past its closing date a job is closed: its page says so, the list and the sitemap drop it, applying is a 409', async () => {
    const soon = new Date(Date.now() + 60 * 60_000).toISOString();
    const id = await createJob(app, token, categoryId, {
      title: 'Closing Role',
      applicationsCloseAt: soon,
    });
    const slug = await slugOf(id);
    expect((await (await page(slug)).json()).job.applicationsCloseAt).toBe(soon);
    expect(await publicIds()).toContain(id);
    expect(await sitemapPaths()).toContain(`/careers/${slug}`);

    const past = '2020-01-15T17:00:00.000Z';
    const res = await app.fetch(`/api/jobs/${id}`, {
      method: 'PUT',
      token,
      json: {
        title: 'Closing Role',
        description: JOB_DESCRIPTION,
        categoryId,
        isPublished: true,
        applicationsCloseAt: past,
      },
    });
    expect(res.status).toBe(200);
    const closed = await page(slug);
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ closed: true, job: { applicationsCloseAt: past } });
    expect(await publicIds()).not.toContain(id);
    expect(await sitemapPaths()).not.toContain(`/careers/${slug}`);

    const refused = await apply(app, id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'Applications for this position closed on 2020-01-15: it is no longer accepting applications.',
    );
    expect(await app.db('job_applications').where({ job_id: id }).first()).toBeUndefined();
  });

  it('a closing date that is not a date is a 400 naming the field', async () => {
    const res = await app.fetch('/api/jobs', {
      method: 'POST',
      token,
      json: {
        title: 'Bad Date',
        description: JOB_DESCRIPTION,
        categoryId,
        applicationsCloseAt: 'next Tuesday',
      },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('applicationsCloseAt');
  });
});
