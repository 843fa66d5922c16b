import type { Db } from '@kw/platform';
import type { FounderPhotoAnswer } from './contract.ts';
import { FOUNDER_SLOT, SITE_FOUNDER_PHOTO } from './projection.ts';

interface Row {
  slot: string;
  media_id: string;
  url: string;
  original_name: string;
  width: number | null;
  height: number | null;
  rendition_widths: number[] | null;
}

/** The founder's photo (Settings → Site), or null: the pages show the initials. */
export async function founderPhoto(db: Db): Promise<FounderPhotoAnswer> {
  const row = await db<Row>(SITE_FOUNDER_PHOTO).where({ slot: FOUNDER_SLOT }).first();
  if (!row) return { photo: null };
  return {
    photo: {
      mediaId: row.media_id,
      url: row.url,
      originalName: row.original_name,
      image:
        row.width && row.height && row.rendition_widths
          ? { width: row.width, height: row.height, widths: row.rendition_widths }
          : null,
    },
  };
}
