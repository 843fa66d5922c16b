import { type MediaFile, RASTER_TYPES, RENDITION_FORMATS, renditionUrl } from '@kw/media/contract';
import { Space, Typography } from 'antd';

// The Media Manager's view of a raster image's renditions: its size, and a link to each
// rendition the worker made (AVIF and WebP at each width), which the public pages choose from.

export function Renditions({ file }: { file: MediaFile }) {
  if (!RASTER_TYPES.includes(file.mimetype))
    return <Typography.Text type="secondary">—</Typography.Text>;
  const { image } = file;
  if (!image) return <Typography.Text type="secondary">Being made…</Typography.Text>;
  return (
    <Space orientation="vertical" size={0} aria-label={`Renditions of ${file.originalName}`}>
      <Typography.Text>
        {image.width} × {image.height} px
      </Typography.Text>
      {RENDITION_FORMATS.map((format) => (
        <Typography.Text key={format} type="secondary">
          {format.toUpperCase()}:{' '}
          {image.widths.map((w, i) => (
            <span key={w}>
              {i > 0 && ' · '}
              <a href={renditionUrl(file.url, w, format)} target="_blank" rel="noreferrer">
                {w}w
              </a>
            </span>
          ))}
        </Typography.Text>
      ))}
    </Space>
  );
}
