import { ValidationError } from '@kw/platform';
import { parseOrThrow } from '@kw/platform/http';
import { type PostInput, postInputSchema, slugify } from './contract.ts';

// The JSON Blog Post Importer (admin.md §5, §9): one content item of the old site in, one post
// out. The preview and the import both go through here, so what is shown is what is stored.

export const IMPORT_READ_TIME = '5 min read';
const OLD_MEDIA_LINK = /https?:\/\/[^\s/"'()<>]+\/media\//gi;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function at(source: Json, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) value = isObject(value) ? value[key] : undefined;
  return value;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The first `Paths` entry anywhere in the item: the old site's picture fields. */
function firstPicturePath(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstPicturePath(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  const paths = value.Paths;
  if (Array.isArray(paths) && typeof paths[0] === 'string' && paths[0]) return paths[0];
  for (const child of Object.values(value)) {
    const found = firstPicturePath(child);
    if (found) return found;
  }
  return undefined;
}

function firstTagNames(value: unknown): string[] {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstTagNames(item);
      if (found.length) return found;
    }
    return [];
  }
  if (!isObject(value)) return [];
  if (Array.isArray(value.TagNames)) return value.TagNames.filter((t) => typeof t === 'string');
  for (const child of Object.values(value)) {
    const found = firstTagNames(child);
    if (found.length) return found;
  }
  return [];
}

export const rewriteMediaLinks = (content: string) => content.replace(OLD_MEDIA_LINK, '/media/');

/** Parses the pasted text; a parse failure carries JSON.parse's message. */
export function parseSource(source: string): Json {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    throw new ValidationError(
      [{ path: 'source', message: error instanceof Error ? error.message : 'Invalid JSON format' }],
      error instanceof Error ? error.message : 'Invalid JSON format',
    );
  }
  if (!isObject(parsed)) {
    throw new ValidationError(
      [{ path: 'source', message: 'Invalid JSON format' }],
      'Invalid JSON format',
    );
  }
  return parsed;
}

/** Maps one content item of the old site to a post, with the spec's defaults. */
export function mapBlogSource(source: Json): PostInput {
  const title = text(at(source, 'TitlePart.Title')).trim();
  if (!title) {
    const message = 'Missing required field: TitlePart.Title';
    throw new ValidationError([{ path: 'TitlePart.Title', message }], message);
  }
  const markdown = text(at(source, 'MarkdownBodyPart.Markdown'));
  const html = text(at(source, 'HtmlBodyPart.Html'));
  if (!markdown.trim() && !html.trim()) {
    const message =
      'Missing content: Either MarkdownBodyPart.Markdown or HtmlBodyPart.Html is required';
    throw new ValidationError([{ path: 'MarkdownBodyPart.Markdown', message }], message);
  }
  const alias = text(at(source, 'AutoroutePart.Path')).split('/').filter(Boolean).pop() ?? '';
  const picture = firstPicturePath(source);
  const created = text(source.CreatedUtc) || text(source.PublishedUtc);
  const createdDate = created && !Number.isNaN(Date.parse(created)) ? new Date(created) : null;
  return parseOrThrow(postInputSchema, {
    title,
    slug: slugify(alias) || slugify(title),
    content: rewriteMediaLinks(markdown.trim() ? markdown : html),
    excerpt: '',
    tags: firstTagNames(source),
    categories: [],
    featuredImage: picture ? `/media/${picture.replace(/^\/+/, '')}` : '',
    published: source.Published !== false,
    publishedAt: createdDate?.toISOString() ?? null,
    readTime: IMPORT_READ_TIME,
  });
}

export const importBlogPost = (source: string): PostInput => mapBlogSource(parseSource(source));
