import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import {
  type ImageRenditions,
  RENDITION_FORMATS,
  type RenditionFormat,
  renditionName,
  renditionWidths,
} from './contract.ts';
import { renditionsDir } from './rendition-files.ts';

// The worker's side of responsive images: a raster upload's AVIF and WebP renditions, made
// with sharp beside the uploads (`DATA_DIR/uploads/renditions/`, served at /media/renditions/).
// Each file is written under a temporary name and renamed into place, so a job that runs twice,
// even at the same moment, leaves whole files with the same names.

const ENCODE: Record<RenditionFormat, (image: Sharp) => Sharp> = {
  // Quality for photographs at about the size of a JPEG at 80, a fraction of the bytes.
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72 }),
};

/** EXIF orientations 5–8 turn the picture a quarter: its shown width is its stored height. */
const turned = (orientation: number | undefined) => orientation !== undefined && orientation >= 5;

/** The image's size as shown (after its EXIF orientation). */
export async function shownSize(file: string): Promise<{ width: number; height: number }> {
  const meta = await sharp(file).metadata();
  if (!meta.width || !meta.height) throw new Error(`${file}: no size`);
  return turned(meta.orientation)
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
}

/** Makes (or makes again) every rendition of one stored image; its size and widths. */
export async function makeRenditions(
  uploadsDir: string,
  filename: string,
): Promise<ImageRenditions> {
  const source = path.join(uploadsDir, filename);
  const { width, height } = await shownSize(source);
  const widths = renditionWidths(width);
  const dir = renditionsDir(uploadsDir);
  await mkdir(dir, { recursive: true });
  for (const w of widths) {
    for (const format of RENDITION_FORMATS) {
      const target = path.join(dir, renditionName(filename, w, format));
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        // rotate(): upright by its EXIF orientation; the metadata (camera, place) is not kept.
        await ENCODE[format](sharp(source).rotate().resize({ width: w })).toFile(temporary);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    }
  }
  return { width, height, widths };
}
