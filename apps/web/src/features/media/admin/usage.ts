/** A post or case study, as far as where it uses media goes. */
export interface MediaUser {
  id: string;
  title: string;
  content: string;
  featuredImage: string;
}

/** Where a file is used: which record, of which kind, and in which field. */
export interface MediaUse {
  kind: 'Blog post' | 'Case study' | 'Site setting';
  id: string;
  title: string;
  where: ('featured image' | 'content' | 'about page')[];
}

/** The founder's photo of Settings → Site, when it is this file. */
export const founderPhotoUse = (fileId: string, photoMediaId: string | undefined): MediaUse[] =>
  fileId === photoMediaId
    ? [
        {
          kind: 'Site setting',
          id: 'founder-photo',
          title: "Founder's photo",
          where: ['about page'],
        },
      ]
    : [];

/**
 * The posts and case studies that use a media file (by its /media/ path, or its full URL), in
 * their featured image or their content.
 */
export function mediaUses(
  fileUrl: string,
  users: { kind: 'Blog post' | 'Case study'; items: readonly MediaUser[] }[],
): MediaUse[] {
  const uses: MediaUse[] = [];
  const mentions = (text: string) => {
    let from = text.indexOf(fileUrl);
    while (from !== -1) {
      // The name must end there: /media/a.png is not /media/a.png.webp.
      const next = text[from + fileUrl.length];
      if (next === undefined || !/[\w.-]/.test(next)) return true;
      from = text.indexOf(fileUrl, from + 1);
    }
    return false;
  };
  for (const { kind, items } of users)
    for (const item of items) {
      const where: MediaUse['where'] = [];
      if (mentions(item.featuredImage)) where.push('featured image');
      if (mentions(item.content)) where.push('content');
      if (where.length > 0) uses.push({ kind, id: item.id, title: item.title, where });
    }
  return uses;
}
