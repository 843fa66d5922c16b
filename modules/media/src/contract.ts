// Shapes of the media module shared with the web app. No server imports here.

import type { ImageRenditions } from './presentation.ts';

export * from './presentation.ts';

/** Raster types renditions are made of (not GIF: it may be animated; not SVG: not an upload). */
export const RASTER_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/tiff',
];

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
