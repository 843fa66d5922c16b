import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';
import { seedDemoContent } from '../seed.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const demoImage = (url: string) =>
  path.resolve(import.meta.dirname, '../../../apps/web/public', url.replace(/^\//, ''));

describe('demo content', () => {
  it('seeds published posts with headings and images, one draft, and case studies across industries; once', async () => {
    await seedDemoContent(app.api.runtime.store);
    const token = await app.login();
    const published = await (await app.fetch('/api/blog')).json();
    const all = await (await app.fetch('/api/blog', { token })).json();
    expect(published.length).toBeGreaterThanOrEqual(5);
    expect(all.length - published.length).toBe(1);
    for (const post of published) {
      const detail = await (await app.fetch(`/api/blog/${post.slug}`)).json();
      expect(detail.headings.length, post.slug).toBeGreaterThan(0);
      expect(post.featuredImage).toMatch(/^\/media\/demo\/.+\.svg$/);
      expect(existsSync(demoImage(post.featuredImage)), post.featuredImage).toBe(true);
      for (const [, src] of detail.html.matchAll(/<img src="([^"]+)"/g))
        expect(existsSync(demoImage(src)), src).toBe(true);
    }
    const studies = await (await app.fetch('/api/case-studies')).json();
    expect(
      new Set(studies.map((s: { industry: string }) => s.industry)).size,
    ).toBeGreaterThanOrEqual(4);

    await seedDemoContent(app.api.runtime.store);
    expect((await (await app.fetch('/api/blog', { token })).json()).length).toBe(all.length);
  });
});
