import { CheckOutlined } from '@ant-design/icons';
import { formatFileSize, type MediaFile, renditionUrl } from '@kw/media/contract';
import { App, Button, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { serverMessageOf } from '../../../shared/admin/serverErrors.ts';
import { formatDate } from '../../../shared/dates.ts';
import { useDeleteMediaMutation } from '../api.ts';
import { Renditions } from './Renditions.tsx';
import type { MediaUse } from './usage.ts';

/** How long a copy button reads 'Copied' (admin.md §9). */
export const COPIED_FOR_MS = 2000;

const describeUse = (use: MediaUse) => `${use.kind} '${use.title}' (${use.where.join(' and ')})`;

/** The files, with where each is used, its URL to copy and its delete (asked first when used). */
export function MediaTable({
  files,
  loading,
  usesOf,
}: {
  files: MediaFile[];
  loading: boolean;
  usesOf: (file: MediaFile) => MediaUse[];
}) {
  const { message, notification, modal } = App.useApp();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const [remove] = useDeleteMediaMutation();

  const copy = async (file: MediaFile) => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${file.url}`);
      message.success('URL copied');
      // The button says so for 2 seconds.
      clearTimeout(copiedTimer.current);
      setCopiedId(file.id);
      copiedTimer.current = setTimeout(() => setCopiedId(null), COPIED_FOR_MS);
    } catch {
      notification.error({
        title: 'Failed to copy - Please try again or copy the URL manually.',
      });
    }
  };

  /** A file still in use: say where, and ask before deleting it. */
  const askDeleteUsed = (file: MediaFile, uses: MediaUse[]) =>
    modal.confirm({
      title: `${file.originalName} is still in use`,
      content: (
        <>
          <Typography.Paragraph>Deleting it leaves a broken image or link in:</Typography.Paragraph>
          <ul>
            {uses.map((use) => (
              <li key={use.id}>{describeUse(use)}</li>
            ))}
          </ul>
          <Typography.Paragraph>Delete it anyway?</Typography.Paragraph>
        </>
      ),
      okText: 'Delete anyway',
      okButtonProps: { danger: true },
      cancelText: 'Keep the file',
      onOk: () => onDelete(file),
    });

  const onDelete = async (file: MediaFile) => {
    try {
      await remove(file.filename).unwrap();
      message.success('File deleted');
    } catch (error) {
      notification.error({
        title: 'Delete failed',
        description: serverMessageOf(error) ?? 'Please try again.',
      });
    }
  };

  return (
    <Table<MediaFile>
      rowKey="id"
      loading={loading}
      dataSource={files}
      locale={{ emptyText: 'No media files yet' }}
      pagination={{ pageSize: 20 }}
      scroll={{ x: true }}
      columns={[
        {
          title: 'Name',
          key: 'name',
          render: (_, f) => (
            <Space>
              {f.mimetype.startsWith('image/') && (
                <img
                  src={f.image ? renditionUrl(f.url, f.image.widths[0]!, 'webp') : f.url}
                  alt=""
                  width={40}
                  height={40}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                />
              )}
              <div>
                <div style={{ fontWeight: 600 }}>
                  {f.originalName}{' '}
                  {usesOf(f).length > 0 && (
                    <Tooltip title={usesOf(f).map(describeUse).join('; ')}>
                      <Tag color="blue">In use</Tag>
                    </Tooltip>
                  )}
                </div>
                <Typography.Text type="secondary">{f.filename}</Typography.Text>
              </div>
            </Space>
          ),
        },
        { title: 'Size', dataIndex: 'size', render: (size: number) => formatFileSize(size) },
        { title: 'Renditions', key: 'renditions', render: (_, f) => <Renditions file={f} /> },
        {
          title: 'Uploaded',
          dataIndex: 'uploadedAt',
          render: (at: string) => formatDate(at, 'dateTime'),
        },
        { title: 'URL', dataIndex: 'url', render: (url: string) => <code>{url}</code> },
        {
          title: 'Actions',
          key: 'actions',
          render: (_, f) => (
            <Space>
              <Button
                size="small"
                onClick={() => copy(f)}
                aria-label={`Copy URL of ${f.originalName}`}
                icon={copiedId === f.id ? <CheckOutlined /> : undefined}
              >
                {copiedId === f.id ? 'Copied' : 'Copy URL'}
              </Button>
              {usesOf(f).length > 0 ? (
                <Button
                  size="small"
                  danger
                  aria-label={`Delete ${f.originalName}`}
                  onClick={() => askDeleteUsed(f, usesOf(f))}
                >
                  Delete
                </Button>
              ) : (
                <Popconfirm title="Delete this file?" okText="Delete" onConfirm={() => onDelete(f)}>
                  <Button size="small" danger aria-label={`Delete ${f.originalName}`}>
                    Delete
                  </Button>
                </Popconfirm>
              )}
            </Space>
          ),
        },
      ]}
    />
  );
}
