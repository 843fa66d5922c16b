import type { BlogPost } from '@kw/blog/contract';
import { App, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ManagerFrame, ManagerRow } from '../../../shared/admin/ManagerFrame.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { useDeletePostMutation, useListAllPostsQuery } from '../api.ts';
import { BlogEditor } from './BlogEditor.tsx';

export const AUTHOR_LABEL = 'Grand River Digital Team';

export function matchesPostSearch(post: BlogPost, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return (
    post.title.toLowerCase().includes(q) ||
    post.excerpt.toLowerCase().includes(q) ||
    post.tags.some((t) => t.toLowerCase().includes(q))
  );
}

export function LimitedTags({
  items,
  limit,
  color,
}: {
  items: string[];
  limit: number;
  color?: string;
}) {
  return (
    <>
      {items.slice(0, limit).map((t) => (
        <Tag key={t} color={color}>
          {t}
        </Tag>
      ))}
      {items.length > limit && <Tag>+{items.length - limit} more</Tag>}
    </>
  );
}

/** Blog Manager (admin.md §2): list and inline editor. */
export function BlogManager() {
  const { modal, notification } = App.useApp();
  const { data, isLoading, isError, refetch } = useListAllPostsQuery();
  const [remove] = useDeletePostMutation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<BlogPost | 'new' | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const all = data ?? [];
  const posts = useMemo(() => all.filter((p) => matchesPostSearch(p, search)), [all, search]);

  const confirmDelete = (post: BlogPost) =>
    modal.confirm({
      title: 'Are you sure you want to delete this blog post?',
      content: post.title,
      okText: 'Delete',
      okButtonProps: { danger: true },
      async onOk() {
        try {
          await remove({ id: post.id, version: post.version }).unwrap();
          notification.success({
            title: 'Success!',
            description: 'Blog post deleted successfully',
          });
        } catch {
          notification.error({ title: 'Failed to delete blog post.' });
        }
      },
    });

  const reload = async () => {
    const fresh = await refetch();
    if (editing && editing !== 'new') {
      const latest = fresh.data?.find((p) => p.id === editing.id);
      setEditing(latest ?? null);
    }
    setEditorKey((k) => k + 1);
  };

  if (editing) {
    return (
      <BlogEditor
        key={`${editing === 'new' ? 'new' : editing.id}-${editorKey}`}
        {...(editing === 'new' ? {} : { post: editing })}
        onDone={() => setEditing(null)}
        onReload={reload}
      />
    );
  }

  return (
    <ManagerFrame
      title="Blog Manager"
      subtitle="Create and manage blog posts"
      noun="blog posts"
      countNoun="posts"
      newLabel="New Blog Post"
      firstLabel="Create Your First Blog Post"
      shown={posts.length}
      total={all.length}
      isLoading={isLoading}
      isError={isError}
      search={search}
      onSearch={setSearch}
      onNew={() => setEditing('new')}
    >
      {posts.map((post) => (
        <ManagerRow
          key={post.id}
          title={post.title}
          published={post.published}
          viewHref={`/blog/${post.slug}`}
          badges={
            post.published &&
            post.publishedAt &&
            Date.parse(post.publishedAt) > Date.now() && (
              <Tag color="gold">Scheduled for {formatDate(post.publishedAt, 'shortDay')}</Tag>
            )
          }
          onEdit={() => setEditing(post)}
          onDelete={() => confirmDelete(post)}
        >
          {post.excerpt && (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2 }}
              style={{ margin: '6px 0' }}
            >
              {post.excerpt}
            </Typography.Paragraph>
          )}
          <Space wrap size={12}>
            <Typography.Text type="secondary">
              {formatDate(post.publishedAt ?? post.createdAt, 'shortDay')}
            </Typography.Text>
            <Typography.Text type="secondary">{AUTHOR_LABEL}</Typography.Text>
            <span>
              <LimitedTags items={post.tags} limit={3} />
            </span>
          </Space>
        </ManagerRow>
      ))}
    </ManagerFrame>
  );
}
