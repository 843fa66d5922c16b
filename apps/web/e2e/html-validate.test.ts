import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createJob } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

// Each public page type's server-rendered HTML through html-validate's recommended rules. What
// was real is fixed in the pages (an empty <h2> in every closed dialog, honeypot inputs without
// a type, a phone number that could break across lines, inline indents in the table of
// contents, a lower-case DOCTYPE); the one rule relaxed below is about React's own output.

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // How React serialises markup, which no page can change: void elements self-closed
    // (`<input/>`, `<br/>`), boolean attributes with an empty value (`required=""`,
    // `hidden=""`), and the camelCase names it writes on the server (`autoComplete`,
    // `noValidate`, `dateTime`; HTML attribute names are case-insensitive).
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'attr-case': 'off',
    // React's useId gives ids such as "_R_4c5_-email", which the strict form (a letter first)
    // refuses; HTML allows any id without spaces, which the relaxed form checks.
    'valid-id': ['error', { relaxed: true }],
  },
});

let app: TestApp;
let jobSlug: string;
beforeAll(async () => {
  app = await startTestApp({ web: true });
  const token = await app.login();
  const post = await app.fetch('/api/blog', {
    method: 'POST',
    token,
    json: {
      title: 'Automating Invoices',
      slug: 'automating-invoices',
      content:
        '## Overview\n\nHow a manufacturer stopped typing invoices.\n\n### Results\n\nHours back.',
      tags: ['automation'],
      categories: ['Automation and Integration for Small Manufacturers'],
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
      tags: ['quoting'],
      results: 'Quotes in minutes.\nFewer errors.',
      published: true,
    },
  });
  expect(study.status).toBe(201);
  const categoryId = await createCategory(app, token, 'Engineering');
  const id = await createJob(app, token, categoryId, { requirements: 'Python\nSQL' });
  jobSlug = (await app.db('jobs').where({ id }).first('slug')).slug;
});
afterAll(() => app.close());

const PAGES: [string, () => string][] = [
  ['home', () => '/'],
  ['contact', () => '/contact'],
  ['blog list', () => '/blog'],
  ['post', () => '/blog/automating-invoices'],
  ['case study', () => '/case-studies/quoting-in-minutes'],
  ['careers', () => '/careers'],
  ['job page', () => `/careers/${jobSlug}`],
];

describe('html-validate (recommended) on every public page type', () => {
  it.each(PAGES)('%s', async (_name, path) => {
    const res = await app.fetch(path());
    expect(res.status).toBe(200);
    const report = await validator.validateString(await res.text(), path());
    const problems = report.results.flatMap((r) =>
      r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? `line ${m.line}`})`),
    );
    if (process.env.HV_DEBUG) console.log(`${path()}\n${problems.join('\n')}`);
    expect(problems).toEqual([]);
  });
});
