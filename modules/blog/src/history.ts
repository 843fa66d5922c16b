import { describeRecords } from '@kw/platform';
import { blogEvents } from './events.ts';

// How a post's events read in its History drawer: what each did, and the fields it set.

export const postHistory = describeRecords({
  kind: 'post',
  nameField: 'title',
  label: 'Blog post',
  events: blogEvents,
  restorable: true,
  fields: {
    title: { label: 'Title' },
    slug: { label: 'Slug' },
    published: { label: 'Published' },
    publishedAt: { label: 'Published date' },
    excerpt: { label: 'Excerpt' },
    content: { label: 'Content', long: true },
    featuredImage: { label: 'Featured image' },
    tags: { label: 'Tags' },
    categories: { label: 'Categories' },
    seoTitle: { label: 'SEO title' },
    seoDescription: { label: 'SEO description' },
    readTime: { label: 'Read time' },
  },
  describe(event) {
    switch (event.type) {
      case 'PostCreated': {
        const { postId: _id, ...set } = event.data;
        return { action: 'Created', set: { ...set, published: false }, lifecycle: 'live' };
      }
      case 'PostUpdated': {
        const { postId: _id, ...set } = event.data;
        return { action: 'Edited', set };
      }
      case 'PostPublished':
        return {
          action: 'Published',
          set: { published: true, publishedAt: event.data.publishedAt },
        };
      case 'PostUnpublished':
        return { action: 'Unpublished', set: { published: false } };
      case 'PostDeleted':
        return { action: 'Deleted', set: { published: false }, lifecycle: 'deleted' };
      case 'PostRestored': {
        const { postId: _id, fromVersion, ...set } = event.data;
        return { action: `Restored version ${fromVersion}`, set, lifecycle: 'live' };
      }
    }
  },
});
