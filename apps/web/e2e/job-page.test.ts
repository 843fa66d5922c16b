import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createJob,
  JOB_DESCRIPTION,
} from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// A page per job, server-rendered: its content and complete JobPosting in the first HTML, the
// careers page without JobPostings, the sitemap, and a closed or unpublished job's answer.

let app: TestApp;
let token: string;
let categoryId: string;

beforeAll(async () => {
  app = await startTestApp({ web: true });
  token = await app.login();
  categoryId = await createCategory(app, token, 'Engineering');
});
afterAll(() => app.close());

const jsonLd = (html: string): Record<string, any>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
const ofType = (html: string, type: string) => jsonLd(html).filter((d) => d['@type'] === type);
const slugOf = async (id: string) =>
  ((await app.db('jobs').where({ id }).first('slug')) as { slug: string }).slug;
const editJob = (id: string, extra: Record<string, unknown>) =>
  app.fetch(`/api/jobs/${id}`, {
    method: 'PUT',
    token,
    json: {
      title: 'Closing Soon Role',
      description: JOB_DESCRIPTION,
      categoryId,
      isPublished: true,
      ...extra,
    },
  });

describe("a job's own page", () => {
  it('is server-rendered with the details, Apply Now, Share and a complete JobPosting', async () => {
    const closes = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const id = await createJob(app, token, categoryId, {
      title: 'Machine Learning Engineer',
      requirements: 'Python\nSQL',
      applicationsCloseAt: closes,
    });
    const slug = await slugOf(id);
    expect(slug).toBe('machine-learning-engineer');
    const res = await app.fetch(`/careers/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Machine Learning Engineer</h1>');
    expect(html).toContain('Apply Now');
    expect(html).toContain('Share Job');
    expect(html).toContain('Requirements');
    expect(html).toContain(`<link rel="canonical" href="https://www.example.ca/careers/${slug}">`);
    const [posting, ...others] = ofType(html, 'JobPosting');
    expect(others).toEqual([]);
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Machine Learning Engineer',
      description: expect.stringContaining('forecasting'),
      url: `https://www.example.ca/careers/${slug}`,
      identifier: { '@type': 'PropertyValue', name: 'Grand River Digital', value: id },
      datePosted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      validThrough: closes,
      employmentType: 'FULL_TIME',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Grand River Digital',
        sameAs: 'https://www.example.ca/',
        logo: 'https://www.example.ca/logo.png',
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '73 Water Street North, Suite 400',
          addressLocality: 'Cambridge',
          addressRegion: 'ON',
          postalCode: 'N1R 7L6',
          addressCountry: 'CA',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'CAD',
        value: {
          '@type': 'QuantitativeValue',
          minValue: 90000,
          maxValue: 120000,
          unitText: 'YEAR',
        },
      },
      directApply: true,
    });
    expect(ofType(html, 'BreadcrumbList')[0]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.ca/' },
      { '@type': 'ListItem', position: 2, name: 'Careers', item: 'https://www.example.ca/careers' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Machine Learning Engineer',
        item: `https://www.example.ca/careers/${slug}`,
      },
    ]);
  });

  it('a remote job telecommutes from Canada; a salary that is not a range is left out', async () => {
    const id = await createJob(app, token, categoryId, {
      title: 'Remote Developer',
      employmentType: 'remote',
      location: 'Remote (Ontario)',
      salaryRange: 'Competitive',
    });
    const html = await (await app.fetch(`/careers/${await slugOf(id)}`)).text();
    const [posting] = ofType(html, 'JobPosting');
    expect(posting).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'Canada' },
      employmentType: 'FULL_TIME',
    });
    expect(posting).not.toHaveProperty('baseSalary');
    expect(posting).not.toHaveProperty('validThrough');
  });

  it('/careers lists the jobs with links to their pages, and carries no JobPosting', async () => {
    const html = await (await app.fetch('/careers')).text();
    expect(html).toContain('href="/careers/machine-learning-engineer"');
    expect(ofType(html, 'JobPosting')).toEqual([]);
    expect(ofType(html, 'BreadcrumbList')).toHaveLength(1);
  });

  it('the sitemap lists each open job page with its lastmod, no fragments', async () => {
    const xml = await (await app.fetch('/sitemap.xml')).text();
    expect(xml).toMatch(
      /<loc>https:\/\/www\.example\.ca\/careers\/machine-learning-engineer<\/loc>\s*<lastmod>\d{4}-\d{2}-\d{2}/,
    );
    expect(xml).not.toContain('/careers#job-');
  });

  it('a closed job answers 410 with a page that says so, and leaves the sitemap; a draft or unknown slug is a 404', async () => {
    const id = await createJob(app, token, categoryId, { title: 'Closing Soon Role' });
    const slug = await slugOf(id);
    expect((await app.fetch(`/careers/${slug}`)).status).toBe(200);
    expect((await editJob(id, { applicationsCloseAt: '2020-01-01T12:00:00.000Z' })).status).toBe(
      200,
    );
    const closed = await app.fetch(`/careers/${slug}`);
    expect(closed.status).toBe(410);
    const html = await closed.text();
    expect(html).toContain('no longer accepting applications');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(ofType(html, 'JobPosting')).toEqual([]);
    expect(await (await app.fetch('/sitemap.xml')).text()).not.toContain(`/careers/${slug}<`);

    // Unpublished: gone from the site, a 404.
    expect((await editJob(id, { isPublished: false, applicationsCloseAt: null })).status).toBe(200);
    expect((await app.fetch(`/careers/${slug}`)).status).toBe(404);
    expect((await app.fetch('/careers/no-such-position')).status).toBe(404);
  });

  it('a kept page closes when its closing date passes, with no event', async () => {
    const id = await createJob(app, token, categoryId, { title: 'Short Window Role' });
    const slug = await slugOf(id);
    // Far enough ahead for the two requests below on a busy machine; the poll waits for it.
    const soon = new Date(Date.now() + 5000).toISOString();
    expect(
      (await editJob(id, { title: 'Short Window Role', applicationsCloseAt: soon })).status,
    ).toBe(200);
    const first = await app.fetch(`/careers/${slug}`);
    expect(first.status).toBe(200);
    // Kept (once the new schedule is read: installing it moves the generation once).
    await expect
      .poll(async () => (await app.fetch(`/careers/${slug}`)).headers.get('x-page-cache'))
      .toBe('hit');
    // The page cache's schedule moves the careers generation as the date passes.
    await expect
      .poll(async () => (await app.fetch(`/careers/${slug}`)).status, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(410);
  });
});
