import {
  FileTextOutlined,
  IdcardOutlined,
  MailOutlined,
  ReadOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  type ActivityColor,
  type ActivityIcon,
  RECENT_ACTIVITY_POLL_MS,
  relativeTime,
} from '@kw/activity/contract';
import { Alert, App, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/dates.ts';
import { useListContactSubmissionsQuery } from '../../contact/api.ts';
import { useListSubscriptionsQuery } from '../../newsletter/api.ts';
import {
  useCountListQuery,
  useDailyActivityQuery,
  useRecentActivityQuery,
  useSystemStatusQuery,
} from '../api.ts';
import { ActivityChart } from './ActivityChart.tsx';

// Icons as SVG components: emoji depend on the fonts of the administrator's machine.
const ICONS: Record<ActivityIcon, ReactNode> = {
  FileText: <FileTextOutlined />,
  BookOpen: <ReadOutlined />,
  Mail: <MailOutlined />,
  Users: <TeamOutlined />,
  Briefcase: <IdcardOutlined />,
};
const COLORS: Record<ActivityColor, { bg: string; fg: string }> = {
  blue: { bg: '#dbeafe', fg: '#1d4ed8' },
  green: { bg: '#dcfce7', fg: '#15803d' },
  orange: { bg: '#ffedd5', fg: '#c2410c' },
  purple: { bg: '#f3e8ff', fg: '#7e22ce' },
  indigo: { bg: '#e0e7ff', fg: '#4338ca' },
  gray: { bg: '#f3f4f6', fg: '#4b5563' },
};

interface StatCardProps {
  title: string;
  to: string;
  value: number | undefined;
  detail: string | undefined;
  loading: boolean;
  error: string | undefined;
}

function StatCard({ title, to, value, detail, loading, error }: StatCardProps) {
  return (
    <Col xs={24} sm={12} lg={8}>
      <Card>
        <Statistic title={title} value={error ? '—' : (value ?? 0)} loading={loading} />
        <Typography.Paragraph type={error ? 'danger' : 'secondary'} style={{ minHeight: 22 }}>
          {error ?? detail}
        </Typography.Paragraph>
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

function RecentActivity() {
  const { data, isLoading, isError } = useRecentActivityQuery(undefined, {
    pollingInterval: RECENT_ACTIVITY_POLL_MS,
    refetchOnMountOrArgChange: true,
  });
  // Re-render with the clock so 'Just now' becomes '1 minute ago' between polls.
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), RECENT_ACTIVITY_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Card title="Recent Activity" aria-label="Recent Activity">
      {isError && <Alert type="error" title="Failed to fetch recent activity" showIcon />}
      {isLoading && <Skeleton active />}
      {data && data.length === 0 && <Empty description="No recent activity" />}
      {data?.map((item) => (
        <div className="bo-activity-item" key={`${item.timestamp}-${item.title}`}>
          <span
            className="bo-activity-icon"
            aria-hidden
            style={{ background: COLORS[item.color]?.bg, color: COLORS[item.color]?.fg }}
          >
            {ICONS[item.icon] ?? ICONS.FileText}
          </span>
          <div>
            <div>{item.title}</div>
            <Typography.Text type="secondary" title={formatDate(item.timestamp, 'dateTime')}>
              {relativeTime(item.timestamp)}
            </Typography.Text>
          </div>
        </div>
      ))}
    </Card>
  );
}

function Indicator({ ok, label, detail }: { ok: boolean; label: string; detail: string }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', padding: '6px 0' }}>
      <span>
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            borderRadius: '50%',
            marginRight: 8,
            background: ok ? '#22c55e' : '#ef4444',
          }}
        />
        {label}
      </span>
      <Typography.Text type={ok ? 'secondary' : 'danger'}>{detail}</Typography.Text>
    </div>
  );
}

function SystemStatusCard() {
  const { data, isError } = useSystemStatusQuery(undefined, {
    pollingInterval: RECENT_ACTIVITY_POLL_MS,
  });
  return (
    <Card title="System Status">
      {isError && <Alert type="error" title="Failed to fetch system status" showIcon />}
      {!data && !isError && <Skeleton active paragraph={{ rows: 3 }} />}
      {data && (
        <>
          <Indicator ok label="Website" detail="Operational" />
          <Indicator
            ok={data.database.ok}
            label="Database"
            detail={
              data.database.ok ? `Operational (${data.database.latencyMs} ms)` : 'Unreachable'
            }
          />
          <Indicator
            ok={data.worker.ok}
            label="Background worker"
            detail={
              data.worker.heartbeatAgeSeconds === null
                ? 'Not running'
                : `${data.worker.ok ? 'Operational' : 'Stalled'} (heartbeat ${Math.round(data.worker.heartbeatAgeSeconds)} s ago)`
            }
          />
          <Indicator
            ok={data.queue.backlog !== null && data.queue.backlog < 100}
            label="Job queue"
            detail={data.queue.backlog === null ? 'Unknown' : `${data.queue.backlog} waiting`}
          />
          <Indicator
            ok={data.email.ok}
            label="Email service"
            detail={`${data.email.ok ? 'Operational' : 'Unreachable'} (${data.email.transport === 'smtp' ? 'SMTP' : 'saved to files'})`}
          />
        </>
      )}
    </Card>
  );
}

const QUICK_ACTIONS = [
  ['Create Blog Post', '/admin/blog'],
  ['Import JSON Blog', '/admin/json-import'],
  ['Add Case Study', '/admin/case-studies'],
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
        <StatCard title="Job Applications" to="/admin/job-applications" {...applications} />
      </Row>
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
