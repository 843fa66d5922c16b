import { RENDITION_FORMATS, renditionSrcSet } from '@kw/media/presentation';
import { founder } from '@kw/site';
import type { FounderPhoto } from '@kw/site/contract';

/** How wide the portrait is shown (styles.css `.founder-photo`), at every screen width. */
export const PORTRAIT_SIZE = 160;

/**
 * The founder's portrait: the photo of Settings → Site as a <picture> whose AVIF and WebP
 * renditions the browser picks from for a 160-px circle (cropped by `object-fit: cover`), or,
 * with no photo (none set, or its file deleted), the initials circle. Below the fold: lazy.
 */
export function FounderPortrait({ photo }: { photo: FounderPhoto | null | undefined }) {
  if (!photo)
    return (
      <img
        src={founder.photo}
        alt={`Portrait of ${founder.name}`}
        width={PORTRAIT_SIZE}
        height={PORTRAIT_SIZE}
        loading="lazy"
        decoding="async"
        className="founder-photo"
      />
    );
  const image = (
    <img
      src={photo.url}
      alt={founder.name}
      width={PORTRAIT_SIZE}
      height={PORTRAIT_SIZE}
      loading="lazy"
      decoding="async"
      className="founder-photo founder-photo-uploaded"
    />
  );
  // Before the worker has made its renditions: the original, in the same box.
  if (!photo.image) return image;
  return (
    <picture className="founder-picture">
      {RENDITION_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={renditionSrcSet(photo.url, photo.image!, format)}
          sizes={`${PORTRAIT_SIZE}px`}
        />
      ))}
      {image}
    </picture>
  );
}
