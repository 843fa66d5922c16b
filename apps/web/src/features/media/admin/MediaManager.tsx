import { CheckOutlined } from '@ant-design/icons';
import { formatFileSize, MEDIA_ACCEPT, type MediaFile, renditionUrl } from '@kw/media/contract';
import {
  Alert,
  App,
  Button,
  Card,
  List,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { serverMessageOf } from '../../../shared/admin/serverErrors.ts';
import { uploadFile } from '../../../shared/admin/upload.ts';
import { formatDate } from '../../../shared/dates.ts';
import { useListAllPostsQuery } from '../../blog/api.ts';
import { useListAllCaseStudiesQuery } from '../../case-studies/api.ts';
import { useFounderPhotoQuery } from '../../site/api.ts';
import { useDeleteMediaMutation, useListMediaQuery } from '../api.ts';
import { Renditions } from './Renditions.tsx';
import { founderPhotoUse, type MediaUse, mediaUses } from './usage.ts';

/** One file's upload as the page shows it (admin.md §3 Upload progress entry). */
export interface UploadProgressEntry {
  filename: string;
  progress: number;
  status: 'uploading' | 'success' | 'error';
  error?: string;
}

export const CLEAR_PROGRESS_AFTER_MS = 3000;
/** How long a copy button reads 'Copied' (admin.md §9). */
export const COPIED_FOR_MS = 2000;

const describeUse = (use: MediaUse) => `${use.kind} '${use.title}' (${use.where.join(' and ')})`;

export function MediaManager() {
  const { message, notification, modal } = App.useApp();
  const { data, isLoading, isError, refetch } = useListMediaQuery();
  // Where each file is used: the posts and case studies (drafts too) that point at it, and the
  // founder's photo of Settings → Site.
  const posts = useListAllPostsQuery();
  const studies = useListAllCaseStudiesQuery();
  const founderPhoto = useFounderPhotoQuery();
  const founderMediaId = founderPhoto.data?.photo?.mediaId;
  const usesOf = useMemo(() => {
    const users = [
      { kind: 'Blog post' as const, items: posts.data ?? [] },
      { kind: 'Case study' as const, items: studies.data ?? [] },
    ];
    return (file: MediaFile) => [
      ...mediaUses(file.url, users),
      ...founderPhotoUse(file.id, founderMediaId),
    ];
  }, [posts.data, studies.data, founderMediaId]);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const [remove] = useDeleteMediaMutation();
  const [selected, setSelected] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgressEntry[]>([]);
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(clearTimer.current), []);

  const update = (index: number, change: Partial<UploadProgressEntry>) =>
    setProgress((list) => list.map((e, i) => (i === index ? { ...e, ...change } : e)));

  const uploadAll = async () => {
    const files = selected;
    if (files.length === 0) return;
    clearTimeout(clearTimer.current);
    setBusy(true);
    setProgress(files.map((f) => ({ filename: f.name, progress: 0, status: 'uploading' })));
    setSelected([]);
    const results = await Promise.allSettled(
      files.map((file, i) =>
        uploadFile('/api/media/upload', 'file', file, (p) => update(i, { progress: p })).then(
          () => update(i, { status: 'success', progress: 100 }),
          (error: Error) => {
            update(i, { status: 'error', error: error.message });
            throw error;
          },
        ),
      ),
    );
    setBusy(false);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    if (ok > 0) {
      message.success('File uploaded successfully');
      refetch();
    }
    // The entries stay 3 s after the last upload finishes, then clear.
    clearTimer.current = setTimeout(() => setProgress([]), CLEAR_PROGRESS_AFTER_MS);
  };

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
    <>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        Media Manager
      </Typography.Title>
      <Card title="Upload Files" style={{ marginBottom: 16 }}>
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Button onClick={() => picker.current?.click()}>Choose Files</Button>
            <input
              ref={picker}
              type="file"
              multiple
              accept={MEDIA_ACCEPT}
              hidden
              aria-label="Choose files"
              onChange={(e) => {
                const chosen = Array.from(e.target.files ?? []);
                setSelected((list) => [...list, ...chosen]);
                e.target.value = '';
              }}
            />
            <Button
              type="primary"
              onClick={uploadAll}
              disabled={selected.length === 0}
              loading={busy}
            >
              Upload {selected.length > 0 ? `${selected.length} file(s)` : ''}
            </Button>
          </Space>
          {selected.length > 0 && (
            <List
              size="small"
              bordered
              aria-label="Selected files"
              dataSource={selected}
              renderItem={(file, i) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      size="small"
                      aria-label={`Remove ${file.name}`}
                      onClick={() => setSelected((list) => list.filter((_, j) => j !== i))}
                    >
                      Remove
                    </Button>,
                  ]}
                >
                  {file.name} ({formatFileSize(file.size)})
                </List.Item>
              )}
            />
          )}
          {progress.length > 0 && (
            <section aria-label="Upload progress">
              {progress.map((entry, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one entry per chosen file, in order
                <div key={i} data-testid="upload-progress">
                  <Typography.Text>{entry.filename}</Typography.Text>
                  <Progress
                    percent={entry.progress}
                    status={
                      entry.status === 'error'
                        ? 'exception'
                        : entry.status === 'success'
                          ? 'success'
                          : 'active'
                    }
                  />
                  {entry.error && <Typography.Text type="danger">{entry.error}</Typography.Text>}
                </div>
              ))}
            </section>
          )}
          <Typography.Text type="secondary">
            Accepted: images, video, audio, PDF, DOC, DOCX and ZIP. Limits: images 10 MB, documents
            20 MB, audio 50 MB, ZIP 100 MB, video 200 MB. Files are served from /media/
            {'{filename}'}.
          </Typography.Text>
        </Space>
      </Card>
      {isError && (
        <Alert
          type="error"
          showIcon
          title="Failed to fetch media files"
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<MediaFile>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
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
            render: (at: string) => formatDate(at, 'usDateTime'),
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
                  <Popconfirm
                    title="Delete this file?"
                    okText="Delete"
                    onConfirm={() => onDelete(f)}
                  >
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
    </>
  );
}
