import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useNewsletterAnalyticsQuery } from '../api.ts';

/** The six figures above the list: total, active, spam, and the signups of today, this week and month. */
export function NewsletterStats() {
  const { data, isError } = useNewsletterAnalyticsQuery();
  if (isError)
    return (
      <Alert type="error" title="Failed to fetch analytics" showIcon style={{ marginBottom: 16 }} />
    );
  const cards: [string, number | undefined][] = [
    ['Total', data?.totalSubscriptions],
    ['Active', data?.activeSubscriptions],
    ['Spam', data?.spamCount],
    ['Today', data?.recentSignups],
    ['This Week', data?.weeklySignups],
    ['This Month', data?.monthlySignups],
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {cards.map(([title, value]) => (
        <Col key={title} xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={title} value={value ?? 0} loading={!data} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
