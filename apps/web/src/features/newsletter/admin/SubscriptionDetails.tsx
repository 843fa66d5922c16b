import { CONSENT_METHOD_LABELS, type NewsletterSubscription } from '@kw/newsletter/contract';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import { locationOf } from '../../../shared/admin/SubmissionsFrame.tsx';
import { formatDate } from '../../../shared/dates.ts';

export const nameOf = (s: NewsletterSubscription) =>
  [s.firstName, s.lastName].filter(Boolean).join(' ');

const dash = (v: string | null | undefined) => v || '—';

/** Active (confirmed), pending its confirmation (or expired, past its 7 days), unsubscribed. */
export function StatusTag({ s }: { s: NewsletterSubscription }) {
  if (s.status === 'active') return <Tag color="green">Active</Tag>;
  if (s.status === 'unsubscribed') return <Tag>Unsubscribed</Tag>;
  const expired = s.expiresAt !== null && Date.parse(s.expiresAt) <= Date.now();
  return expired ? <Tag>Expired</Tag> : <Tag color="gold">Pending confirmation</Tag>;
}

/** The proof of consent (CASL): what was asked, where and when, and how it was confirmed. */
function ConsentRecord({ s }: { s: NewsletterSubscription }) {
  const c = s.consent;
  if (!c)
    return (
      <Typography.Paragraph type="secondary">
        No consent yet: the confirmation e-mail's link has not been pressed
        {s.expiresAt ? ` (it works until ${formatDate(s.expiresAt, 'dateTime')})` : ''}.
      </Typography.Paragraph>
    );
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="How">{CONSENT_METHOD_LABELS[c.method]}</Descriptions.Item>
      <Descriptions.Item label="Asked">{formatDate(c.requestedAt, 'dateTime')}</Descriptions.Item>
      <Descriptions.Item label="From address">{dash(c.requestIp)}</Descriptions.Item>
      <Descriptions.Item label="Form">{c.source}</Descriptions.Item>
      <Descriptions.Item label="Page">{dash(c.page)}</Descriptions.Item>
      <Descriptions.Item label="Wording">{dash(c.wording)}</Descriptions.Item>
      <Descriptions.Item label="Confirmed">
        {c.confirmedAt ? formatDate(c.confirmedAt, 'dateTime') : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Confirmed from">{dash(c.confirmIp)}</Descriptions.Item>
      <Descriptions.Item label="Confirmed with">{dash(c.confirmUserAgent)}</Descriptions.Item>
    </Descriptions>
  );
}

/** 'Subscription Details': contact, technical and campaign information, and the unsubscribe link. */
export function SubscriptionDetails({ s }: { s: NewsletterSubscription }) {
  return (
    <>
      <Typography.Title level={5}>Contact Information</Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="Email">{s.email}</Descriptions.Item>
        <Descriptions.Item label="Name">{dash(nameOf(s))}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <StatusTag s={s} />
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
        Consent
      </Typography.Title>
      <ConsentRecord s={s} />
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
