import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { createDeferredStore } from './deferred-store.ts';
import { blogQueries } from './features/blog/public/blogQueries.ts';
import { careersQueries } from './features/careers/public/careersQueries.ts';
import { caseStudyQueries } from './features/case-studies/public/caseStudyQueries.ts';
import { siteQueries } from './features/site/public/siteQueries.ts';
import { queryCacheKey, readQuery } from './public-query.ts';
import { makeStore } from './store.ts';

const lazyQueries = { ...blogQueries, ...caseStudyQueries, ...careersQueries, ...siteQueries };

describe('reading RTK Query cache entries without RTK Query', () => {
  it('makes the same cache key as RTK Query for no argument and for slugs', () => {
    for (const arg of [undefined, 'plain-slug', 'with "quotes" and \\ é', ''])
      expect(queryCacheKey('getPost', arg)).toBe(
        defaultSerializeQueryArgs({
          endpointName: 'getPost',
          queryArgs: arg,
          endpointDefinition: {} as never,
        }),
      );
  });

  it('names each lazy query after the endpoint it loads', async () => {
    for (const query of Object.values(lazyQueries))
      expect((await query.load()).name).toBe(query.name);
  });

  it('given data in a real store, reads it back through the lazy query', async () => {
    const store = makeStore();
    const { blogApi } = await import('./features/blog/api.ts');
    const post = { slug: 'hello', title: 'Hello' };
    await store.dispatch(blogApi.util.upsertQueryData('getPost', 'hello', post as never));
    expect(readQuery(store.getState(), blogQueries.post, 'hello')).toEqual({
      data: post,
      isLoading: false,
      isError: false,
    });
    expect(readQuery(store.getState(), blogQueries.post, 'other')).toEqual({
      data: undefined,
      isLoading: true,
      isError: false,
    });
    // a failed request (a missing post) reads as an error, not as loading
    const state = {
      api: { queries: { 'getPost("gone")': { status: 'rejected', error: { status: 404 } } } },
    };
    expect(readQuery(state, blogQueries.post, 'gone')).toMatchObject({
      isLoading: false,
      isError: true,
    });
  });
});

describe('the deferred store', () => {
  it('serves the server state until the real store loads (once), then forwards to it', async () => {
    const server = { api: { queries: {} } };
    let loads = 0;
    const real = makeStore();
    const deferred = createDeferredStore(server, async () => {
      loads += 1;
      return real;
    });
    expect(deferred.getState()).toBe(server);
    expect(deferred.isLoaded()).toBe(false);
    expect(() => deferred.dispatch({ type: 'x' })).toThrow(/whenStoreReady/);
    let notified = 0;
    deferred.subscribe(() => {
      notified += 1;
    });
    await Promise.all([deferred.ready(), deferred.ready()]);
    expect(loads).toBe(1);
    expect(deferred.isLoaded()).toBe(true);
    expect(deferred.getState()).toBe(real.getState());
    expect(notified).toBeGreaterThan(0);
  });
});
