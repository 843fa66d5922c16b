import { type ImageRenditions, RENDITION_FORMATS, renditionSrcSet } from '@kw/media/presentation';

export { IMAGE_SIZES } from './imageSizes.ts';

// An uploaded image as the public pages show it: a <picture> whose AVIF and WebP sources let
// the browser pick the smallest rendition that fills the box at its pixel density (`sizes`
// says how wide the box is), with the intrinsic width and height so the page keeps its place
// before the image arrives. Images without renditions (the demo's SVGs, an outside address, an
// upload the worker has not reached yet) are a plain <img>.

export function ResponsiveImage(props: {
  src: string;
  renditions: ImageRenditions | null | undefined;
  sizes: string;
  className: string;
  /**
   * The largest thing on the first screen (the article's image, the first card's): loaded at
   * once and first. The others wait until they are scrolled near.
   */
  priority: boolean;
}) {
  const { src, renditions } = props;
  const image = (
    <img
      className={props.className}
      src={src}
      alt=""
      width={renditions?.width}
      height={renditions?.height}
      {...(props.priority ? { fetchPriority: 'high' } : { loading: 'lazy' })}
    />
  );
  return renditions ? (
    <picture>
      {RENDITION_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={renditionSrcSet(src, renditions, format)}
          sizes={props.sizes}
        />
      ))}
      {image}
    </picture>
  ) : (
    image
  );
}
