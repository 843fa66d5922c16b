// A page's <title>: "Page | Site" while that fits in about 60 characters (what a search result
// shows), else the page's own title alone, cut at a word when even that is longer.

export const TITLE_MAX = 60;

function clip(title: string): string {
  if (title.length <= TITLE_MAX) return title;
  const cut = title.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.|–—-]+$/, '')}…`;
}

export function pageTitle(title: string, siteName: string): string {
  if (title.includes(siteName)) return clip(title);
  const full = `${title} | ${siteName}`;
  return full.length <= TITLE_MAX ? full : clip(title);
}
