import type { JobApplication } from '@kw/careers/contract';
import { Alert, Button, Descriptions, Modal, Space, Typography } from 'antd';
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

/** 'Job Application Details': the option for the current status is hidden. */
export function ApplicationDetails({
  application,
  onClose,
}: {
  application: JobApplication | null;
  onClose(): void;
}) {
  const { changeStatus, deleteApplication, toggleSpam } = useApplicationActions();
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
          <Space wrap>
            {STATUS_ACTIONS.filter((a) => a.status !== application.status).map((action) => (
              <Button
                key={action.status}
                danger={action.danger}
                onClick={() => changeStatus(application, action.status)}
              >
                {action.label}
              </Button>
            ))}
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
