import { defineEvents, type EventOf } from '@kw/platform';
import { z } from 'zod';

// The blog's events. Every post event ever stored has these shapes (none has changed since
// the first release); a field added later must be optional here.

/** The content fields of a post as an event records them. */
const postFields = {
  postId: z.string(),
  title: z.string(),
  slug: z.string(),
  content: z.string(),
  excerpt: z.string(),
  featuredImage: z.string(),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
  seoTitle: z.string(),
  seoDescription: z.string(),
  readTime: z.string(),
  /** The effective published date: the chosen one, else the first publication's, else null. */
  publishedAt: z.string().nullable(),
};

export const blogEventSchemas = {
  PostCreated: z.object(postFields),
  PostUpdated: z.object(postFields),
  PostPublished: z.object({ postId: z.string(), publishedAt: z.string() }),
  PostUnpublished: z.object({ postId: z.string() }),
  PostDeleted: z.object({ postId: z.string(), slug: z.string() }),
  /** An earlier version's content and fields brought back (a deleted post comes back unpublished). */
  PostRestored: z.object({ ...postFields, fromVersion: z.number().int() }),
};

export const blogEvents = defineEvents(blogEventSchemas);

export type PostEvent = EventOf<typeof blogEventSchemas>;
export type PostCreated = Extract<PostEvent, { type: 'PostCreated' }>;
export type PostUpdated = Extract<PostEvent, { type: 'PostUpdated' }>;
export type PostPublished = Extract<PostEvent, { type: 'PostPublished' }>;
export type PostUnpublished = Extract<PostEvent, { type: 'PostUnpublished' }>;
export type PostDeleted = Extract<PostEvent, { type: 'PostDeleted' }>;
export type PostRestored = Extract<PostEvent, { type: 'PostRestored' }>;
export type PostFields = Omit<PostCreated['data'], 'postId'>;

export const postStream = (postId: string): string => `post:${postId}`;
