// The `sizes` of the public pages' responsive images (ResponsiveImage.tsx; bench/images.ts):
// how wide each is shown, for the browser to choose a rendition before the layout. Rounded up
// where the page's margins would make them longer to write (they cost every page's script).

export const IMAGE_SIZES = {
  /** A card of the blog's and case studies' grids: one column on a phone, then two or three. */
  card: '(min-width:700px) 50vw, 100vw',
  /** An article's featured image: the text column beside the table of contents from 960 px. */
  article: '(min-width:960px) 828px, 100vw',
} as const;
