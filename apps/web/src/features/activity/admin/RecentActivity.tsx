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
import { Alert, Card, Empty, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { formatDate } from '../../../shared/dates.ts';
import { useRecentActivityQuery } from '../api.ts';

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

/** The dashboard's feed: what happened lately, polled, with times that keep up. */
export function RecentActivity() {
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
            {item.actor && <Typography.Text type="secondary"> · by {item.actor}</Typography.Text>}
          </div>
        </div>
      ))}
    </Card>
  );
}
