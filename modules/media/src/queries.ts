import type { Db } from '@kw/platform';
import type { ImageRenditions, MediaFile } from './contract.ts';
import { MEDIA_FILES } from './projection.ts';

interface Row {
  id: string;
  filename: string;
  original_name: string;
  mimetype: string;
  size: string | number;
  uploaded_at: Date;
  width: number | null;
  height: number | null;
  rendition_widths: number[] | null;
}

const imageOf = (
  row: Pick<Row, 'width' | 'height' | 'rendition_widths'>,
): ImageRenditions | null =>
  row.width && row.height && row.rendition_widths
    ? { width: row.width, height: row.height, widths: row.rendition_widths }
    : null;

const toMediaFile = (row: Row): MediaFile => ({
  id: row.id,
  filename: row.filename,
  originalName: row.original_name,
  mimetype: row.mimetype,
  size: Number(row.size),
  uploadedAt: row.uploaded_at.toISOString(),
  url: `/media/${row.filename}`,
  image: imageOf(row),
});

export async function listMedia(db: Db): Promise<MediaFile[]> {
  const rows = await db<Row>(MEDIA_FILES).orderBy('uploaded_at', 'desc').limit(5000);
  return rows.map(toMediaFile);
}

export async function findMedia(db: Db, filename: string): Promise<MediaFile | undefined> {
  const row = await db<Row>(MEDIA_FILES).where({ filename }).first();
  return row ? toMediaFile(row) : undefined;
}

/** One file of the library by its id (another module checks what it is given: the founder's photo). */
export async function findMediaById(db: Db, id: string): Promise<MediaFile | undefined> {
  const row = await db<Row>(MEDIA_FILES).where({ id }).first();
  return row ? toMediaFile(row) : undefined;
}

const UPLOADED = /^\/media\/([a-zA-Z0-9][a-zA-Z0-9_-]*\.[a-z0-9]{1,8})$/;

/**
 * The sizes and renditions of the uploaded images among these addresses (`/media/<name>`), by
 * address, for the pages that show them; other addresses (the demo's SVGs, an outside link)
 * and images without renditions yet are left out. One query however many.
 */
export async function imageRenditions(
  db: Db,
  urls: readonly string[],
): Promise<Record<string, ImageRenditions>> {
  const names = [
    ...new Set(urls.map((url) => UPLOADED.exec(url)?.[1]).filter((n) => n !== undefined)),
  ];
  if (names.length === 0) return {};
  const rows = await db<Row>(MEDIA_FILES)
    .whereIn('filename', names)
    .whereNotNull('rendition_widths')
    .select('filename', 'width', 'height', 'rendition_widths');
  const found: Record<string, ImageRenditions> = {};
  for (const row of rows) {
    const image = imageOf(row);
    if (image) found[`/media/${row.filename}`] = image;
  }
  return found;
}

/** Raster images whose renditions are not recorded (uploaded before renditions existed, or pending). */
export async function imagesWithoutRenditions(
  db: Db,
  mimetypes: readonly string[],
): Promise<{ id: string; filename: string }[]> {
  return db<Row>(MEDIA_FILES)
    .whereIn('mimetype', mimetypes)
    .whereNull('rendition_widths')
    .orderBy('uploaded_at')
    .select('id', 'filename');
}
