import {
  CONTACT_STATUS_LABELS,
  type ContactSubmission,
  MARKED_AS_SPAM_REASON,
} from '@kw/contact/contract';
import { Descriptions } from 'antd';
import { locationOf } from '../../../shared/admin/SubmissionsFrame.tsx';
import { formatDate } from '../../../shared/dates.ts';
import { capital, fullName, serviceLabel } from './display.ts';

/** 'Contact Submission Details': everything the visitor sent and what was learnt of them. */
export function ContactDetails({ s }: { s: ContactSubmission }) {
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="Name">{fullName(s)}</Descriptions.Item>
      <Descriptions.Item label="Email">{s.email}</Descriptions.Item>
      <Descriptions.Item label="Phone">{s.phone || '—'}</Descriptions.Item>
      <Descriptions.Item label="Company">{s.company || '—'}</Descriptions.Item>
      <Descriptions.Item label="Service">{serviceLabel(s.service)}</Descriptions.Item>
      <Descriptions.Item label="Message">
        <div style={{ whiteSpace: 'pre-wrap' }}>{s.message}</div>
      </Descriptions.Item>
      <Descriptions.Item label="Status">{CONTACT_STATUS_LABELS[s.status]}</Descriptions.Item>
      <Descriptions.Item label="Priority">{capital(s.priority)}</Descriptions.Item>
      <Descriptions.Item label="Processed">{s.processed ? 'Yes' : 'No'}</Descriptions.Item>
      <Descriptions.Item label="Responded">
        {s.respondedAt ? formatDate(s.respondedAt, 'dateTime') : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Response Notes">{s.responseNotes || '—'}</Descriptions.Item>
      {s.held && (
        <Descriptions.Item label="Held for Review">
          {s.heldReason ?? 'Held for review'}. Release it if it is a real enquiry.
        </Descriptions.Item>
      )}
      {s.isSpam && (
        <Descriptions.Item label="Spam Reason">
          {s.spamReason ?? MARKED_AS_SPAM_REASON}
        </Descriptions.Item>
      )}
      <Descriptions.Item label="Location">{locationOf(s)}</Descriptions.Item>
      <Descriptions.Item label="Device">{s.deviceType}</Descriptions.Item>
      <Descriptions.Item label="Browser">
        {[s.browserName, s.browserVersion].filter(Boolean).join(' ') || '—'}
        {s.os ? ` on ${s.os}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label="IP Address">{s.ipAddress || '—'}</Descriptions.Item>
      <Descriptions.Item label="Received">{formatDate(s.createdAt, 'dateTime')}</Descriptions.Item>
    </Descriptions>
  );
}
