/** The content fields of a post as an event records them. */
export interface PostFields {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  featuredImage: string;
  tags: string[];
  categories: string[];
  seoTitle: string;
  seoDescription: string;
  readTime: string;
  /** The effective published date: the chosen one, else the first publication's, else null. */
  publishedAt: string | null;
}

export interface PostCreated {
  type: 'PostCreated';
  data: PostFields & { postId: string };
}
export interface PostUpdated {
  type: 'PostUpdated';
  data: PostFields & { postId: string };
}
export interface PostPublished {
  type: 'PostPublished';
  data: { postId: string; publishedAt: string };
}
export interface PostUnpublished {
  type: 'PostUnpublished';
  data: { postId: string };
}
export interface PostDeleted {
  type: 'PostDeleted';
  data: { postId: string; slug: string };
}

export type PostEvent = PostCreated | PostUpdated | PostPublished | PostUnpublished | PostDeleted;

export const POST_EVENT_TYPES = [
  'PostCreated',
  'PostUpdated',
  'PostPublished',
  'PostUnpublished',
  'PostDeleted',
] as const;

export const postStream = (postId: string): string => `post:${postId}`;
