import { slugify } from '@kw/blog/contract';
import type { CaseStudy, CaseStudyForm } from '@kw/case-studies/contract';
import { Alert, App, Button, Card, Col, Form, Input, Row, Space, Switch, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { LabelInput } from '../../../shared/admin/LabelInput.tsx';
import {
  isStaleEdit,
  serverMessageOf,
  showFieldErrors,
} from '../../../shared/admin/serverErrors.ts';
import { uploadFile } from '../../../shared/admin/upload.ts';
import { useSaveCaseStudyMutation } from '../api.ts';

type Values = Omit<Required<CaseStudyForm>, 'version'> & { technologies: string[]; tags: string[] };

function initialValues(s?: CaseStudy): Values {
  return {
    title: s?.title ?? '',
    slug: s?.slug ?? '',
    clientName: s?.clientName ?? '',
    industry: s?.industry ?? '',
    projectType: s?.projectType ?? '',
    featuredImage: s?.featuredImage ?? '',
    excerpt: s?.excerpt ?? '',
    results: s?.results ?? '',
    technologies: s?.technologies ?? [],
    tags: s?.tags ?? [],
    content: s?.content ?? '',
    seoTitle: s?.seoTitle ?? '',
    seoDescription: s?.seoDescription ?? '',
    published: s?.published ?? false,
  };
}

const escapeAttr = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The inline editor of a case study, with its HTML toolbar (admin.md §2). */
export function CaseStudyEditor({
  study,
  onDone,
  onReload,
}: {
  study?: CaseStudy;
  onDone(): void;
  onReload(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { notification } = App.useApp();
  const [save, { isLoading: saving }] = useSaveCaseStudyMutation();
  const [stale, setStale] = useState(false);
  const [uploading, setUploading] = useState(false);
  const textarea = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const wrap = (before: string, after: string, fallback: string) => {
    const el = textarea.current?.resizableTextArea?.textArea;
    const value: string = form.getFieldValue('content') ?? '';
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const selected = value.slice(start, end) || fallback;
    form.setFieldValue(
      'content',
      value.slice(0, start) + before + selected + after + value.slice(end),
    );
    requestAnimationFrame(() => el?.focus());
  };

  const onUpload = async (file: File) => {
    setUploading(true);
    try {
      const uploaded = await uploadFile('/api/upload?kind=image', 'image', file);
      wrap(
        `<img src="${escapeAttr(uploaded.url)}" alt="${escapeAttr(uploaded.originalName)}" />`,
        '',
        '',
      );
      notification.success({ title: 'Image uploaded' });
    } catch (error) {
      notification.error({
        title: 'Failed to upload image.',
        description: (error as Error).message,
      });
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onFinish = async (values: Values) => {
    try {
      await save({
        ...values,
        ...(study ? { id: study.id, version: study.version } : {}),
      }).unwrap();
      notification.success({
        title: 'Success!',
        description: study ? 'Case study updated successfully' : 'Case study created successfully',
      });
      onDone();
    } catch (error) {
      if (isStaleEdit(error)) return setStale(true);
      if ((error as { status?: number }).status === 409) {
        form.setFields([
          { name: 'slug', errors: [serverMessageOf(error) ?? 'Slug already in use'] },
        ]);
        return;
      }
      if (showFieldErrors(form, error)) return;
      notification.error({ title: 'Failed to save case study. Please try again.' });
    }
  };

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues(study)}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<Values>) => {
        if (!study && changed.title !== undefined)
          form.setFieldValue('slug', slugify(changed.title));
      }}
    >
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {study ? 'Edit Case Study' : 'Create Case Study'}
        </Typography.Title>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="This case study was changed since you opened it"
          description="Someone else saved a newer version. Reload it to see it, then make your changes again."
          action={
            <Button size="small" onClick={onReload}>
              Reload
            </Button>
          }
        />
      )}
      <Card>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Title" name="title" rules={required('Title is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Slug" name="slug" rules={required('Slug is required')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Client Name" name="clientName">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Industry" name="industry">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label="Project Type" name="projectType">
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Featured Image URL" name="featuredImage">
          <Input placeholder="/media/..." />
        </Form.Item>
        <Form.Item label="Excerpt" name="excerpt">
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item label="Results" name="results">
          <Input.TextArea rows={3} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="Technologies" name="technologies">
              <LabelInput label="Add technology" placeholder="Add a technology" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Tags" name="tags">
              <LabelInput label="Add tag" placeholder="Add a tag" />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap style={{ marginBottom: 8 }} role="toolbar" aria-label="Formatting">
          <Button size="small" onClick={() => wrap('<h3>', '</h3>', 'Heading')}>
            H3
          </Button>
          <Button size="small" onClick={() => wrap('<strong>', '</strong>', 'bold text')}>
            <b>B</b>
          </Button>
          <Button size="small" onClick={() => wrap('<em>', '</em>', 'italic text')}>
            <i>I</i>
          </Button>
          <Button size="small" onClick={() => wrap('<a href="https://">', '</a>', 'link text')}>
            Link
          </Button>
          <Button size="small" onClick={() => wrap('<ul>\n  <li>', '</li>\n</ul>', 'item')}>
            List
          </Button>
          <Button size="small" loading={uploading} onClick={() => fileInput.current?.click()}>
            Image
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            style={{ display: 'none' }}
            aria-label="Upload image"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onUpload(file);
            }}
          />
        </Space>
        <Form.Item label="Content (HTML)" name="content" rules={required('Content is required')}>
          <Input.TextArea ref={textarea} rows={16} style={{ fontFamily: 'monospace' }} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="SEO Title" name="seoTitle">
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="SEO Description" name="seoDescription">
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Published" name="published" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          Save Case Study
        </Button>
      </Card>
    </Form>
  );
}
