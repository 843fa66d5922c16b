import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useContactAnalyticsQuery } from '../api.ts';
import { serviceLabel } from './display.ts';

function Figure(props: {
  title: string;
  value: number | string;
  loading: boolean;
  note: ReactNode;
}) {
  return (
    <Col xs={24} sm={12} lg={6}>
      <Card>
        <Statistic title={props.title} value={props.value} loading={props.loading} />
        <Typography.Text type="secondary">{props.note}</Typography.Text>
      </Card>
    </Col>
  );
}

/** The four figures shown with 'Show Analytics'. */
export function ContactAnalytics() {
  const { data, isError } = useContactAnalyticsQuery();
  if (isError) return <Alert type="error" title="Failed to fetch analytics" showIcon />;
  const loading = !data;
  const total = data?.totalSubmissions ?? 0;
  const spam = data?.spamSubmissions ?? 0;
  const top = Object.entries(data?.serviceCounts ?? {}).sort((a, b) => b[1] - a[1])[0];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} aria-label="Contact analytics">
      <Figure
        title="Total Submissions"
        value={total}
        loading={loading}
        note={`${data?.recentSubmissions ?? 0} in the last 30 days`}
      />
      <Figure
        title="Processed"
        value={data?.processedSubmissions ?? 0}
        loading={loading}
        note={`${data?.unprocessedSubmissions ?? 0} pending`}
      />
      <Figure
        title="Spam"
        value={spam}
        loading={loading}
        note={`${total ? Math.round((spam / total) * 100) : 0}% of total`}
      />
      <Figure
        title="Top Service"
        value={top ? serviceLabel(top[0]) : '—'}
        loading={loading}
        note={top ? `${top[1]} submissions` : 'No submissions yet'}
      />
    </Row>
  );
}
