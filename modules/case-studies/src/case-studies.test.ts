import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import {
  detectTechnologies,
  guessClientName,
  guessIndustry,
  TECHNOLOGY_KEYWORDS,
} from './importer.ts';
import { caseStudiesModule } from './index.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(() => app.close());

const study = (over: Record<string, unknown> = {}) => ({
  title: 'Forecasting for a Bakery',
  slug: `bakery-${Math.random().toString(36).slice(2, 8)}`,
  content: '<h2>Challenge</h2><p>Waste.</p><h3>Approach</h3><p>Models.</p>',
  clientName: 'Sweet Rise Bakery',
  industry: 'Food',
  projectType: 'AI',
  technologies: ['Python', ' Python ', 'Azure', ''],
  tags: ['ai'],
  published: true,
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await app.fetch('/api/case-studies', { method: 'POST', token, json: study(over) });
  expect(res.status).toBe(201);
  return res.json();
}

describe('case studies API', () => {
  it('given a draft, a visitor never sees it; labels are trimmed and deduplicated', async () => {
    const draft = await create({ published: false });
    const live = await create();
    expect(live.technologies).toEqual(['Python', 'Azure']);
    for (const q of ['', '?published=false']) {
      const slugs = (await (await app.fetch(`/api/case-studies${q}`)).json()).map(
        (s: { slug: string }) => s.slug,
      );
      expect(slugs).toContain(live.slug);
      expect(slugs).not.toContain(draft.slug);
    }
    expect((await app.fetch(`/api/case-studies/${draft.slug}`)).status).toBe(404);
    expect((await app.fetch(`/api/case-studies/${draft.slug}`, { token })).status).toBe(200);
    const paths = (await caseStudiesModule.sitemap!(app.db)).map((e) => e.path);
    expect(paths).toContain(`/case-studies/${live.slug}`);
    expect(paths).not.toContain(`/case-studies/${draft.slug}`);
  });

  it('sanitises the HTML and anchors its headings', async () => {
    const s = await create({
      content:
        '<h2 id="x" onclick="alert(1)">The Challenge</h2><script>alert(1)</script><a href="javascript:alert(2)">x</a><iframe src="https://evil.example"></iframe><p style="color:red">ok</p>',
    });
    const detail = await (await app.fetch(`/api/case-studies/${s.slug}`)).json();
    expect(detail.html).toBe('<h2 id="the-challenge">The Challenge</h2><a>x</a><p>ok</p>');
    expect(detail.headings).toEqual([{ level: 2, text: 'The Challenge', id: 'the-challenge' }]);
  });

  it('refuses a stale version, a taken slug and missing fields', async () => {
    const s = await create();
    const ok = await app.fetch(`/api/case-studies/${s.id}`, {
      method: 'PUT',
      token,
      json: study({ slug: s.slug, title: 'New', version: s.version }),
    });
    expect(ok.status).toBe(200);
    const stale = await app.fetch(`/api/case-studies/${s.id}`, {
      method: 'PUT',
      token,
      json: study({ slug: s.slug, version: s.version }),
    });
    expect(stale.status).toBe(409);
    const taken = await app.fetch('/api/case-studies', {
      method: 'POST',
      token,
      json: study({ slug: s.slug }),
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).message).toBe(
      `A case study with the slug "${s.slug}" already exists. Choose another slug.`,
    );
    const bad = await app.fetch('/api/case-studies', { method: 'POST', token, json: {} });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: 'Title is required' },
        { path: 'slug', message: 'Slug is required' },
        { path: 'content', message: 'Content is required' },
      ]),
    );
    expect((await app.fetch(`/api/case-studies/${s.id}`, { method: 'DELETE', token })).status).toBe(
      200,
    );
    expect((await app.fetch(`/api/case-studies/${s.slug}`, { token })).status).toBe(404);
  });
});

