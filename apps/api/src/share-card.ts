import { escapeHtml } from '@kw/platform/contract';
import { company } from '@kw/site';

// The share card of a post, a case study or a job: a 1200×630 picture that social networks
// show beside a link (they do not render SVG), drawn as SVG here and made a PNG with sharp by
// share-images.ts. The company's mark and name, what kind of page it is, and its title.

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Characters per line of the title at its size (DejaVu Sans bold at 60 px is about 34 px a character). */
const LINE_CHARACTERS = 30;
const MAX_LINES = 4;

/** The title in lines of whole words, at most four, the last cut with an ellipsis. */
export function titleLines(
  title: string,
  perLine = LINE_CHARACTERS,
  maxLines = MAX_LINES,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines)
    return lines.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.slice(0, perLine - 1).replace(/\s+\S*$/, '')}…`;
  return kept;
}

/** The company's mark (the favicon's river), at 96 px. */
const MARK = `<g transform="translate(90 80) scale(3)"><rect width="32" height="32" rx="7" fill="#fff"/><path d="M7 21c4-8 8-10 18-11-6 3-9 6-11 12" fill="none" stroke="#136f63" stroke-width="3" stroke-linecap="round"/></g>`;

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** The card as SVG: the gradient of the site's default share image, the mark, the kind, the title. */
export function shareCardSvg(card: { kind: string; title: string; host: string }): string {
  const lines = titleLines(card.title);
  const size = lines.length > 3 ? 54 : 60;
  // Below the kind's label, whatever the number of lines.
  const top = 262 + size;
  const title = lines
    .map(
      (line, i) =>
        `<text x="90" y="${Math.round(top + i * size * 1.2)}" font-size="${size}" font-weight="700" fill="#fff">${escapeHtml(line)}</text>`,
    )
    .join('');
  const kind = escapeHtml(card.kind.toUpperCase());
  const kindWidth = Math.round(kind.length * 15.5 + 44);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f3d3e"/><stop offset="1" stop-color="#1b5e58"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#g)"/>
<path d="M0 560c240-70 420-40 640-10s420 20 560-30v110H0z" fill="#7fd1c7" fill-opacity=".12"/>
${MARK}
<text x="210" y="144" font-size="40" font-weight="700" fill="#fff">${escapeHtml(company.name)}</text>
<rect x="90" y="206" width="${kindWidth}" height="44" rx="22" fill="#7fd1c7"/>
<text x="${90 + 22}" y="236" font-size="22" font-weight="700" letter-spacing="1.5" fill="#0f3d3e">${kind}</text>
${title}
<text x="90" y="580" font-size="26" fill="#cde9e5">${escapeHtml(card.host)}</text>
</svg>`;
}
