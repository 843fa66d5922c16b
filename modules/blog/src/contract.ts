import type { ImageRenditions } from '@kw/media/contract';
import { z } from 'zod';

// Shapes of the blog module shared with the web app. No server imports here.

export * from './presentation.ts';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A text the editor must fill in. */
export const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** A text the editor may leave out: stored as ''. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/** The editor's Published switch: absent is a draft. */
export const publishedSwitch = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);

/** The version the editor loaded: a stale one is refused with 409. Absent: accepted. */
export const editorVersion = z.number().int().min(0).optional();

/** A list of labels: trimmed, blanks and duplicates dropped (admin.md §5). */
export const labelList = z
  .array(z.string().max(100, 'Must be at most 100 characters'))
  .max(50, 'At most 50 items')
  .nullish()
  .transform((list) => [...new Set((list ?? []).map((s) => s.trim()).filter(Boolean))]);

/** An image address: a path on this site or an http(s) URL, never a script or data scheme. */
export const IMAGE_URL = /^(\/(?!\/)|https?:\/\/)/i;
export const imageUrlSchema = z
  .string()
  .trim()
  .max(2000, 'Must be at most 2000 characters')
  .nullish()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || IMAGE_URL.test(v), 'Image URL must start with / or http(s)://');

export const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .min(1, 'Slug is required')
  .max(200, 'Must be at most 200 characters')
  .regex(SLUG_PATTERN, 'Slug may contain only lower-case letters, digits and single hyphens');

/** The most characters a post's content may have. */
export const POST_CONTENT_MAX = 200_000;

/** What the editor (and the JSON importer) sends to create or update a post. */
export const postInputSchema = z.object({
  title: requiredText('Title is required', 300),
  slug: slugSchema,
  content: requiredText('Content is required', POST_CONTENT_MAX),
  excerpt: optionalText(2000),
  featuredImage: imageUrlSchema,
  published: publishedSwitch,
  publishedAt: z.iso
    .datetime({ offset: true, message: 'Published date must be an ISO date' })
    .nullish()
    .transform((v) => v ?? null),
  seoTitle: optionalText(300),
  seoDescription: optionalText(1000),
  tags: labelList,
  categories: labelList,
  readTime: optionalText(50),
  version: editorVersion,
});

export type PostInput = z.output<typeof postInputSchema>;
export type PostForm = z.input<typeof postInputSchema>;

export interface Heading {
  level: number;
  text: string;
  id: string;
}

/** What a blog post and a case study both are, as the API answers them. */
export interface PublishableItem {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  featuredImage: string;
  /** The featured image's size and renditions, when it is an upload the worker has made them of. */
  featuredImageRenditions?: ImageRenditions | null;
  tags: string[];
  published: boolean;
  seoTitle: string;
  seoDescription: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface BlogPost extends PublishableItem {
  categories: string[];
  publishedAt: string | null;
  readTime: string | null;
}

/**
 * A post as the public list has it (`GET /api/blog?published=true`): what its card shows and
 * its search reads, no content. `excerpt` is the card's: the post's own, else the first 200
 * characters of its text and '...'.
 */
export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string;
  featuredImageRenditions: ImageRenditions | null;
  tags: string[];
  categories: string[];
  publishedAt: string;
}

/** One post as its page shows it: sanitised HTML with anchored headings. */
export interface BlogPostDetail extends BlogPost {
  html: string;
  headings: Heading[];
  readingMinutes: number;
}

/** The JSON importer's answer for a source document. */
export interface BlogImportPreview {
  post: PostInput;
  html: string;
}
