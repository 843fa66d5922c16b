import type { Db } from '@kw/platform';
import type { MediaFile } from './contract.ts';
import { MEDIA_FILES } from './projection.ts';

interface Row {
  id: string;
  filename: string;
  original_name: string;
  mimetype: string;
  size: string | number;
  uploaded_at: Date;
}

const toMediaFile = (row: Row): MediaFile => ({
  id: row.id,
  filename: row.filename,
  originalName: row.original_name,
  mimetype: row.mimetype,
  size: Number(row.size),
  uploadedAt: row.uploaded_at.toISOString(),
  url: `/media/${row.filename}`,
});

export async function listMedia(db: Db): Promise<MediaFile[]> {
  const rows = await db<Row>(MEDIA_FILES).orderBy('uploaded_at', 'desc').limit(5000);
  return rows.map(toMediaFile);
}

export async function findMedia(db: Db, filename: string): Promise<MediaFile | undefined> {
  const row = await db<Row>(MEDIA_FILES).where({ filename }).first();
  return row ? toMediaFile(row) : undefined;
}
