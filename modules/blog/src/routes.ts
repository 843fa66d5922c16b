import { randomUUID } from 'node:crypto';
import { optionalAdmin } from '@kw/auth';
import type { EventMetadata } from '@kw/platform';
import { ConflictError, type Db, NotFoundError, type Trx } from '@kw/platform';
import { type AppServices, created, type RouteDef, route } from '@kw/platform/http';
import { z } from 'zod';
import { createPost, deletePost, postState, updatePost } from './commands.ts';
import {
  type BlogPostDetail,
  type PostInput,
  postInputSchema,
  readingMinutes,
} from './contract.ts';
import { postStream } from './events.ts';
import { importBlogPost } from './importer.ts';
import { findPostBySlug, findPostIdBySlug, listPosts } from './queries.ts';
import { renderMarkdown } from './render.ts';

const idParams = z.object({ id: z.uuid('Unknown blog post') });
const slugParams = z.object({ slug: z.string().min(1).max(300) });
const versionQuery = z.object({ version: z.coerce.number().int().min(0).optional() });
const sourceBody = z.object({ source: z.string().max(2_000_000, 'The document is too large') });

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

export const slugTakenMessage = (slug: string) =>
  `A blog post with the slug "${slug}" already exists. Choose another slug.`;

async function assertSlugFree(db: Db | Trx, slug: string, postId: string): Promise<void> {
  const owner = await findPostIdBySlug(db, slug);
  if (owner && owner !== postId) throw new ConflictError(slugTakenMessage(slug));
}

/** Appends, turning a lost race on the unique slug into the same 409. */
async function guardSlug<T>(slug: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(slugTakenMessage(slug));
    throw error;
  }
}

export function postDetail(
  post: Awaited<ReturnType<typeof findPostBySlug>> & object,
): BlogPostDetail {
  const { html, headings } = renderMarkdown(post.content);
  return { ...post, html, headings, readingMinutes: readingMinutes(post.content) };
}

/** Creates a post, or (importer) updates the one with the same slug. */
export async function savePost(
  services: AppServices,
  input: PostInput,
  metadata: EventMetadata,
  options: { postId?: string; upsertBySlug?: boolean; trx?: Trx } = {},
): Promise<{ id: string; created: boolean }> {
  const db = options.trx ?? services.db;
  let postId = options.postId;
  if (!postId && options.upsertBySlug) postId = await findPostIdBySlug(db, input.slug);
  const now = new Date();
  return guardSlug(input.slug, async () => {
    if (!postId) {
      const id = randomUUID();
      await assertSlugFree(db, input.slug, id);
      await services.store.append(postStream(id), 0, createPost(id, input, now), {
        metadata,
        ...(options.trx ? { trx: options.trx } : {}),
      });
      return { id, created: true };
    }
    const history = await services.store.readStream(postStream(postId), db);
    const state = postState(history);
    await assertSlugFree(db, input.slug, postId);
    await services.store.append(
      postStream(postId),
      input.version ?? history.length,
      updatePost(state, postId, input, now),
      { metadata, ...(options.trx ? { trx: options.trx } : {}) },
    );
    return { id: postId, created: false };
  });
}

export const blogRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/blog',
    access: 'public',
    async handler({ req, services }) {
      // Without an administrator, published posts only, whatever the query string says.
      const admin = await optionalAdmin(services, req);
      const onlyPublished = !admin || req.query.published === 'true';
      return listPosts(services.db, onlyPublished ? 'public' : 'admin');
    },
  }),
  route({
    method: 'get',
    path: '/api/blog/:slug',
    access: 'public',
    params: slugParams,
    async handler({ req, params, services }) {
      const admin = await optionalAdmin(services, req);
      const post = await findPostBySlug(services.db, params.slug, admin ? 'admin' : 'public');
      if (!post) throw new NotFoundError('Blog post not found');
      return postDetail(post);
    },
  }),
  route({
    method: 'post',
    path: '/api/blog',
    access: 'admin',
    body: postInputSchema,
    async handler({ body, services, metadata }) {
      await savePost(services, body, metadata);
      return created(await findPostBySlug(services.db, body.slug, 'admin'));
    },
  }),
  route({
    method: 'put',
    path: '/api/blog/:id',
    access: 'admin',
    params: idParams,
    body: postInputSchema,
    async handler({ body, params, services, metadata }) {
      await savePost(services, body, metadata, { postId: params.id });
      return findPostBySlug(services.db, body.slug, 'admin');
    },
  }),
  route({
    method: 'delete',
    path: '/api/blog/:id',
    access: 'admin',
    params: idParams,
    query: versionQuery,
    async handler({ params, query, services, metadata }) {
      const history = await services.store.readStream(postStream(params.id));
      await services.store.append(
        postStream(params.id),
        query.version ?? history.length,
        deletePost(postState(history), params.id),
        { metadata },
      );
      return { message: 'Blog post deleted' };
    },
  }),
  route({
    method: 'post',
    path: '/api/blog/render',
    access: 'admin',
    body: z.object({ content: z.string().max(200_000) }),
    handler({ body }) {
      return { ...renderMarkdown(body.content), readingMinutes: readingMinutes(body.content) };
    },
  }),
  route({
    method: 'post',
    path: '/api/blog/import/preview',
    access: 'admin',
    body: sourceBody,
    handler({ body }) {
      const post = importBlogPost(body.source);
      return { post, html: renderMarkdown(post.content).html };
    },
  }),
  route({
    method: 'post',
    path: '/api/blog/import',
    access: 'admin',
    body: sourceBody,
    async handler({ body, services, metadata }) {
      const post = importBlogPost(body.source);
      const result = await services.db.transaction((trx) =>
        savePost(services, post, metadata, { upsertBySlug: true, trx }),
      );
      return { ...result, imported: 1, slug: post.slug };
    },
  }),
];
