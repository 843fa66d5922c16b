import { type ImageRenditions, RENDITION_FORMATS, renditionSrcSet } from '@kw/media/contract';

// An uploaded image as the public pages show it: a <picture> whose AVIF and WebP sources let
// the browser pick the smallest rendition that fills the box at its pixel density (`sizes`
// says how wide the box is), with the intrinsic width and height so the page keeps its place
// before the image arrives. Images without renditions (the demo's SVGs, an outside address, an
// upload the worker has not reached yet) are a plain <img>.

/** How wide the image is shown, for the browser to choose a rendition before the layout. */
export const IMAGE_SIZES = {
  /** A card of the blog's and case studies' grids: one column on a phone, up to three. */
  card: '(min-width: 1152px) 358px, (min-width: 1040px) 33vw, (min-width: 700px) 50vw, calc(100vw - 2rem)',
  /** An article's featured image: the text column beside the table of contents from 960 px. */
  article: '(min-width: 1152px) 828px, (min-width: 960px) calc(100vw - 324px), calc(100vw - 2rem)',
  /** The width of the page's container (a case study's image). */
  wide: '(min-width: 1152px) 1120px, calc(100vw - 2rem)',
} as const;

export function ResponsiveImage(props: {
  src: string;
  renditions: ImageRenditions | null | undefined;
  sizes: string;
  className: string;
  alt?: string;
  /**
   * The largest thing on the first screen (the article's image, the first card's): loaded at
   * once and first. The others wait until they are scrolled near.
   */
  priority: boolean;
}) {
  const { src, renditions, className, alt = '' } = props;
  const loading = props.priority
    ? ({ fetchPriority: 'high' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);
  if (!renditions) return <img className={className} src={src} alt={alt} {...loading} />;
  return (
    <picture className="responsive-image">
      {RENDITION_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={renditionSrcSet(src, renditions, format)}
          sizes={props.sizes}
        />
      ))}
      <img
        className={className}
        src={src}
        alt={alt}
        width={renditions.width}
        height={renditions.height}
        {...loading}
      />
    </picture>
  );
}
