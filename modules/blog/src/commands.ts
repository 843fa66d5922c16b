import { NotFoundError } from '@kw/platform';
import type { PostInput } from './contract.ts';
import type { PostEvent, PostFields } from './events.ts';

// Pure decisions about a post: its history and a request in, the events that follow out.

export interface PostState {
  exists: boolean;
  deleted: boolean;
  published: boolean;
  /** When the post was first published, if ever. */
  firstPublishedAt: string | null;
  slug: string | null;
}

export const NO_POST: PostState = {
  exists: false,
  deleted: false,
  published: false,
  firstPublishedAt: null,
  slug: null,
};

export function evolvePost(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'PostCreated':
    case 'PostUpdated':
      return { ...state, exists: true, slug: event.data.slug };
    case 'PostPublished':
      return {
        ...state,
        published: true,
        firstPublishedAt: state.firstPublishedAt ?? event.data.publishedAt,
      };
    case 'PostUnpublished':
      return { ...state, published: false };
    case 'PostDeleted':
      return { ...state, deleted: true, published: false };
  }
}

export const postState = (history: readonly { type: string; data: unknown }[]): PostState =>
  history.reduce((s, e) => evolvePost(s, e as PostEvent), NO_POST);

function fields(input: PostInput, publishedAt: string | null): PostFields {
  return {
    title: input.title,
    slug: input.slug,
    content: input.content,
    excerpt: input.excerpt,
    featuredImage: input.featuredImage,
    tags: input.tags,
    categories: input.categories,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    readTime: input.readTime,
    publishedAt,
  };
}

/** A new post; published at once when asked, dated publishedAt or now. */
export function createPost(postId: string, input: PostInput, now: Date): PostEvent[] {
  const events: PostEvent[] = [
    { type: 'PostCreated', data: { postId, ...fields(input, input.publishedAt) } },
  ];
  if (input.published) {
    events.push({
      type: 'PostPublished',
      data: { postId, publishedAt: input.publishedAt ?? now.toISOString() },
    });
  }
  return events;
}

/** An edit: the new fields, then a publication or withdrawal when the switch changed. */
export function updatePost(
  state: PostState,
  postId: string,
  input: PostInput,
  now: Date,
): PostEvent[] {
  if (!state.exists || state.deleted) throw new NotFoundError('Blog post not found');
  const effective = input.publishedAt ?? state.firstPublishedAt;
  const events: PostEvent[] = [
    { type: 'PostUpdated', data: { postId, ...fields(input, effective) } },
  ];
  if (input.published && !state.published) {
    events.push({
      type: 'PostPublished',
      data: { postId, publishedAt: effective ?? now.toISOString() },
    });
  } else if (!input.published && state.published) {
    events.push({ type: 'PostUnpublished', data: { postId } });
  }
  return events;
}

export function deletePost(state: PostState, postId: string): PostEvent[] {
  if (!state.exists || state.deleted) throw new NotFoundError('Blog post not found');
  return [{ type: 'PostDeleted', data: { postId, slug: state.slug ?? '' } }];
}
