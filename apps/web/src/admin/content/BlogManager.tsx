import type { BlogPost } from '@kw/blog/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { BlogEditor } from './BlogEditor.tsx';
import { useDeletePostMutation, useListAllPostsQuery } from './contentAdminApi.ts';
import { shortDate } from './dates.ts';
import './admin-content.css';

export const AUTHOR_LABEL = 'Grand River Digital Team';
const SKELETON_ROWS = 5;

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
  const navigate = useNavigate();
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
    <>
      <Flex justify="space-between" align="start" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
            Blog Manager
          </Typography.Title>
          <Typography.Text type="secondary">Create and manage blog posts</Typography.Text>
        </div>
        <Space>
          <Button onClick={() => navigate(-1)}>Back to Dashboard</Button>
          <Button type="primary" onClick={() => setEditing('new')}>
            New Blog Post
          </Button>
        </Space>
      </Flex>
      {isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to fetch blog posts"
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="Search blog posts..."
          aria-label="Search blog posts"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <Typography.Text type="secondary">
          {posts.length} of {all.length} posts
        </Typography.Text>
      </Flex>
      {isLoading ? (
        Array.from({ length: SKELETON_ROWS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Card key={i} style={{ marginBottom: 12 }}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        ))
      ) : posts.length === 0 ? (
        <Card>
          {all.length === 0 ? (
            <Empty description="No blog posts created yet.">
              <Button type="primary" onClick={() => setEditing('new')}>
                Create Your First Blog Post
              </Button>
            </Empty>
          ) : (
            <Empty description="No blog posts found matching your search.">
              <Button onClick={() => setSearch('')}>Clear Search</Button>
            </Empty>
          )}
        </Card>
      ) : (
        posts.map((post) => (
          <Card key={post.id} className="admin-row" role="article" aria-label={post.title}>
            <Flex justify="space-between" gap={16} wrap>
              <div style={{ flex: 1, minWidth: 240 }}>
                <Space wrap>
                  <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
                    {post.title}
                  </Typography.Title>
                  {post.published ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>}
                  {post.published &&
                    post.publishedAt &&
                    Date.parse(post.publishedAt) > Date.now() && (
                      <Tag color="gold">Scheduled for {shortDate(post.publishedAt)}</Tag>
                    )}
                </Space>
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
                    {shortDate(post.publishedAt ?? post.createdAt)}
                  </Typography.Text>
                  <Typography.Text type="secondary">{AUTHOR_LABEL}</Typography.Text>
                  <span>
                    <LimitedTags items={post.tags} limit={3} />
                  </span>
                </Space>
              </div>
              <Space>
                {post.published && (
                  <Button
                    href={`/blog/${post.slug}`}
                    target="_blank"
                    aria-label={`View ${post.title}`}
                  >
                    View
                  </Button>
                )}
                <Button onClick={() => setEditing(post)} aria-label={`Edit ${post.title}`}>
                  Edit
                </Button>
                <Button
                  danger
                  onClick={() => confirmDelete(post)}
                  aria-label={`Delete ${post.title}`}
                >
                  Delete
                </Button>
              </Space>
            </Flex>
          </Card>
        ))
      )}
    </>
  );
}
