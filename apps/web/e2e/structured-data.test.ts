import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCategory, createJob } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// The JSON-LD of every page type, server-rendered, checked against Google's required and
// recommended properties as schemas held here (no network): Organization, BreadcrumbList,
// Article, JobPosting. With it, what each page's head must carry: breadcrumbs, keywords, the
// blog's feed, and a title within about 60 characters.

const SITE = 'https://www.example.ca';
const absolute = z.string().regex(/^https:\/\/www\.example\.ca\//, 'an absolute URL of the site');
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, 'an ISO 8601 date');
const text = z.string().trim().min(1);
const postalAddress = z.object({
  '@type': z.literal('PostalAddress'),
  streetAddress: text.optional(),
  addressLocality: text,
  addressRegion: text,
  postalCode: text.optional(),
  addressCountry: z.string().regex(/^[A-Z]{2}$/),
});

/** Google: Logo and Local business (the organization on every page). */
const organization = z.looseObject({
  '@context': z.literal('https://schema.org'),
  name: text,
  url: absolute,
  logo: absolute,
  address: postalAddress.required({ streetAddress: true, postalCode: true }),
  telephone: text,
});

/** Google: Breadcrumb. Every ListItem with its position, name and absolute item, in order. */
const breadcrumbList = z.looseObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('BreadcrumbList'),
  itemListElement: z
    .array(
      z.object({
        '@type': z.literal('ListItem'),
        position: z.number().int(),
        name: text,
        item: absolute,
      }),
    )
    .min(1)
    .refine((items) => items.every((item, i) => item.position === i + 1), 'positions 1, 2, 3 …'),
});

/** Google: Article (no required properties; every recommended one is expected here). */
const article = z.looseObject({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Article'),
  headline: text.max(110),
  image: absolute,
  datePublished: isoDate,
  dateModified: isoDate,
  author: z.looseObject({ '@type': z.enum(['Person', 'Organization']), name: text, url: absolute }),
  publisher: z.looseObject({ '@type': z.literal('Organization'), name: text }),
  mainEntityOfPage: z.union([absolute, z.looseObject({ '@id': absolute })]),
});

