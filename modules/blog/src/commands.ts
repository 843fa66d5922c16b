import { commandHandler } from '@kw/platform';
import type { PostInput } from './contract.ts';
import { blogEvents, type PostEvent, type PostFields, postStream } from './events.ts';
import { BLOG_POSTS } from './projection.ts';
import {
  assertEditable,
  evolvePublishable,
  evolveVersions,
  NO_VERSIONS,
  NOTHING_PUBLISHED,
  type PublishableState,
  publicationChange,
  publishableCommands,
  type Versioned,
} from './publishable.ts';

// Decisions about a post: its history and a request in, the events that follow out. The
// decide functions are pure; savePost and removePost run them through the one command path.

const NOT_FOUND = 'Blog post not found';

export interface PostState extends PublishableState, Versioned<PostFields> {
  /** When the post was first published, if ever. */
  firstPublishedAt: string | null;
}

export const NO_POST: PostState = { ...NOTHING_PUBLISHED, ...NO_VERSIONS, firstPublishedAt: null };

const contentOf = (event: PostEvent): PostFields | undefined => {
  if (event.type !== 'PostCreated' && event.type !== 'PostUpdated' && event.type !== 'PostRestored')
    return undefined;
  const { postId: _id, ...content } = event.data;
  if ('fromVersion' in content) {
    const { fromVersion: _from, ...fields } = content;
    return fields;
  }
  return content;
};

export function evolvePost(state: PostState, event: PostEvent): PostState {
  return {
    ...evolvePostState(state, event),
    ...evolveVersions(state, event, contentOf(event), event.type === 'PostDeleted'),
  };
}

function evolvePostState(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'PostRestored':
      return { ...state, ...evolvePublishable(state, { restored: event.data.slug }) };
    case 'PostCreated':
    case 'PostUpdated':
      return { ...state, ...evolvePublishable(state, { saved: event.data.slug }) };
    case 'PostPublished':
      return {
        ...state,
        ...evolvePublishable(state, 'published'),
        firstPublishedAt: state.firstPublishedAt ?? event.data.publishedAt,
      };
    case 'PostUnpublished':
      return { ...state, ...evolvePublishable(state, 'unpublished') };
    case 'PostDeleted':
      return { ...state, ...evolvePublishable(state, 'deleted') };
  }
}

/** A post's history folded, for the decision specs. */
export const postState = (history: readonly PostEvent[]): PostState =>
  history.reduce(evolvePost, NO_POST);

export const postDecider = { events: blogEvents, initialState: () => NO_POST, evolve: evolvePost };
export const handlePost = commandHandler(postDecider);

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

/**
 * An edit: the new fields, then a publication or withdrawal when the switch changed. A post
 * published before keeps its first date unless the editor chose one.
 */
export function updatePost(
  state: PostState,
  postId: string,
  input: PostInput,
  now: Date,
): PostEvent[] {
  assertEditable(state, postStream(postId), NOT_FOUND, input.version);
  const effective = input.publishedAt ?? state.firstPublishedAt;
  const events: PostEvent[] = [
    { type: 'PostUpdated', data: { postId, ...fields(input, effective) } },
  ];
  const change = publicationChange(state, input.published);
  if (change === 'published') {
    events.push({
      type: 'PostPublished',
      data: { postId, publishedAt: effective ?? now.toISOString() },
    });
  } else if (change === 'unpublished') {
    events.push({ type: 'PostUnpublished', data: { postId } });
  }
  return events;
}

/**
 * Saving, deleting and restoring, through the one command path; a restore brings a version's
 * content back as a new event (a deleted post comes back unpublished).
 */
export const {
  save: savePost,
  remove: removePost,
  restore: restorePostVersion,
  decideRemove: deletePost,
  decideRestore: restorePost,
  recentlyDeleted: recentlyDeletedPosts,
} = publishableCommands({
  table: BLOG_POSTS,
  noun: 'Blog post',
  handle: handlePost,
  stream: postStream,
  create: createPost,
  update: updatePost,
  deleted: (postId, slug) => ({ type: 'PostDeleted', data: { postId, slug } }),
  restored: (postId, fromVersion, content: PostFields) => ({
    type: 'PostRestored',
    data: { postId, fromVersion, ...content },
  }),
  deletedType: 'PostDeleted',
  streamPrefix: 'post',
});
