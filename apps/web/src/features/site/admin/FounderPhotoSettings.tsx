import { type MediaFile, RASTER_TYPES, renditionUrl } from '@kw/media/contract';
import { founder } from '@kw/site';
import type { FounderPhoto } from '@kw/site/contract';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Modal,
  Popconfirm,
  Progress,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { api, errorText } from '../../../api/api.ts';
import { serverMessageOf } from '../../../shared/admin/serverErrors.ts';
import { uploadFile } from '../../../shared/admin/upload.ts';
import { useListMediaQuery } from '../../media/api.ts';
import {
  useClearFounderPhotoMutation,
  useFounderPhotoQuery,
  useSetFounderPhotoMutation,
} from '../api.ts';

// Settings → Site: the founder's photo on the about page, an image of the media library (chosen
// there or uploaded here), shown round; without one the page shows the initials.

const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp,.avif,.tif,.tiff';

/** The smallest WebP rendition when the worker has made them, else the original. */
const thumbnailOf = (url: string, image: MediaFile['image']) =>
  image ? renditionUrl(url, image.widths[0]!, 'webp') : url;

function Portrait({ photo }: { photo: FounderPhoto | null }) {
  const style = { width: 96, height: 96, borderRadius: '50%', objectFit: 'cover' as const };
  return photo ? (
    <img
      src={thumbnailOf(photo.url, photo.image)}
      alt={founder.name}
      width={96}
      height={96}
      style={style}
      data-testid="founder-photo-preview"
    />
  ) : (
    <img
      src={founder.photo}
      alt={`${founder.name} (initials)`}
      width={96}
      height={96}
      style={style}
      data-testid="founder-photo-initials"
    />
  );
}

/** The media library's photos (raster images), to pick one. */
function LibraryPicker(props: {
  open: boolean;
  current: string | undefined;
  onPick(file: MediaFile): void;
  onClose(): void;
}) {
  const { data, isLoading, isError } = useListMediaQuery(undefined, { skip: !props.open });
  const photos = (data ?? []).filter((f) => RASTER_TYPES.includes(f.mimetype));
  return (
    <Modal
      open={props.open}
      title="Choose from the media library"
      footer={null}
      onCancel={props.onClose}
      width={720}
    >
      {isError && <Alert type="error" showIcon title="Failed to load the media library" />}
      {isLoading && <Skeleton active />}
      {data && photos.length === 0 && (
        <Empty description="No photos in the media library yet: upload one instead." />
      )}
      <Flex wrap gap={12} role="list" aria-label="Photos of the media library">
        {photos.map((file) => (
          <Button
            key={file.id}
            role="listitem"
            onClick={() => props.onPick(file)}
            style={{ height: 'auto', padding: 6, width: 128 }}
            type={file.id === props.current ? 'primary' : 'default'}
            ghost={file.id === props.current}
            aria-current={file.id === props.current}
            aria-label={`Use ${file.originalName}${file.id === props.current ? ' (the current photo)' : ''}`}
          >
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <img
                src={thumbnailOf(file.url, file.image)}
                alt=""
                width={112}
                height={112}
                loading="lazy"
                style={{ objectFit: 'cover', borderRadius: 8, display: 'block' }}
              />
              <Typography.Text ellipsis style={{ maxWidth: 112, fontSize: 12 }}>
                {file.originalName}
              </Typography.Text>
            </Space>
          </Button>
        ))}
      </Flex>
    </Modal>
  );
}

export function FounderPhotoSettings() {
  const { data, isError } = useFounderPhotoQuery();
  const [setPhoto, setting] = useSetFounderPhotoMutation();
  const [clearPhoto, clearing] = useClearFounderPhotoMutation();
  const { notification, message } = App.useApp();
  const dispatch = useDispatch();
  const [picking, setPicking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  const failed = (title: string, error: unknown) =>
    notification.error({ title, description: serverMessageOf(error) ?? errorText(error) });

  const use = async (mediaId: string) => {
    try {
      await setPhoto(mediaId).unwrap();
      message.success("Founder's photo saved");
    } catch (error) {
      failed('Photo not saved', error);
    }
  };

  const uploadAndUse = async (file: File) => {
    setProgress(0);
    try {
      const uploaded = await uploadFile('/api/media/upload', 'file', file, setProgress);
      dispatch(api.util.invalidateTags(['Media']));
      await use(uploaded.id);
    } catch (error) {
      failed('Upload failed', error);
    } finally {
      setProgress(null);
    }
  };

  if (isError) return <Alert type="error" showIcon title="Failed to load the site settings" />;
  if (!data) return <Skeleton active />;
  const { photo } = data;
  const busy = progress !== null || setting.isLoading || clearing.isLoading;
  return (
    <Card title="Founder's photo">
      <Typography.Paragraph type="secondary">
        Shown round on the about page, beside {founder.name}'s profile, in the sizes each screen
        needs. Without a photo the page shows the initials.
      </Typography.Paragraph>
      <Flex gap={24} align="center" wrap>
        <Portrait photo={photo} />
        <Space orientation="vertical">
          <Typography.Text data-testid="founder-photo-name">
            {photo ? photo.originalName : 'No photo: the initials are shown'}
          </Typography.Text>
          {photo && !photo.image && (
            <Typography.Text type="secondary">
              Its smaller sizes are being made; the page shows the original meanwhile.
            </Typography.Text>
          )}
          <Space wrap>
            <Button type="primary" onClick={() => picker.current?.click()} disabled={busy}>
              Upload a new photo
            </Button>
            <input
              ref={picker}
              type="file"
              accept={PHOTO_ACCEPT}
              hidden
              aria-label="Photo file"
              data-testid="founder-photo-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void uploadAndUse(file);
              }}
            />
            <Button onClick={() => setPicking(true)} disabled={busy}>
              Choose from the media library
            </Button>
            {photo && (
              <Popconfirm
                title="Remove the founder's photo?"
                description="The about page shows the initials instead. The file stays in the media library."
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={async () => {
                  try {
                    await clearPhoto().unwrap();
                    message.success("Founder's photo removed");
                  } catch (error) {
                    failed('Photo not removed', error);
                  }
                }}
              >
                <Button danger disabled={busy}>
                  Remove photo
                </Button>
              </Popconfirm>
            )}
          </Space>
          {progress !== null && <Progress percent={progress} size="small" />}
        </Space>
      </Flex>
      <LibraryPicker
        open={picking}
        current={photo?.mediaId}
        onClose={() => setPicking(false)}
        onPick={(file) => {
          setPicking(false);
          void use(file.id);
        }}
      />
    </Card>
  );
}
