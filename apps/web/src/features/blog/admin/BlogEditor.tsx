import { type BlogPost, type PostForm, slugify } from '@kw/blog/contract';
import { EDITOR_ACCEPT } from '@kw/media/contract';
import { App, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import {
  EditorForm,
  FormattingToolbar,
  useAltTextPrompt,
  useContentEdit,
  useEditorSave,
} from '../../../shared/admin/ContentEditor.tsx';
import { fromDateTimeInput, toDateTimeInput } from '../../../shared/admin/dateTimeInput.ts';
import { draftKey } from '../../../shared/admin/drafts.ts';
import {
  insertOnOwnLine,
  type LinePrefix,
  markdownImage,
  setLinePrefix,
} from '../../../shared/admin/textEdit.ts';
import { uploadFile } from '../../../shared/admin/upload.ts';
import { useEditorDraft } from '../../../shared/admin/useEditorDraft.tsx';
import { useRenderMarkdownMutation, useSavePostMutation } from '../api.ts';
import { BlogSidebar } from './BlogSidebar.tsx';

export interface PostValues {
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

function initialValues(post?: BlogPost): PostValues {
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

const required = (message: string) => [{ required: true, whitespace: true, message }];

/** The inline editor of a post (admin.md §2 Blog Manager): markdown, with a server preview. */
export function BlogEditor({
  post,
  onDone,
  onReload,
}: {
  post?: BlogPost;
  onDone(): void;
  onReload(): void;
}) {
  const [form] = Form.useForm<PostValues>();
  const { notification } = App.useApp();
  const [send, { isLoading: saving }] = useSavePostMutation();
  const [render, preview] = useRenderMarkdownMutation();
  const [previewing, setPreviewing] = useState(false);
  const { textarea, edit, transform } = useContentEdit(form);
  const askAlt = useAltTextPrompt();
  const [initial] = useState(() => initialValues(post));
  const draft = useEditorDraft(form, {
    key: draftKey('blog', post?.id),
    initialValues: initial,
    version: post?.version ?? null,
    noun: 'post',
  });
  const prefix = (p: LinePrefix) => () =>
    transform((value, start, end) => setLinePrefix(value, start, end, p));
  const { stale, save } = useEditorSave(
    form,
    post !== undefined,
    {
      created: 'Blog post created successfully',
      updated: 'Blog post updated successfully',
      failed: 'Failed to save blog post. Please try again.',
    },
    () => {
      draft.saved();
      onDone();
    },
  );

  async function upload(file: File) {
    try {
      const uploaded = await uploadFile('/api/upload', 'file', file);
      notification.success({ title: 'File uploaded successfully' });
      if (!uploaded.mimetype.startsWith('image/')) {
        edit((s) => `[${s || uploaded.originalName}](${uploaded.url})`);
        return;
      }
      // An image: its alt text asked for, on a line of its own.
      const alt = await askAlt(uploaded.originalName);
      if (alt !== null)
        transform((value, start) =>
          insertOnOwnLine(value, start, markdownImage(alt, uploaded.url)),
        );
    } catch (error) {
      notification.error({
        title: 'Upload failed',
        description: (error as Error).message || 'Failed to upload file. Please try again.',
      });
    }
  }

  const togglePreview = () => {
    if (!previewing) render(form.getFieldValue('content') ?? '');
    setPreviewing(!previewing);
  };

  const onFinish = (values: PostValues) => {
    const body: PostForm & { id?: string } = {
      ...values,
      publishedAt: fromDateTimeInput(values.publishedAt),
      ...(post ? { id: post.id, version: post.version } : {}),
    };
    return save(() => send(body).unwrap());
  };

  return (
    <EditorForm
      form={form}
      initialValues={initial}
      draftBanner={draft.banner}
      onFinish={onFinish}
      slugOf={post ? undefined : slugify}
      heading={post ? 'Edit Blog Post' : 'Create New Blog Post'}
      actions={
        <Space>
          <Button onClick={togglePreview}>{previewing ? 'Edit' : 'Preview'}</Button>
          <Button onClick={onDone}>Cancel</Button>
        </Space>
      }
      stale={{
        show: stale,
        title: 'This post was changed since you opened it',
        description:
          'Someone else saved a newer version. Reload the post to see it, then make your changes again.',
        onReload,
      }}
    >
      <Row gutter={24}>
        <Col xs={24} lg={16}>
          <Card>
            <Form.Item label="Title" name="title" rules={required('Title is required')}>
              <Input />
            </Form.Item>
            <Form.Item label="Slug" name="slug" rules={required('Slug is required')}>
              <Input />
            </Form.Item>
            <Form.Item label="Excerpt" name="excerpt">
              <Input.TextArea rows={2} />
            </Form.Item>
            <div style={{ display: previewing ? 'none' : 'block' }}>
              <FormattingToolbar
                tools={[
                  { label: <b>B</b>, apply: () => edit((s) => `**${s || 'bold text'}**`) },
                  { label: <i>I</i>, apply: () => edit((s) => `*${s || 'italic text'}*`) },
                  { label: 'H1', apply: prefix('# ') },
                  { label: 'H2', apply: prefix('## ') },
                  { label: 'Link', apply: () => edit((s) => `[${s || 'link text'}](https://)`) },
                  { label: 'List', apply: prefix('- ') },
                ]}
                upload={{
                  label: 'Upload',
                  inputLabel: 'Upload file',
                  accept: EDITOR_ACCEPT,
                  send: upload,
                }}
              />
              <Form.Item label="Content" name="content" rules={required('Content is required')}>
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
          <BlogSidebar form={form} saving={saving} />
        </Col>
      </Row>
    </EditorForm>
  );
}