describe('CSV importer', () => {
  const csv = readFileSync(path.join(import.meta.dirname, 'fixtures/case-studies.csv'), 'utf8');

  it('previews only live rows, with quoted commas, links, excerpts and guesses', async () => {
    const res = await app.fetch('/api/case-studies/import/preview', {
      method: 'POST',
      token,
      json: { source: csv },
    });
    expect(res.status).toBe(200);
    const { count, items } = await res.json();
    expect(count).toBe(3);
    const [shop, dental, store] = items;
    expect(shop).toMatchObject({
      title: 'Quoting Faster at a Machine Shop',
      slug: 'quoting-faster-at-a-machine-shop',
      excerpt: 'Cut quote time from days to hours, with Python and Azure',
      industry: 'Manufacturing',
      clientName: 'Raman Precision Machining',
      projectType: 'Custom Software Development',
      published: true,
      technologies: ['Python', 'React', 'Azure', 'Power BI'],
      tags: ['Python', 'React', 'Azure', 'Power BI'],
    });
    expect(shop.content).toContain('src="/media/case-studies/quote.png"');
    expect(shop.results.length).toBeGreaterThan(10);
    expect(dental.industry).toBe('Healthcare');
    expect(dental.clientName).toBe('Confidential Client');
    expect(dental.content).toContain('at a cost of $1,200.'); // the quoted comma kept
    expect(dental.excerpt).toMatch(/^We built an intake form for a dental clinic .*\.\.\.$/);
    expect(dental.excerpt).not.toContain('<');
    expect(store.industry).toBe('E-commerce');
  });

  it('imports atomically and idempotently: a second import creates nothing new', async () => {
    const first = await (
      await app.fetch('/api/case-studies/import', { method: 'POST', token, json: { source: csv } })
    ).json();
    expect(first).toEqual({ imported: 3, created: 3, updated: 0 });
    const second = await (
      await app.fetch('/api/case-studies/import', { method: 'POST', token, json: { source: csv } })
    ).json();
    expect(second).toEqual({ imported: 3, created: 0, updated: 3 });
    const all = await (await app.fetch('/api/case-studies', { token })).json();
    expect(all.filter((s: { slug: string }) => s.slug === 'inventory-sync')).toHaveLength(1);
    expect(all.map((s: { slug: string }) => s.slug)).not.toContain('hidden-study');
    const dental = await (
      await app.fetch('/api/case-studies/patient-intake-for-a-dental-clinic')
    ).json();
    expect(dental.html).not.toContain('<script');
  });

  it('warns of missing IsDeleted/IsHidden columns and rows left out; zero importable rows is no success', async () => {
    const preview = async (source: string) =>
      (
        await app.fetch('/api/case-studies/import/preview', {
          method: 'POST',
          token,
          json: { source },
        })
      ).json();
    const bare = await preview('Title,Content\n"Bare One","<p>ok</p>"\n');
    expect(bare.count).toBe(1);
    expect(bare.warnings).toEqual([
      'The CSV has no IsDeleted column: every row is taken as not deleted. Export it again with the column, or check that no row should be left out.',
      'The CSV has no IsHidden column: every row is taken as not hidden. Export it again with the column, or check that no row should be left out.',
    ]);
    expect(await preview(csv)).toMatchObject({
      count: 3,
      skipped: 2,
      warnings: [
        '2 of 5 rows are marked deleted or hidden (IsDeleted or IsHidden not 0) and will not be imported.',
      ],
    });
    const none = 'Title,Content,IsDeleted,IsHidden\n"Gone","<p>x</p>",1,0\n"Hid","<p>y</p>",0,1\n';
    expect(await preview(none)).toMatchObject({
      count: 0,
      warnings: [
        'No case studies to import: all 2 rows are marked deleted or hidden (IsDeleted or IsHidden not 0).',
      ],
    });
    const before = (await (await app.fetch('/api/case-studies', { token })).json()).length;
    const res = await app.fetch('/api/case-studies/import', {
      method: 'POST',
      token,
      json: { source: none },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      'No case studies to import: all 2 rows are marked deleted or hidden (IsDeleted or IsHidden not 0).',
    );
    expect((await (await app.fetch('/api/case-studies', { token })).json()).length).toBe(before);
  });

  it('stores nothing when one row is bad', async () => {
    const before = (await (await app.fetch('/api/case-studies', { token })).json()).length;
    const source =
      'Title,Content,IsDeleted,IsHidden\n"Good One","<p>ok</p>",0,0\n"",<p>no title</p>,0,0\n';
    const res = await app.fetch('/api/case-studies/import', {
      method: 'POST',
      token,
      json: { source },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Row 3: Title is required');
    expect((await (await app.fetch('/api/case-studies', { token })).json()).length).toBe(before);
  });

  it.each([
    ['Title,Content', 'CSV must have at least a header and one data row'],
    ['', 'CSV must have at least a header and one data row'],
    ['Title,Content\n"unclosed,<p>x</p>\n', 'Invalid CSV format'],
  ])('refuses %j with the spec message', async (source, message) => {
    const res = await app.fetch('/api/case-studies/import/preview', {
      method: 'POST',
      token,
      json: { source },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
  });
});

describe('importer guesses', () => {
  it('knows about 38 technologies, matched as whole words', () => {
    expect(TECHNOLOGY_KEYWORDS.length).toBe(38);
    expect(
      detectTechnologies('Built on .NET and C# with Node.js; no javascript-free claims'),
    ).toEqual(['JavaScript', 'Node.js', '.NET', 'C#']);
    expect(detectTechnologies('Reactive programming')).toEqual([]);
  });

  it.each([
    ['a car dealership network', 'Automotive'],
    ['solar installers', 'Energy'],
    ['a metal factory', 'Manufacturing'],
    ['an ecommerce brand', 'E-commerce'],
    ['a municipal office', 'Government'],
    ['a physiotherapy clinic', 'Healthcare'],
    ['a credit union', 'Finance'],
    ['a software start-up', 'Technology'],
  ])('guesses the industry of %s: %s', (text, industry) => {
    expect(guessIndustry(text)).toBe(industry);
  });

  it('guesses a client name from the text, else Confidential Client', () => {
    expect(guessClientName('Client: Acme Tools, Waterloo')).toBe('Acme Tools');
    expect(guessClientName('We built it for Grand Valley Foods Inc. last year')).toBe(
      'Grand Valley Foods Inc.',
    );
    expect(guessClientName('A project we loved')).toBe('Confidential Client');
  });
});
