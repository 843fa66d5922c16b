import type { CaseStudy } from '@kw/case-studies/contract';
import { App, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ManagerFrame, ManagerRow } from '../../../shared/admin/ManagerFrame.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { LimitedTags } from '../../blog/admin/BlogManager.tsx';
import { useDeleteCaseStudyMutation, useListAllCaseStudiesQuery } from '../api.ts';
import { CaseStudyEditor } from './CaseStudyEditor.tsx';

/** Title, excerpt, client name, industry or any tag, case-insensitive (admin.md §5). */
export function matchesCaseStudySearch(s: CaseStudy, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [s.title, s.excerpt, s.clientName, s.industry, ...s.tags].some((v) =>
    v.toLowerCase().includes(q),
  );
}

export function CaseStudyManager() {
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
    <ManagerFrame
      title="Case Study Manager"
      subtitle="Create and manage case studies"
      noun="case studies"
      countNoun="case studies"
      newLabel="New Case Study"
      firstLabel="Create Your First Case Study"
      shown={studies.length}
      total={all.length}
      isLoading={isLoading}
      isError={isError}
      search={search}
      onSearch={setSearch}
      onNew={() => setEditing('new')}
    >
      {studies.map((s) => (
        <ManagerRow
          key={s.id}
          title={s.title}
          published={s.published}
          viewHref={`/case-studies/${s.slug}`}
          badges={s.industry && <Tag color="blue">{s.industry}</Tag>}
          onEdit={() => setEditing(s)}
          onDelete={() => confirmDelete(s)}
        >
          <div style={{ margin: '6px 0' }}>
            <Space wrap size={12}>
              <Typography.Text strong>{s.clientName || 'Confidential Client'}</Typography.Text>
              <Typography.Text type="secondary">
                {formatDate(s.createdAt, 'shortDay')}
              </Typography.Text>
              {s.projectType && <Typography.Text type="secondary">{s.projectType}</Typography.Text>}
            </Space>
          </div>
          <LimitedTags items={s.technologies} limit={3} color="cyan" />
          {s.tags.slice(0, 2).map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
        </ManagerRow>
      ))}
    </ManagerFrame>
  );
}
