import { DeleteOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, List, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { serverMessageOf } from '../../../shared/admin/serverErrors.ts';
import { formatDate } from '../../../shared/dates.ts';
import { type DeletedKind, useRecentlyDeletedQuery, useUndeleteMutation } from '../api.ts';

// "Recently deleted" (issue 14): posts, case studies and jobs deleted in the last 30 days, each
// restorable (a post or case study comes back unpublished, a job as a draft).

const NOUNS: Record<DeletedKind, string> = {
  posts: 'blog posts',
  'case-studies': 'case studies',
  jobs: 'jobs',
};

function DeletedList({ kind }: { kind: DeletedKind }) {
  const { notification } = App.useApp();
  const list = useRecentlyDeletedQuery(kind, { refetchOnMountOrArgChange: true });
  const [undelete, { isLoading }] = useUndeleteMutation();
  if (list.isLoading) return <Skeleton active />;
  if (list.isError)
    return <Alert type="error" showIcon title={`Failed to fetch deleted ${NOUNS[kind]}`} />;
  if (!list.data?.length)
    return <Empty description={`No ${NOUNS[kind]} deleted in the last 30 days`} />;
  return (
    <List
      dataSource={list.data}
      renderItem={(item) => (
        <List.Item
          aria-label={item.title}
          actions={[
            <Button
              key="restore"
              loading={isLoading}
              onClick={async () => {
                try {
                  await undelete({ kind, id: item.id }).unwrap();
                  notification.success({
                    title: 'Restored',
                    description: `"${item.title}" is back${kind === 'jobs' ? ' as a draft' : ', unpublished'}.`,
                  });
                } catch (error) {
                  notification.error({
                    title: 'Could not restore',
                    description: serverMessageOf(error) ?? 'Please try again.',
                  });
                }
              }}
            >
              Restore
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={item.title}
            description={
              <Typography.Text type="secondary">
                Deleted {formatDate(item.deletedAt, 'dateTime')} by {item.deletedBy.label} ·
                restorable until {formatDate(item.restorableUntil, 'shortDay')}
              </Typography.Text>
            }
          />
        </List.Item>
      )}
    />
  );
}

/** A "Recently deleted" button opening the list of one kind. */
export function RecentlyDeletedButton({ kind }: { kind: DeletedKind }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        Recently deleted
      </Button>
      <Modal
        title={`Recently deleted ${NOUNS[kind]}`}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        width={640}
      >
        <DeletedList kind={kind} />
      </Modal>
    </>
  );
}
