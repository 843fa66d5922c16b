import type { NewsletterSubscription } from '@kw/newsletter/contract';
import { Alert, Descriptions, Typography } from 'antd';
import { locationOf } from '../../../shared/admin/SubmissionsFrame.tsx';
import { formatDate } from '../../../shared/dates.ts';

export const nameOf = (s: NewsletterSubscription) =>
  [s.firstName, s.lastName].filter(Boolean).join(' ');

const dash = (v: string | null | undefined) => v || '—';

/** 'Subscription Details': contact, technical and campaign information, and the unsubscribe link. */
export function SubscriptionDetails({ s }: { s: NewsletterSubscription }) {
  return (
    <>
      <Typography.Title level={5}>Contact Information</Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Email">{s.email}</Descriptions.Item>
        <Descriptions.Item label="Name">{dash(nameOf(s))}</Descriptions.Item>
        <Descriptions.Item label="Status">
          {s.subscribed ? 'Active' : 'Unsubscribed'}
        </Descriptions.Item>
        <Descriptions.Item label="Source">{s.source || 'website'}</Descriptions.Item>
        <Descriptions.Item label="Subscribed">
          {formatDate(s.createdAt, 'dateTime')}
        </Descriptions.Item>
        {s.unsubscribedAt && (
          <Descriptions.Item label="Unsubscribed">
            {formatDate(s.unsubscribedAt, 'dateTime')}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Technical Information
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="IP Address">{dash(s.ipAddress)}</Descriptions.Item>
        <Descriptions.Item label="Device">{dash(s.deviceType)}</Descriptions.Item>
        <Descriptions.Item label="Browser">
          {dash([s.browserInfo.name, s.browserInfo.version].filter(Boolean).join(' '))}
        </Descriptions.Item>
        <Descriptions.Item label="Operating System">{dash(s.browserInfo.os)}</Descriptions.Item>
        <Descriptions.Item label="Location">{locationOf(s)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Campaign Data
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="UTM Source">{dash(s.utmSource)}</Descriptions.Item>
        <Descriptions.Item label="UTM Medium">{dash(s.utmMedium)}</Descriptions.Item>
        <Descriptions.Item label="UTM Campaign">{dash(s.utmCampaign)}</Descriptions.Item>
        <Descriptions.Item label="Referrer">{dash(s.referer)}</Descriptions.Item>
      </Descriptions>
      {s.isSpam && (
        <Alert
          style={{ marginTop: 16 }}
          type="warning"
          showIcon
          title="Spam Reason"
          description={s.spamReason ?? '—'}
        />
      )}
      <Typography.Paragraph style={{ marginTop: 16 }} copyable={{ text: s.unsubscribeUrl }}>
        One-click unsubscribe link
      </Typography.Paragraph>
    </>
  );
}
