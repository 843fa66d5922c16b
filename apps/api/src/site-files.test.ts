import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { sitemapXml } from './site-files.ts';
import { webDir } from './ssr.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of /admin and /api and points to the sitemap', async () => {
    const res = await app.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('Disallow: /admin');
    expect(text).toContain('Disallow: /api');
    expect(text).toContain('Sitemap: https://www.example.ca/sitemap.xml');
  });

  it('sitemap.xml lists every public marketing page at its canonical address', async () => {
    const res = await app.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    for (const path of [
      '/',
      '/services',
      '/artificial-intelligence',
      '/custom-software-dev',
      '/integration-automation',
      '/digital-readiness',
      '/poc-services',
      '/about',
      '/contact',
      '/privacy-policy',
      '/ethical-ai',
      '/blog',
      '/case-studies',
      '/careers',
    ])
      expect(locs).toContain(`https://www.example.ca${path}`);
    expect(locs.some((l) => l!.includes('/admin'))).toBe(false);
    expect(locs.some((l) => l!.includes('/services/'))).toBe(false); // only canonical addresses
  });

  it('adds the entries modules give, once each, escaped, with their last change date', () => {
    const xml = sitemapXml('https://x.ca', [
      { path: '/blog/a&b', lastModified: new Date('2025-03-04T10:00:00Z') },
      { path: '/blog/a&b' },
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://x.ca/blog/a&amp;b</loc><lastmod>2025-03-04</lastmod>');
  });

  it('/efficiency-edge redirects to the default external site when none is configured', async () => {
    const res = await app.fetch('/efficiency-edge');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://www.efficiencyedge.ca');
  });

  it('/favicon.ico, asked for by browsers on a page that names no icon, is the site icon (301, cached a day)', async () => {
    const res = await app.fetch('/favicon.ico');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/favicon.svg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(existsSync(path.join(webDir, 'public/favicon.svg'))).toBe(true);
  });
});
