import type { CaseStudy } from '@kw/case-studies/contract';
import { Space, Tag, Typography } from 'antd';
import {
  ContentManager,
  LimitedTags,
  type ManagerLabels,
} from '../../../shared/admin/ContentManager.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import { RecentlyDeletedButton } from '../../activity/admin/RecentlyDeleted.tsx';
import { useDeleteCaseStudyMutation, useListAllCaseStudiesQuery } from '../api.ts';
import { CaseStudyEditor } from './CaseStudyEditor.tsx';

const LABELS: ManagerLabels = {
  title: 'Case Study Manager',
  subtitle: 'Create and manage case studies',
  noun: 'case studies',
  countNoun: 'case studies',
  newLabel: 'New Case Study',
  firstLabel: 'Create Your First Case Study',
  question: 'Are you sure you want to delete this case study?',
  deleted: 'Case study deleted successfully',
  failed: 'Failed to delete case study.',
};

/** Title, excerpt, client name, industry or any tag, case-insensitive (admin.md §5). */
export function matchesCaseStudySearch(s: CaseStudy, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [s.title, s.excerpt, s.clientName, s.industry, ...s.tags].some((v) =>
    v.toLowerCase().includes(q),
  );
}

export function CaseStudyManager() {
  return (
    <ContentManager
      labels={LABELS}
      list={useListAllCaseStudiesQuery()}
      matches={matchesCaseStudySearch}
      remove={useDeleteCaseStudyMutation()[0]}
      editor={(study, controls) => <CaseStudyEditor {...(study ? { study } : {})} {...controls} />}
      extra={<RecentlyDeletedButton kind="case-studies" />}
      history={(study) => (
        <div style={{ marginTop: 8 }}>
          <HistoryButton kind="case-study" id={study.id} title={study.title} />
        </div>
      )}
      viewHref={(s) => `/case-studies/${s.slug}`}
      badges={(s) => s.industry && <Tag color="blue">{s.industry}</Tag>}
      details={(s) => (
        <>
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
        </>
      )}
    />
  );
}
