import { EMPLOYMENT_TYPE_LABELS, type Job, type JobCategory, preview } from '@kw/careers/contract';
import { Alert, Card, Col, Empty, Flex, Input, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { serverMessage } from '../../../api/api.ts';
import { useNotified } from '../../../shared/admin/notify.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { HistoryButton } from '../../activity/admin/HistoryDrawer.tsx';
import { RecentlyDeletedButton } from '../../activity/admin/RecentlyDeleted.tsx';
import { useDeleteJobMutation } from '../api.ts';
import { EditDeleteMenu } from './EditDialog.tsx';

/** Job search: title or location, case-insensitive. */
export function matchesJobSearch(job: Job, search: string): boolean {
  const q = search.trim().toLowerCase();
  return !q || job.title.toLowerCase().includes(q) || job.location.toLowerCase().includes(q);
}

export function JobsTab({
  jobs,
  categories,
  isError,
  onEdit,
}: {
  jobs: Job[];
  categories: JobCategory[];
  isError: boolean;
  onEdit(job: Job): void;
}) {
  const notified = useNotified();
  const [search, setSearch] = useState('');
  const [remove] = useDeleteJobMutation();
  const shown = jobs.filter((j) => matchesJobSearch(j, search));

  // No confirmation for a job (admin.md §5).
  const onDelete = (job: Job) =>
    notified(
      () => remove(job.id).unwrap(),
      { title: 'Job Deleted' },
      (error) => ({ title: 'Failed to Delete Job', description: serverMessage(error) }),
    );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {isError && <Alert type="error" showIcon title="Failed to fetch jobs" />}
      <Flex wrap gap={12}>
        <Input.Search
          placeholder="Search jobs by title or location..."
          aria-label="Search jobs"
          allowClear
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 420 }}
        />
        <RecentlyDeletedButton kind="jobs" />
      </Flex>
      {shown.length === 0 ? (
        <Empty description="No jobs found" />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((job) => (
            <Col key={job.id} xs={24} lg={12}>
              <Card
                data-testid={`job-card-${job.id}`}
                title={job.title}
                extra={
                  <Space size="small">
                    <HistoryButton kind="job" id={job.id} title={job.title} />
                    <EditDeleteMenu
                      label={`Actions for ${job.title}`}
                      onEdit={() => onEdit(job)}
                      onDelete={() => onDelete(job)}
                    />
                  </Space>
                }
              >
                <Space wrap style={{ marginBottom: 8 }}>
                  <Tag color={job.isPublished ? 'green' : 'default'}>
                    {job.isPublished ? 'Published' : 'Draft'}
                  </Tag>
                  <Tag color={job.isActive ? 'blue' : 'default'}>
                    {job.isActive ? 'Active' : 'Inactive'}
                  </Tag>
                </Space>
                <Typography.Paragraph type="secondary">
                  {preview(job.description, 150) || 'No description'}
                </Typography.Paragraph>
                <Space wrap size={[16, 4]}>
                  <span>
                    {categories.find((c) => c.id === job.categoryId)?.name ?? 'Uncategorized'}
                  </span>
                  <span>{job.location || '—'}</span>
                  <span>{EMPLOYMENT_TYPE_LABELS[job.employmentType]}</span>
                  <span>{job.salaryRange || 'Competitive'}</span>
                  <span>{formatDate(job.createdAt, 'day')}</span>
                </Space>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
