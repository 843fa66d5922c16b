import { type BlogPost, type PostForm, slugify } from '@kw/blog/contract';
import { EDITOR_ACCEPT } from '@kw/media/contract';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Switch, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { fromDateTimeInput, toDateTimeInput } from '../../../shared/admin/dateTimeInput.ts';
import { LabelInput } from '../../../shared/admin/LabelInput.tsx';
import {
  isStaleEdit,
  serverMessageOf,
  showFieldErrors,
} from '../../../shared/admin/serverErrors.ts';
import { uploadFile } from '../../../shared/admin/upload.ts';
import { useRenderMarkdownMutation, useSavePostMutation } from '../api.ts';

interface Values {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  published: boolean;
  publishedAt: string;
  featuredImage: string;
  tags: string[];
  categories: string[];
  seoTitle: string;
  seoDescription: string;
}

function initialValues(post?: BlogPost): Values {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    published: post?.published ?? false,
    publishedAt: toDateTimeInput(post?.publishedAt),
    featuredImage: post?.featuredImage ?? '',
    tags: post?.tags ?? [],
    categories: post?.categories ?? [],
    seoTitle: post?.seoTitle ?? '',
    seoDescription: post?.seoDescription ?? '',
  };
}

/** The inline editor of a post (admin.md §2 Blog Manager). */
export function BlogEditor({
  post,
  onDone,
  onReload,
}: {
  post?: BlogPost;
  onDone(): void;
  onReload(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const [save, { isLoading: saving }] = useSavePostMutation();
  const [render, preview] = useRenderMarkdownMutation();
  const [previewing, setPreviewing] = useState(false);
  const [stale, setStale] = useState(false);
  const [uploading, setUploading] = useState(false);
  const textarea = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const featuredImage = Form.useWatch('featuredImage', form);

  /** Wraps the selection (or inserts at the cursor) and keeps the form in step. */
  const edit = (change: (selected: string) => string, linePrefix = false) => {
    const el = textarea.current?.resizableTextArea?.textArea;
    const value: string = form.getFieldValue('content') ?? '';
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    let from = start;
    if (linePrefix) from = value.lastIndexOf('\n', start - 1) + 1;
    const selected = value.slice(from, end);
    const next = value.slice(0, from) + change(selected) + value.slice(end);
    form.setFieldValue('content', next);
    requestAnimationFrame(() => el?.focus());
  };

  const onUpload = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile('/api/upload', 'file', file);
      const isImage = uploaded.mimetype.startsWith('image/');
      edit(() => `${isImage ? '!' : ''}[${uploaded.originalName}](${uploaded.url})`);
      notification.success({ title: 'File uploaded successfully' });
    } catch (error) {
      notification.error({
        title: 'Upload failed',
        description: (error as Error).message || 'Failed to upload file. Please try again.',
      });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const togglePreview = () => {
    if (!previewing) render(form.getFieldValue('content') ?? '');
    setPreviewing(!previewing);
  };

  const onFinish = async (values: Values) => {
    const body: PostForm & { id?: string } = {
      ...values,
      publishedAt: fromDateTimeInput(values.publishedAt),
      ...(post ? { id: post.id, version: post.version } : {}),
    };
    try {
      await save(body).unwrap();
      notification.success({
        title: 'Success!',
        description: post ? 'Blog post updated successfully' : 'Blog post created successfully',
      });
      onDone();
    } catch (error) {
      if (isStaleEdit(error)) {
        setStale(true);
        return;
      }
      if ((error as { status?: number }).status === 409) {
        form.setFields([
          { name: 'slug', errors: [serverMessageOf(error) ?? 'Slug already in use'] },
        ]);
        return;
      }
      if (showFieldErrors(form, error)) return;
      notification.error({ title: 'Failed to save blog post. Please try again.' });
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(post)}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<Values>) => {
        // A new post's slug follows its title (admin.md §4).
        if (!post && changed.title !== undefined)
          form.setFieldValue('slug', slugify(changed.title));
      }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {post ? 'Edit Blog Post' : 'Create New Blog Post'}
        </Typography.Title>
        <Space>
          <Button onClick={togglePreview}>{previewing ? 'Edit' : 'Preview'}</Button>
          <Button onClick={onDone}>Cancel</Button>
        </Space>
      </Space>
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="This post was changed since you opened it"
          description="Someone else saved a newer version. Reload the post to see it, then make your changes again."
          action={
            <Button size="small" onClick={onReload}>
              Reload
            </Button>
          }
        />
      )}
      <Row gutter={24}>
        <Col xs={24} lg={16}>
          <Card>
            <Form.Item
              label="Title"
              name="title"
              rules={[{ required: true, whitespace: true, message: 'Title is required' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              label="Slug"
              name="slug"
              rules={[{ required: true, whitespace: true, message: 'Slug is required' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="Excerpt" name="excerpt">
              <Input.TextArea rows={2} />
            </Form.Item>
            <div style={{ display: previewing ? 'none' : 'block' }}>
              <Space wrap style={{ marginBottom: 8 }} role="toolbar" aria-label="Formatting">
                <Button size="small" onClick={() => edit((s) => `**${s || 'bold text'}**`)}>
                  <b>B</b>
                </Button>
                <Button size="small" onClick={() => edit((s) => `*${s || 'italic text'}*`)}>
                  <i>I</i>
                </Button>
                <Button size="small" onClick={() => edit((s) => `# ${s}`, true)}>
                  H1
                </Button>
                <Button size="small" onClick={() => edit((s) => `## ${s}`, true)}>
                  H2
                </Button>
                <Button size="small" onClick={() => edit((s) => `[${s || 'link text'}](https://)`)}>
                  Link
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    edit(
                      (s) =>
                        (s || 'item')
                          .split('\n')
                          .map((l) => `- ${l}`)
                          .join('\n'),
                      true,
                    )
                  }
                >
                  List
                </Button>
                <Button size="small" loading={uploading} onClick={() => fileInput.current?.click()}>
                  Upload
                </Button>
                <input
                  ref={fileInput}
                  type="file"
                  accept={EDITOR_ACCEPT}
                  style={{ display: 'none' }}
                  aria-label="Upload file"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) onUpload(file);
                  }}
                />
              </Space>
              <Form.Item
                label="Content"
                name="content"
                rules={[{ required: true, whitespace: true, message: 'Content is required' }]}
              >
                <Input.TextArea ref={textarea} rows={18} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
            </div>
            {previewing && (
              <section aria-label="Preview" className="admin-preview">
                {preview.isLoading ? (
                  'Loading...'
                ) : (
                  <div
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server
                    dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
                  />
                )}
              </section>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Space orientation="vertical" style={{ width: '100%' }} size={16}>
            <Card title="Publishing">
              <Form.Item label="Published" name="published" valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item
                label="Published Date"
                extra="Leave empty to use creation date when publishing"
              >
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="publishedAt" noStyle>
                    <Input type="datetime-local" aria-label="Published Date" />
                  </Form.Item>
                  <Button onClick={() => form.setFieldValue('publishedAt', '')}>Clear Date</Button>
                </Space.Compact>
              </Form.Item>
              <Button type="primary" htmlType="submit" block disabled={saving}>
                {saving ? 'Saving...' : 'Save Post'}
              </Button>
            </Card>
            <Card title="Featured Image">
              <Form.Item label="Image URL" name="featuredImage">
                <Input placeholder="/media/..." />
              </Form.Item>
              {featuredImage && (
                <img
                  src={featuredImage}
                  alt="Featured"
                  style={{ maxWidth: '100%', borderRadius: 8 }}
                />
              )}
            </Card>
            <Card title="Tags">
              <Form.Item name="tags" noStyle>
                <LabelInput label="Add tag" placeholder="Add a tag" />
              </Form.Item>
            </Card>
            <Card title="Categories">
              <Form.Item name="categories" noStyle>
                <LabelInput label="Add category" placeholder="Add a category" />
              </Form.Item>
            </Card>
            <Card title="SEO">
              <Form.Item label="SEO Title" name="seoTitle">
                <Input />
              </Form.Item>
              <Form.Item label="SEO Description" name="seoDescription">
                <Input.TextArea rows={3} />
              </Form.Item>
            </Card>
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
