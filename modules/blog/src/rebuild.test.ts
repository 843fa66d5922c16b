import { projections } from '@kw/composition';
import { rebuildProjections } from '@kw/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/harness.ts';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = await app.login();
});
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const snapshot = async () => ({
  posts: await app.db('blog_posts').orderBy('id'),
  studies: await app.db('case_studies').orderBy('id'),
  media: await app.db('media_files').orderBy('id'),
});

describe('content read models', () => {
  it('rebuilt from the event log equal the live ones', async () => {
    const json = (body: unknown) => ({ method: 'POST', token, json: body });
    const a = await (
      await app.fetch('/api/blog', json({ title: 'A', slug: 'a', content: '# A', published: true }))
    ).json();
    await app.fetch('/api/blog', json({ title: 'B', slug: 'b', content: 'b', tags: ['x'] }));
    const c = await (
      await app.fetch('/api/blog', json({ title: 'C', slug: 'c', content: 'c' }))
    ).json();
    await app.fetch(`/api/blog/${a.id}`, {
      method: 'PUT',
      token,
      json: { title: 'A2', slug: 'a-two', content: 'a', published: false },
    });
    await app.fetch(`/api/blog/${c.id}`, { method: 'DELETE', token });
    const s = await (
      await app.fetch(
        '/api/case-studies',
        json({
          title: 'S',
          slug: 's',
          content: '<p>s</p>',
          technologies: ['Azure'],
          published: true,
        }),
      )
    ).json();
    await app.fetch(`/api/case-studies/${s.id}`, {
      method: 'PUT',
      token,
      json: { title: 'S2', slug: 's', content: '<p>s2</p>', published: false },
    });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const media = await (
      await app.fetch('/api/media/upload', { method: 'POST', token, body: form })
    ).json();
    const form2 = new FormData();
    form2.append('file', new Blob([new Uint8Array(PNG)]), 'b.png');
    await app.fetch('/api/media/upload', { method: 'POST', token, body: form2 });
    await app.fetch(`/api/media/${media.filename}`, { method: 'DELETE', token });

    const live = await snapshot();
    expect(live.posts).toHaveLength(2);
    expect(live.studies).toHaveLength(1);
    expect(live.media).toHaveLength(1);
    await rebuildProjections(app.api.runtime.store, projections);
    expect(await snapshot()).toEqual(live);
  });
});
