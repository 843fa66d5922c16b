import type { JobApplication } from '@kw/careers/contract';
import { Alert, Button, Descriptions, Modal, Space, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { formatDate } from '../../../shared/dates.ts';
import { StatusTag } from './StatusTag.tsx';
import { STATUS_ACTIONS, useApplicationActions } from './useStatusChange.tsx';

function RejectionEmail({ application }: { application: JobApplication }) {
  if (application.status !== 'rejected') return null;
  return application.rejectionEmailSentAt ? (
    <Alert
      type="success"
      showIcon
      title={`Rejection email sent on ${formatDate(application.rejectionEmailSentAt, 'dateTime')}`}
    />
  ) : (
    <Alert type="info" showIcon title="Rejection email not sent yet: it is on its way." />
  );
}

/** Why the intake checks (or the administrator) flagged it; no e-mail went out for it. */
function SpamVerdict({ application }: { application: JobApplication }) {
  if (!application.isSpam) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Flagged as spam"
      description={`${application.spamReason ?? 'Marked as spam'}. No acknowledgement or notification e-mail was sent.`}
    />
  );
}

/** Why it waits for review; nothing went out for it yet. */
function HeldVerdict({ application }: { application: JobApplication }) {
  if (!application.held) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title="Held for review"
      description={`${application.heldReason ?? 'Held for review'}, as a bot does, and as a browser that fills the form in by itself may. The applicant gets the acknowledgement once you release it.`}
    />
  );
}

/** Release from review, with what it does on hover. */
export function ReleaseButton({
  application,
  release,
}: {
  application: JobApplication;
  release(application: JobApplication): unknown;
}) {
  if (!application.held) return null;
  return (
    <Tooltip title="Not spam: the applicant gets the acknowledgement, and you the notification">
      <Button size="small" type="primary" onClick={() => release(application)}>
        Release
      </Button>
    </Tooltip>
  );
}

/** 'Job Application Details': the option for the current status is hidden. */
export function ApplicationDetails({
  application,
  onClose,
}: {
  application: JobApplication | null;
  onClose(): void;
}) {
  const { changeStatus, deleteApplication, toggleSpam, release } = useApplicationActions();
  // The button for the status set (or Release, once released) leaves the dialog with the focus
  // it had: the focus goes to the first action left, not to the page behind the dialog.
  const actions = useRef<HTMLDivElement>(null);
  const refocus = useCallback(() => {
    const focused = document.activeElement;
    if (focused === null || focused === document.body || !focused.isConnected)
      actions.current?.querySelector('button')?.focus();
  }, []);
  const status = application?.status;
  const held = application?.held;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the status or the hold changes
  useEffect(refocus, [status, held, refocus]);
  return (
    <Modal
      open={application !== null}
      title="Job Application Details"
      onCancel={onClose}
      footer={null}
      width={720}
    >
      {application && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <SpamVerdict application={application} />
          <HeldVerdict application={application} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="Name">
              {application.firstName} {application.lastName}
            </Descriptions.Item>
            <Descriptions.Item label="Email">
              <a href={`mailto:${application.email}`}>{application.email}</a>
            </Descriptions.Item>
            <Descriptions.Item label="Phone">{application.phone}</Descriptions.Item>
            <Descriptions.Item label="Job">{application.jobTitle}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <StatusTag status={application.status} />
            </Descriptions.Item>
            <Descriptions.Item label="Applied Date">
              {formatDate(application.appliedAt, 'dateTime')}
            </Descriptions.Item>
            <Descriptions.Item label="Cover Letter">
              <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>
                {application.coverLetter || 'No cover letter provided.'}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label="Resume">
              <a
                href={`/uploads/${encodeURIComponent(application.resumeFilename)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                View Resume
              </a>
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {application.resumeOriginalName}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <RejectionEmail application={application} />
          <Space wrap ref={actions}>
            {STATUS_ACTIONS.filter((a) => a.status !== application.status).map((action) => (
              <Button
                key={action.status}
                danger={action.danger}
                onClick={() => changeStatus(application, action.status, refocus)}
              >
                {action.label}
              </Button>
            ))}
            <ReleaseButton application={application} release={release} />
            <Button onClick={() => toggleSpam(application)}>
              {application.isSpam ? 'Not Spam' : 'Mark as Spam'}
            </Button>
            <Button danger type="text" onClick={() => deleteApplication(application, onClose)}>
              Delete
            </Button>
          </Space>
        </Space>
      )}
    </Modal>
  );
}
