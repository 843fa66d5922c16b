import { createRequire } from 'node:module';
import { HtmlValidate } from 'html-validate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createJob } from '../../../modules/careers/src/test-fixtures.ts';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { launchChromium } from './browser.ts';

// Each public page type, checked by two maintained tools: its server-rendered HTML through
// html-validate's recommended rules, and the page as Chromium shows it (desktop and phone)
// through axe-core, which must find nothing serious or critical. For html-validate, what
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
let browser: Browser;
let jobSlug: string;
beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp({ web: true }), launchChromium()]);
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
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PAGES: [string, () => string][] = [
  ['home', () => '/'],
  ['about', () => '/about'],
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

/** axe-core's own build, injected into the page as its documentation shows. */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The page's globals inside `evaluate` (the tests' TypeScript has no DOM library). */
type InPage = any;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_SOURCE });
  const violations: AxeViolation[] = await page.evaluate(async () => {
    const { axe, document } = globalThis as InPage;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${JSON.stringify(v.nodes.map((n) => n.target))}`,
    );
}

describe('axe-core on every public page type, desktop and phone', () => {
  it('finds what it should on a page made bad on purpose (the check itself works)', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.setContent(
        '<!doctype html><html lang="en"><body><main><img src="x.png"><button></button></main></body></html>',
      );
      const found = await seriousViolations(page);
      expect(found.map((f) => f.split(' ')[0])).toEqual(
        expect.arrayContaining(['button-name', 'image-alt']),
      );
    } finally {
      await context.close();
    }
  });

  it.each(PAGES)('%s', async (_name, path) => {
    // The site's CSP allows no injected script; axe is the test's, not the page's.
    const context = await browser.newContext({ bypassCSP: true });
    try {
      const page = await context.newPage();
      for (const [size, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const res = await page.goto(app.url + path(), { waitUntil: 'load' });
        expect(res?.status()).toBe(200);
        const found = await seriousViolations(page);
        expect(found.map((f) => `${size}: ${f}`)).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});
