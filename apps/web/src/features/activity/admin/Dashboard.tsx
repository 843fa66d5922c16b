import { Alert, App, Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ApplicationsHeldForReview } from '../../careers/admin/ApplicationsHeldForReview.tsx';
import { HeldForReview } from '../../contact/admin/HeldForReview.tsx';
import { useListContactSubmissionsQuery } from '../../contact/api.ts';
import { useListSubscriptionsQuery } from '../../newsletter/api.ts';
import { RetentionRunSummary } from '../../privacy/admin/RetentionSettings.tsx';
import { useCountListQuery, useDailyActivityQuery } from '../api.ts';
import { ActivityChart } from './ActivityChart.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { SystemStatusCard } from './SystemStatusCard.tsx';

interface StatCardProps {
  title: string;
  to: string;
  value: number | undefined;
  detail: string | undefined;
  loading: boolean;
  error: string | undefined;
  /** A line under the detail (contact messages, job applications: the ones held for review). */
  extra?: ReactNode;
}

function StatCard({ title, to, value, detail, loading, error, extra }: StatCardProps) {
  return (
    <Col xs={24} sm={12} lg={8}>
      {/* Every card keeps one height while its figures arrive (a placeholder the value's own
          height, a line kept for the held link): the Quick Actions below stay where they were
          drawn, so a click made as the page loads lands on the link it aimed at. */}
      <Card>
        <Statistic
          title={title}
          value={error ? '—' : (value ?? 0)}
          valueRender={(shown) =>
            loading ? (
              <Skeleton.Button active size="small" style={{ width: 64 }} aria-label="Loading" />
            ) : (
              shown
            )
          }
        />
        <Typography.Paragraph type={error ? 'danger' : 'secondary'} style={{ minHeight: 22 }}>
          {error ?? detail}
        </Typography.Paragraph>
        <Typography.Paragraph style={{ minHeight: 22 }}>{extra}</Typography.Paragraph>
        <Link to={to} aria-label={`Manage ${title}`}>
          Manage
        </Link>
      </Card>
    </Col>
  );
}

/** A list from another section: its count, a detail, and the §8 message when it fails. */
function useStat(
  url: string,
  failure: string,
  describe: (rows: Record<string, unknown>[]) => string,
) {
  const q = useCountListQuery(url);
  return {
    value: q.data?.length,
    detail: q.data ? describe(q.data) : undefined,
    loading: q.isLoading,
    error: q.isError ? failure : undefined,
  };
}

const count = (rows: Record<string, unknown>[], test: (r: Record<string, unknown>) => boolean) =>
  rows.filter(test).length;

function useNotifyFailures(messages: (string | undefined)[]) {
  const { notification } = App.useApp();
  const key = messages.filter(Boolean).join('|');
  useEffect(() => {
    for (const message of key ? key.split('|') : [])
      notification.error({ key: message, title: message });
  }, [key, notification]);
}

const QUICK_ACTIONS = [
  ['Create Blog Post', '/admin/blog?edit=new'],
  ['Import JSON Blog', '/admin/json-import'],
  ['Add Case Study', '/admin/case-studies?edit=new'],
  ['Import Case Studies from CSV', '/admin/case-study-importer'],
  ['Manage Media', '/admin/media'],
  ['Manage Jobs', '/admin/jobs'],
  ['Newsletter Management', '/admin/newsletter'],
  ['Contact Management', '/admin/contact'],
  ['Admin Settings', '/admin/settings'],
] as const;

export function Dashboard() {
  const blog = useStat(
    '/api/blog',
    'Failed to fetch blog stats',
    (r) => `${count(r, (p) => p.published === true)} published`,
  );
  const cases = useStat(
    '/api/case-studies',
    'Failed to fetch case study stats',
    (r) => `${count(r, (p) => p.published === true)} published`,
  );
  const jobs = useStat(
    '/api/jobs',
    'Failed to fetch job stats',
    (r) => `${count(r, (j) => j.isPublished === true)} published`,
  );
  const applications = useStat(
    '/api/job-applications',
    'Failed to fetch application stats',
    (r) => `${count(r, (a) => a.status === 'new')} new`,
  );
  const contacts = useListContactSubmissionsQuery();
  const subscribers = useListSubscriptionsQuery(false);
  const daily = useDailyActivityQuery();
  const contactError = contacts.isError ? 'Failed to fetch contact stats' : undefined;
  const newsletterError = subscribers.isError ? 'Failed to fetch newsletter stats' : undefined;
  useNotifyFailures([
    blog.error,
    cases.error,
    contactError,
    newsletterError,
    jobs.error,
    applications.error,
  ]);

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Dashboard
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <StatCard title="Blog Posts" to="/admin/blog" {...blog} />
        <StatCard title="Case Studies" to="/admin/case-studies" {...cases} />
        <StatCard
          title="Contact Submissions"
          to="/admin/contact"
          value={contacts.data?.length}
          detail={
            contacts.data
              ? `${contacts.data.filter((c) => !c.processed).length} unprocessed`
              : undefined
          }
          loading={contacts.isLoading}
          error={contactError}
          extra={<HeldForReview />}
        />
        <StatCard
          title="Newsletter Subscribers"
          to="/admin/newsletter"
          value={subscribers.data?.filter((s) => s.subscribed).length}
          detail={
            subscribers.data
              ? `${subscribers.data.filter((s) => s.isSpam).length} flagged as spam`
              : undefined
          }
          loading={subscribers.isLoading}
          error={newsletterError}
        />
        <StatCard title="Job Postings" to="/admin/jobs" {...jobs} />
        <StatCard
          title="Job Applications"
          to="/admin/job-applications"
          {...applications}
          extra={<ApplicationsHeldForReview />}
        />
      </Row>
      <div style={{ marginTop: 8, minHeight: 22 }}>
        <RetentionRunSummary />
      </div>
      <Card title="Quick Actions" style={{ marginTop: 16 }}>
        <Row gutter={[12, 12]}>
          {QUICK_ACTIONS.map(([label, to]) => (
            <Col key={label} xs={24} sm={12} lg={8}>
              <Link to={to}>{label}</Link>
            </Col>
          ))}
        </Row>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <RecentActivity />
        </Col>
        <Col xs={24} lg={10}>
          <SystemStatusCard />
        </Col>
      </Row>
      <Card title="Last 30 Days" style={{ marginTop: 16 }}>
        {daily.isError && <Alert type="error" title="Failed to fetch activity figures" showIcon />}
        {daily.data ? <ActivityChart days={daily.data} /> : !daily.isError && <Skeleton active />}
      </Card>
    </>
  );
}
