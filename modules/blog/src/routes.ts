import { jsonBodyLimit, type RouteDef, route } from '@kw/platform/http';
import { z } from 'zod';
import { recentlyDeletedPosts, removePost, restorePostVersion, savePost } from './commands.ts';
import { POST_CONTENT_MAX, postInputSchema, readingMinutes } from './contract.ts';
import { importBlogPost } from './importer.ts';
import { publishableRoutes, sourceBody } from './publishable.ts';
import { findPostBySlug, listPostSummaries, listPosts } from './queries.ts';
import { postDetail, renderMarkdown } from './render.ts';

const IMPORT_MAX = 2_000_000;
const importBody = sourceBody(IMPORT_MAX, 'The document is too large');
const importBodyLimit = jsonBodyLimit(IMPORT_MAX);
const postBodyLimit = jsonBodyLimit(POST_CONTENT_MAX);

export const blogRoutes: RouteDef[] = [
  ...publishableRoutes({
    path: '/api/blog',
    noun: 'Blog post',
    plural: 'posts',
    input: postInputSchema,
    bodyLimit: postBodyLimit,
    list: (db, audience) =>
      audience === 'public' ? listPostSummaries(db) : listPosts(db, audience),
    find: (db, slug, audience) => findPostBySlug(db, slug, audience),
    detail: postDetail,
    save: savePost,
    remove: removePost,
    restore: restorePostVersion,
    deleted: { path: '/api/admin/deleted/posts', list: recentlyDeletedPosts },
  }),
  route({
    method: 'post',
    path: '/api/blog/render',
    access: 'admin',
    body: z.object({ content: z.string().max(POST_CONTENT_MAX) }),
    bodyLimit: postBodyLimit,
    handler({ body }) {
      return { ...renderMarkdown(body.content), readingMinutes: readingMinutes(body.content) };
    },
  }),
  route({
    method: 'post',
    path: '/api/blog/import/preview',
    access: 'admin',
    body: importBody,
    bodyLimit: importBodyLimit,
    handler({ body }) {
      const post = importBlogPost(body.source);
      return { post, html: renderMarkdown(post.content).html };
    },
  }),
  route({
    method: 'post',
    path: '/api/blog/import',
    access: 'admin',
    body: importBody,
    bodyLimit: importBodyLimit,
    async handler({ body, services, metadata }) {
      const post = importBlogPost(body.source);
      const result = await services.db.transaction((trx) =>
        savePost(services.store, post, metadata, { upsertBySlug: true, trx }),
      );
      return { ...result, imported: 1, slug: post.slug };
    },
  }),
];
