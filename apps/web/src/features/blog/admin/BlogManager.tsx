import { Space, Tag, Typography } from 'antd';
import {
  ContentManager,
  LimitedTags,
  type ManagerLabels,
} from '../../../shared/admin/ContentManager.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import { RecentlyDeletedButton } from '../../activity/admin/RecentlyDeleted.tsx';
import { useDeletePostMutation, useListAllPostsQuery } from '../api.ts';
import { AUTHOR_LABEL, matchesPost } from '../public/post.ts';
import { BlogEditor } from './BlogEditor.tsx';

const LABELS: ManagerLabels = {
  title: 'Blog Manager',
  subtitle: 'Create and manage blog posts',
  noun: 'blog posts',
  countNoun: 'posts',
  newLabel: 'New Blog Post',
  firstLabel: 'Create Your First Blog Post',
  question: 'Are you sure you want to delete this blog post?',
  deleted: 'Blog post deleted successfully',
  failed: 'Failed to delete blog post.',
};

const isScheduled = (publishedAt: string | null): publishedAt is string =>
  publishedAt !== null && Date.parse(publishedAt) > Date.now();

/** Blog Manager (admin.md §2): list and inline editor. */
export function BlogManager() {
  return (
    <ContentManager
      labels={LABELS}
      list={useListAllPostsQuery()}
      matches={matchesPost}
      remove={useDeletePostMutation()[0]}
      editor={(post, controls) => <BlogEditor {...(post ? { post } : {})} {...controls} />}
      // A post scheduled for later has no public page yet: no View link, and its date instead
      // of 'Published'.
      viewHref={(post) => (isScheduled(post.publishedAt) ? null : `/blog/${post.slug}`)}
      status={(post) =>
        post.published && isScheduled(post.publishedAt) ? (
          <Tag color="gold">Scheduled for {formatDate(post.publishedAt, 'dateTime')}</Tag>
        ) : undefined
      }
      extra={<RecentlyDeletedButton kind="posts" />}
      history={(post) => (
        <div style={{ marginTop: 8 }}>
          <HistoryButton kind="post" id={post.id} title={post.title} />
        </div>
      )}
      details={(post) => (
        <>
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 2 }}
            style={{ margin: '6px 0', minHeight: '1.5em' }}
          >
            {post.excerpt || <em>No excerpt</em>}
          </Typography.Paragraph>
          <Space wrap size={12}>
            <Typography.Text type="secondary">
              {formatDate(post.publishedAt ?? post.createdAt, 'shortDay')}
            </Typography.Text>
            <Typography.Text type="secondary">{AUTHOR_LABEL}</Typography.Text>
            <span>
              <LimitedTags items={post.tags} limit={3} />
            </span>
          </Space>
        </>
      )}
    />
  );
}
