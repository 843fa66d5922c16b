// How uploaded images are named and shown: renditions, srcsets, share images. Shared with the
// public pages (kept apart from contract.ts, whose upload limits only the back office needs).

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
 * An item's share image (og:image), at its version (a post's or case study's stream version, a
 * job's last change as share-images.ts in the API writes it): a 1200×630 card, or its uploaded
 * raster featured image cropped to that size (`photo`). The version in the address makes
 * networks fetch it anew after a change.
 */
export const shareImage = (
  kind: ShareKind,
  key: string,
  version: string | number,
  photo: boolean,
) => ({
  image: `/share/${kind}/${key}?v=${version}`,
  // A card is a PNG, the type the page's head says unless told.
  ...(photo && { imageType: 'image/jpeg' }),
});

/** A srcset of one format's renditions. */
export function renditionSrcSet(
  url: string,
  image: ImageRenditions,
  format: RenditionFormat,
): string {
  return image.widths.map((w) => `${renditionUrl(url, w, format)} ${w}w`).join(', ');
}
