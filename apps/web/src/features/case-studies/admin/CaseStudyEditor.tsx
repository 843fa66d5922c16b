import { slugify } from '@kw/blog/contract';
import type { CaseStudy, CaseStudyForm } from '@kw/case-studies/contract';
import { escapeHtml } from '@kw/platform/contract';
import { App, Button, Card, Col, Form, Input, Row, Switch } from 'antd';
import { useState } from 'react';
import {
  EditorForm,
  FormattingToolbar,
  useAltTextPrompt,
  useContentEdit,
  useEditorSave,
} from '../../../shared/admin/ContentEditor.tsx';
import { draftKey } from '../../../shared/admin/drafts.ts';
import { LabelInput } from '../../../shared/admin/LabelInput.tsx';
import { insertOnOwnLine } from '../../../shared/admin/textEdit.ts';
import { uploadFile } from '../../../shared/admin/upload.ts';
import { useEditorDraft } from '../../../shared/admin/useEditorDraft.tsx';
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

const required = (message: string) => [{ required: true, whitespace: true, message }];

type Field = [label: string, name: keyof Values, width: number, required?: string];

/** Text fields side by side on wide screens, one under the other on narrow ones. */
function FieldRow({ fields }: { fields: Field[] }) {
  return (
    <Row gutter={16}>
      {fields.map(([label, name, width, message]) => (
        <Col key={name} xs={24} md={width}>
          <Form.Item label={label} name={name} {...(message ? { rules: required(message) } : {})}>
            <Input />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

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
  const [send, { isLoading: saving }] = useSaveCaseStudyMutation();
  const { textarea, edit, transform } = useContentEdit(form);
  const askAlt = useAltTextPrompt();
  const [initial] = useState(() => initialValues(study));
  const draft = useEditorDraft(form, {
    key: draftKey('case-study', study?.id),
    initialValues: initial,
    version: study?.version ?? null,
    noun: 'case study',
  });
  const wrap = (before: string, after: string, fallback: string) =>
    edit((selected) => before + (selected || fallback) + after);
  const { stale, save } = useEditorSave(
    form,
    study !== undefined,
    {
      created: 'Case study created successfully',
      updated: 'Case study updated successfully',
      failed: 'Failed to save case study. Please try again.',
    },
    () => {
      draft.saved();
      onDone();
    },
  );

  async function upload(file: File) {
    try {
      const uploaded = await uploadFile('/api/upload?kind=image', 'image', file);
      notification.success({ title: 'Image uploaded' });
      // Its alt text asked for, on a line of its own.
      const alt = await askAlt(uploaded.originalName);
      if (alt !== null)
        transform((value, start) =>
          insertOnOwnLine(
            value,
            start,
            `<img src="${escapeHtml(uploaded.url)}" alt="${escapeHtml(alt)}" />`,
          ),
        );
    } catch (error) {
      notification.error({
        title: 'Failed to upload image.',
        description: (error as Error).message,
      });
    }
  }

  return (
    <EditorForm
      form={form}
      initialValues={initial}
      draftBanner={draft.banner}
      onFinish={(values) =>
        save(() =>
          send({ ...values, ...(study ? { id: study.id, version: study.version } : {}) }).unwrap(),
        )
      }
      slugOf={study ? undefined : slugify}
      heading={study ? 'Edit Case Study' : 'Create Case Study'}
      actions={<Button onClick={onDone}>Cancel</Button>}
      stale={{
        show: stale,
        title: 'This case study was changed since you opened it',
        description:
          'Someone else saved a newer version. Reload it to see it, then make your changes again.',
        onReload,
      }}
    >
      <Card>
        <FieldRow
          fields={[
            ['Title', 'title', 12, 'Title is required'],
            ['Slug', 'slug', 12, 'Slug is required'],
            ['Client Name', 'clientName', 8],
            ['Industry', 'industry', 8],
            ['Project Type', 'projectType', 8],
          ]}
        />
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
        <FormattingToolbar
          tools={[
            { label: 'H3', apply: () => wrap('<h3>', '</h3>', 'Heading') },
            { label: <b>B</b>, apply: () => wrap('<strong>', '</strong>', 'bold text') },
            { label: <i>I</i>, apply: () => wrap('<em>', '</em>', 'italic text') },
            { label: 'Link', apply: () => wrap('<a href="https://">', '</a>', 'link text') },
            { label: 'List', apply: () => wrap('<ul>\n  <li>', '</li>\n</ul>', 'item') },
          ]}
          upload={{ label: 'Image', inputLabel: 'Upload image', accept: 'image/*', send: upload }}
        />
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
    </EditorForm>
  );
}
