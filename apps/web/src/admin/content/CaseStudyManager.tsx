import type { CaseStudy } from '@kw/case-studies/contract';
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
import { LimitedTags } from './BlogManager.tsx';
import { CaseStudyEditor } from './CaseStudyEditor.tsx';
import { useDeleteCaseStudyMutation, useListAllCaseStudiesQuery } from './contentAdminApi.ts';
import { shortDate } from './dates.ts';
import './admin-content.css';

/** Title, excerpt, client name, industry or any tag, case-insensitive (admin.md §5). */
export function matchesCaseStudySearch(s: CaseStudy, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [s.title, s.excerpt, s.clientName, s.industry, ...s.tags].some((v) =>
    v.toLowerCase().includes(q),
  );
}

export function CaseStudyManager() {
  const navigate = useNavigate();
  const { modal, notification } = App.useApp();
  const { data, isLoading, isError, refetch } = useListAllCaseStudiesQuery();
  const [remove] = useDeleteCaseStudyMutation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CaseStudy | 'new' | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const all = data ?? [];
  const studies = useMemo(
    () => all.filter((s) => matchesCaseStudySearch(s, search)),
    [all, search],
  );

  const confirmDelete = (s: CaseStudy) =>
    modal.confirm({
      title: 'Are you sure you want to delete this case study?',
      content: s.title,
      okText: 'Delete',
      okButtonProps: { danger: true },
      async onOk() {
        try {
          await remove({ id: s.id, version: s.version }).unwrap();
          notification.success({
            title: 'Success!',
            description: 'Case study deleted successfully',
          });
        } catch {
          notification.error({ title: 'Failed to delete case study.' });
        }
      },
    });

  const reload = async () => {
    const fresh = await refetch();
    if (editing && editing !== 'new')
      setEditing(fresh.data?.find((s) => s.id === editing.id) ?? null);
    setEditorKey((k) => k + 1);
  };

  if (editing) {
    return (
      <CaseStudyEditor
        key={`${editing === 'new' ? 'new' : editing.id}-${editorKey}`}
        {...(editing === 'new' ? {} : { study: editing })}
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
            Case Study Manager
          </Typography.Title>
          <Typography.Text type="secondary">Create and manage case studies</Typography.Text>
        </div>
        <Space>
          <Button onClick={() => navigate(-1)}>Back to Dashboard</Button>
          <Button type="primary" onClick={() => setEditing('new')}>
            New Case Study
          </Button>
        </Space>
      </Flex>
      {isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to fetch case studies"
          style={{ marginBottom: 16 }}
        />
      )}
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="Search case studies..."
          aria-label="Search case studies"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <Typography.Text type="secondary">
          {studies.length} of {all.length} case studies
        </Typography.Text>
      </Flex>
      {isLoading ? (
        Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          <Card key={i} style={{ marginBottom: 12 }}>
            <Skeleton active paragraph={{ rows: 2 }} />
          </Card>
        ))
      ) : studies.length === 0 ? (
        <Card>
          {all.length === 0 ? (
            <Empty description="No case studies created yet.">
              <Button type="primary" onClick={() => setEditing('new')}>
                Create Your First Case Study
              </Button>
            </Empty>
          ) : (
            <Empty description="No case studies found matching your search.">
              <Button onClick={() => setSearch('')}>Clear Search</Button>
            </Empty>
          )}
        </Card>
      ) : (
        studies.map((s) => (
          <Card key={s.id} className="admin-row" role="article" aria-label={s.title}>
            <Flex justify="space-between" gap={16} wrap>
              <div style={{ flex: 1, minWidth: 240 }}>
                <Space wrap>
                  <Typography.Title level={3} style={{ fontSize: 18, margin: 0 }}>
                    {s.title}
                  </Typography.Title>
                  {s.published ? <Tag color="green">Published</Tag> : <Tag>Draft</Tag>}
                  {s.industry && <Tag color="blue">{s.industry}</Tag>}
                </Space>
                <div style={{ margin: '6px 0' }}>
                  <Space wrap size={12}>
                    <Typography.Text strong>
                      {s.clientName || 'Confidential Client'}
                    </Typography.Text>
                    <Typography.Text type="secondary">{shortDate(s.createdAt)}</Typography.Text>
                    {s.projectType && (
                      <Typography.Text type="secondary">{s.projectType}</Typography.Text>
                    )}
                  </Space>
                </div>
                <LimitedTags items={s.technologies} limit={3} color="cyan" />
                {s.tags.slice(0, 2).map((t) => (
                  <Tag key={t}>{t}</Tag>
                ))}
              </div>
              <Space>
                {s.published && (
                  <Button
                    href={`/case-studies/${s.slug}`}
                    target="_blank"
                    aria-label={`View ${s.title}`}
                  >
                    View
                  </Button>
                )}
                <Button onClick={() => setEditing(s)} aria-label={`Edit ${s.title}`}>
                  Edit
                </Button>
                <Button danger onClick={() => confirmDelete(s)} aria-label={`Delete ${s.title}`}>
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
