// Shapes of the media module shared with the web app. No server imports here.

export interface MediaFile {
  id: string;
  filename: string;
  originalName: string;
  mimetype: string;
  size: number;
  uploadedAt: string;
  url: string;
  /** A raster image's size and renditions, once the worker has made them; null before (and for other files). */
  image: ImageRenditions | null;
}

/**
 * What a page needs to show an uploaded raster image responsively: its intrinsic size (so the
 * page reserves its box) and the widths its AVIF and WebP renditions were made at.
 */
export interface ImageRenditions {
  width: number;
  height: number;
  widths: number[];
}

/** The widths renditions are made at (those up to the image's own width; a smaller image gets one at its own). */
export const RENDITION_WIDTHS = [400, 800, 1200, 1600] as const;

/** The formats of every rendition, best first (a <picture>'s sources in this order). */
export const RENDITION_FORMATS = ['avif', 'webp'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];

/** Raster types renditions are made of (not GIF: it may be animated; not SVG: not an upload). */
export const RASTER_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/tiff',
];

/** The widths a rendition set has for an image `width` pixels wide. */
export function renditionWidths(width: number): number[] {
  const fitting = RENDITION_WIDTHS.filter((w) => w <= width);
  return fitting.length > 0 ? [...fitting] : [width];
}

/** The stored name of a rendition: beside the uploads, in `renditions/`. */
export function renditionName(filename: string, width: number, format: RenditionFormat): string {
  const stem = filename.replace(/\.[a-z0-9]+$/, '');
  return `${stem}-${width}w.${format}`;
}

/** Where renditions are served: `/media/renditions/<name>`. */
export const RENDITIONS_PATH = '/media/renditions/';

/** A rendition's address, from the original's `/media/<name>` address. */
export function renditionUrl(url: string, width: number, format: RenditionFormat): string {
  return RENDITIONS_PATH + renditionName(url.slice(url.lastIndexOf('/') + 1), width, format);
}

/** The pages that have a share image of their own (share-images.ts in the API serves them). */
export type ShareKind = 'posts' | 'case-studies' | 'careers';

/**
 * An item's version, as the share image's address names it: its stream's version (posts, case
 * studies), else its last change (a job).
 */
export const shareVersion = (item: { updatedAt: string; version?: number | undefined }) =>
  item.version !== undefined ? `${item.version}` : Date.parse(item.updatedAt).toString(36);

/**
 * An item's share image (og:image): a 1200×630 card, or its uploaded raster featured image
 * cropped to that size. The version in the address makes networks fetch it anew after a change.
 */
export function shareImage(
  kind: ShareKind,
  key: string,
  item: {
    updatedAt: string;
    version?: number | undefined;
    featuredImageRenditions?: ImageRenditions | null | undefined;
  },
): { image: string; imageType: string } {
  return {
    image: `/share/${kind}/${encodeURIComponent(key)}?v=${shareVersion(item)}`,
    imageType: item.featuredImageRenditions ? 'image/jpeg' : 'image/png',
  };
}

/** A srcset of one format's renditions. */
export function renditionSrcSet(
  url: string,
  image: ImageRenditions,
  format: RenditionFormat,
): string {
  return image.widths.map((w) => `${renditionUrl(url, w, format)} ${w}w`).join(', ');
}

/** What an upload answers: the file's record, with the `url` and `originalName` the editors use. */
export type UploadResponse = MediaFile;

/** Which uploader: the blog editor, the case-study editor or the Media Manager. */
export type UploadKind = 'editor' | 'image' | 'media';

export type MediaCategory = 'image' | 'video' | 'audio' | 'document' | 'archive';

const MB = 1024 * 1024;

/** The largest file of each kind (documented in the README; past it: 413). */
export const SIZE_LIMITS: Record<MediaCategory, number> = {
  image: 10 * MB,
  document: 20 * MB,
  audio: 50 * MB,
  archive: 100 * MB,
  video: 200 * MB,
};

/** Which kinds each uploader accepts (admin.md §5 Uploads). */
export const ACCEPTED: Record<UploadKind, MediaCategory[]> = {
  editor: ['image', 'document'],
  image: ['image'],
  media: ['image', 'video', 'audio', 'document', 'archive'],
};

/** The file picker's accept attribute for the Media Manager and the blog editor. */
export const MEDIA_ACCEPT = 'image/*,video/*,audio/*,.pdf,.doc,.docx,.zip';
export const EDITOR_ACCEPT = 'image/*,.pdf,.doc,.docx';

/** Bytes / KB / MB / GB, as the Media Manager shows sizes. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/** A stored file name: our random names only, never a path. */
export const STORED_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_-]*\.[a-z0-9]{1,8}$/;