/** Google: JobPosting, required and recommended (baseSalary only when the salary is a range). */
const jobPosting = z
  .looseObject({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('JobPosting'),
    title: text,
    description: text,
    datePosted: isoDate,
    validThrough: isoDate.optional(),
    employmentType: z.enum([
      'FULL_TIME',
      'PART_TIME',
      'CONTRACTOR',
      'TEMPORARY',
      'INTERN',
      'VOLUNTEER',
      'PER_DIEM',
      'OTHER',
    ]),
    hiringOrganization: z.looseObject({
      '@type': z.literal('Organization'),
      name: text,
      sameAs: absolute,
      logo: absolute,
    }),
    jobLocation: z.looseObject({ '@type': z.literal('Place'), address: postalAddress }).optional(),
    jobLocationType: z.literal('TELECOMMUTE').optional(),
    applicantLocationRequirements: z
      .looseObject({ '@type': z.enum(['Country', 'State']), name: text })
      .optional(),
    baseSalary: z
      .looseObject({
        '@type': z.literal('MonetaryAmount'),
        currency: z.string().regex(/^[A-Z]{3}$/),
        value: z.looseObject({
          '@type': z.literal('QuantitativeValue'),
          minValue: z.number().positive(),
          maxValue: z.number().positive(),
          unitText: z.enum(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']),
        }),
      })
      .optional(),
    directApply: z.boolean(),
    identifier: z.looseObject({ '@type': z.literal('PropertyValue'), name: text, value: text }),
    url: absolute,
  })
  .refine((job) => job.jobLocation || job.jobLocationType === 'TELECOMMUTE', 'jobLocation')
  .refine(
    (job) => job.jobLocationType !== 'TELECOMMUTE' || job.applicantLocationRequirements,
    'a remote job names where applicants may live',
  );

/** Other types (ContactPage, Service …): schema.org data, nothing Google asks of them here. */
const other = z.looseObject({ '@context': z.literal('https://schema.org'), '@type': text });

const SCHEMAS: Record<string, z.ZodType> = {
  BreadcrumbList: breadcrumbList,
  Article: article,
  JobPosting: jobPosting,
};

let app: TestApp;
let jobSlug: string;
beforeAll(async () => {
  app = await startTestApp({ web: true });
  const token = await app.login();
  const post = await app.fetch('/api/blog', {
    method: 'POST',
    token,
    json: {
      title: 'Automating Invoices for Manufacturers in Waterloo Region, Step by Step, With Numbers',
      slug: 'automating-invoices',
      content: '## Overview\n\nHow a manufacturer stopped typing invoices.',
      tags: ['automation', 'invoices'],
      published: true,
    },
  });
  expect(post.status).toBe(201);
  const study = await app.fetch('/api/case-studies', {
    method: 'POST',
    token,
    json: {
      title: 'Quoting in Minutes',
      slug: 'quoting-in-minutes',
      content: '<h2>The problem</h2><p>Quotes took days.</p>',
      clientName: 'Cambridge Fabrication',
      industry: 'Manufacturing',
      technologies: ['Python'],
      tags: ['quoting', 'machine learning'],
      published: true,
    },
  });
  expect(study.status).toBe(201);
  const categoryId = await createCategory(app, token, 'Engineering');
  const id = await createJob(app, token, categoryId, {
    title: 'Machine Learning Engineer',
    applicationsCloseAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  jobSlug = (await app.db('jobs').where({ id }).first('slug')).slug;
});
afterAll(() => app.close());

interface Head {
  title: string;
  keywords: string | undefined;
  feed: boolean;
  jsonLd: Record<string, any>[];
}

async function head(path: string): Promise<Head> {
  const res = await app.fetch(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return {
    title: html.match(/<title>(.*?)<\/title>/)![1]!,
    keywords: html.match(/<meta name="keywords" content="([^"]*)">/)?.[1],
    feed: html.includes(
      '<link rel="alternate" type="application/rss+xml" title="Grand River Digital Blog" href="/blog/rss.xml"',
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    ),
  };
}

const types = (page: Head) => page.jsonLd.map((d) => [d['@type']].flat().join(','));

const PAGES: [string, () => string, string[]][] = [
  ['home', () => '/', ['BreadcrumbList']],
  ['contact', () => '/contact', ['BreadcrumbList', 'ContactPage']],
  ['blog list', () => '/blog', ['BreadcrumbList']],
  ['blog list (second address)', () => '/blogs', ['BreadcrumbList']],
  ['post', () => '/blog/automating-invoices', ['BreadcrumbList', 'Article']],
  ['post (second address)', () => '/blogs/automating-invoices', ['BreadcrumbList', 'Article']],
  ['case study list', () => '/case-studies', ['BreadcrumbList']],
  ['case study', () => '/case-studies/quoting-in-minutes', ['BreadcrumbList', 'Article']],
  ['careers', () => '/careers', ['BreadcrumbList']],
  ['job page', () => `/careers/${jobSlug}`, ['BreadcrumbList', 'JobPosting']],
];

describe('structured data and head of every page type', () => {
  it.each(PAGES)(
    '%s: the JSON-LD fits Google’s properties; the feed is linked; the title is short',
    async (_name, path, expected) => {
      const page = await head(path());
      // The organization on every indexable page, then the page's own, each once.
      expect(types(page)).toEqual(['Organization,ProfessionalService', ...expected]);
      organization.parse(page.jsonLd[0]);
      for (const data of page.jsonLd.slice(1)) {
        const checked = (SCHEMAS[data['@type']] ?? other).safeParse(data);
        expect(checked.success ? [] : checked.error.issues, `${path} ${data['@type']}`).toEqual([]);
      }
      expect(page.feed, 'the RSS feed link').toBe(true);
      expect(page.title.length, page.title).toBeLessThanOrEqual(60);
    },
  );

  it('breadcrumbs name the way from Home to the item', async () => {
    const trail = async (path: string) =>
      (await head(path)).jsonLd
        .find((d) => d['@type'] === 'BreadcrumbList')!
        .itemListElement.map((i: { name: string; item: string }) => `${i.name} ${i.item}`);
    expect(await trail('/blogs')).toEqual([`Home ${SITE}/`, `Blog ${SITE}/blog`]);
    expect(await trail('/blog/automating-invoices')).toEqual([
      `Home ${SITE}/`,
      `Blog ${SITE}/blog`,
      `Automating Invoices for Manufacturers in Waterloo Region, Step by Step, With Numbers ${SITE}/blog/automating-invoices`,
    ]);
    expect(await trail('/case-studies/quoting-in-minutes')).toEqual([
      `Home ${SITE}/`,
      `Case Studies ${SITE}/case-studies`,
      `Quoting in Minutes ${SITE}/case-studies/quoting-in-minutes`,
    ]);
    expect(await trail('/careers')).toEqual([`Home ${SITE}/`, `Careers ${SITE}/careers`]);
  });

  it('keywords: the lists have theirs, a post and a case study carry their own tags', async () => {
    expect((await head('/blog')).keywords).toContain('AI blog');
    expect((await head('/case-studies')).keywords).toContain('case studies');
    expect((await head('/blog/automating-invoices')).keywords).toBe('automation, invoices');
    expect((await head('/case-studies/quoting-in-minutes')).keywords).toBe(
      'quoting, machine learning',
    );
  });

  it("a long title drops the site name; an Article's page is its absolute mainEntityOfPage", async () => {
    const post = await head('/blog/automating-invoices');
    expect(post.title).not.toContain('Grand River Digital');
    expect(post.title.endsWith('…')).toBe(true);
    expect((await head('/contact')).title).toBe('Contact Us | Grand River Digital');
    const articleData = post.jsonLd.find((d) => d['@type'] === 'Article')!;
    expect(articleData.mainEntityOfPage).toEqual({
      '@type': 'WebPage',
      '@id': `${SITE}/blog/automating-invoices`,
    });
  });
});
