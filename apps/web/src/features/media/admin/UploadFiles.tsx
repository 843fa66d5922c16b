import { formatFileSize, MEDIA_ACCEPT } from '@kw/media/contract';
import { App, Button, Card, List, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { uploadFile } from '../../../shared/admin/upload.ts';

/** One file's upload as the page shows it (admin.md §3 Upload progress entry). */
export interface UploadProgressEntry {
  filename: string;
  progress: number;
  status: 'uploading' | 'success' | 'error';
  error?: string;
}

export const CLEAR_PROGRESS_AFTER_MS = 3000;

/** The Upload Files card: files chosen, sent side by side, each with its progress. */
export function UploadFiles({ onUploaded }: { onUploaded: () => void }) {
  const { message } = App.useApp();
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
      onUploaded();
    }
    // The entries stay 3 s after the last upload finishes, then clear.
    clearTimer.current = setTimeout(() => setProgress([]), CLEAR_PROGRESS_AFTER_MS);
  };

  return (
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
          Accepted: images, video, audio, PDF, DOC, DOCX and ZIP. Limits: images 10 MB, documents 20
          MB, audio 50 MB, ZIP 100 MB, video 200 MB. Files are served from /media/
          {'{filename}'}.
        </Typography.Text>
      </Space>
    </Card>
  );
}
