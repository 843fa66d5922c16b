import './careers-admin.css';
import type { Job, JobCategory } from '@kw/careers/contract';
import { Button, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  useListAllJobsQuery,
  useListJobApplicationsQuery,
  useListJobCategoriesQuery,
} from '../api.ts';
import { ApplicationsTab } from './ApplicationsTab.tsx';
import { CategoriesTab } from './CategoriesTab.tsx';
import { CategoryDialog } from './CategoryDialog.tsx';
import { JobDialog } from './JobDialog.tsx';
import { JobsTab } from './JobsTab.tsx';

type TabKey = 'jobs' | 'categories' | 'applications';

/** The tab lives in the URL hash: #categories, #applications; the Jobs tab has none. */
function tabOf(hash: string): TabKey {
  if (hash === '#applications') return 'applications';
  if (hash === '#categories') return 'categories';
  return 'jobs';
}

export function JobManagerPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOf(location.hash);
  const jobs = useListAllJobsQuery();
  const categories = useListJobCategoriesQuery();
  const applications = useListJobApplicationsQuery();
  const [jobDialog, setJobDialog] = useState<{ job: Job | null } | null>(null);
  const [categoryDialog, setCategoryDialog] = useState<{ category: JobCategory | null } | null>(
    null,
  );

  const jobList = jobs.data ?? [];
  const categoryList = categories.data ?? [];
  const setTab = (key: string) =>
    navigate({ pathname: location.pathname, hash: key === 'jobs' ? '' : `#${key}` });

  return (
    <>
      <Space className="job-manager-header" wrap>
        <div>
          <Typography.Title level={1} style={{ fontSize: 26, margin: 0 }}>
            Job Manager
          </Typography.Title>
          <Typography.Text type="secondary">
            Manage job categories, postings and applications
          </Typography.Text>
        </div>
        <Space>
          <Button onClick={() => setCategoryDialog({ category: null })}>Add Category</Button>
          <Button type="primary" onClick={() => setJobDialog({ job: null })}>
            Add Job
          </Button>
        </Space>
      </Space>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'jobs',
            label: `Jobs (${jobList.length})`,
            children: (
              <JobsTab
                jobs={jobList}
                categories={categoryList}
                isError={jobs.isError}
                onEdit={(job) => setJobDialog({ job })}
              />
            ),
          },
          {
            key: 'categories',
            label: `Categories (${categoryList.length})`,
            children: (
              <CategoriesTab
                categories={categoryList}
                jobs={jobList}
                onEdit={(category) => setCategoryDialog({ category })}
              />
            ),
          },
          {
            key: 'applications',
            label: `Applications (${applications.data?.length ?? 0})`,
            children: <ApplicationsTab query={applications} />,
          },
        ]}
      />
      <JobDialog
        open={jobDialog !== null}
        job={jobDialog?.job ?? null}
        categories={categoryList}
        onClose={() => setJobDialog(null)}
      />
      <CategoryDialog
        open={categoryDialog !== null}
        category={categoryDialog?.category ?? null}
        onClose={() => setCategoryDialog(null)}
      />
    </>
  );
}
