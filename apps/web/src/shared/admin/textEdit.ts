// The editors' toolbars, as pure text changes: what the text and its selection become.

export interface TextChange {
  value: string;
  /** The selection afterwards. */
  start: number;
  end: number;
}

/** A markdown line's block prefix: headings, bullets and numbers, however many were stacked. */
const BLOCK_PREFIX = /^[ \t]*(?:(?:#{1,6}|[-*+]|\d+[.)])[ \t]+)*/;

export type LinePrefix = '# ' | '## ' | '- ' | '1. ';

/**
 * Sets the block prefix of every line the selection touches (the cursor's line without one):
 * the line's own prefix is replaced, never stacked (`- ## # `). When every line already has
 * this one, it is taken away instead (the button toggles). Numbered lists count 1, 2, 3.
 */
export function setLinePrefix(
  value: string,
  start: number,
  end: number,
  prefix: LinePrefix,
): TextChange {
  const from = value.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = value.indexOf('\n', Math.max(end, start));
  const to = lineEnd === -1 ? value.length : lineEnd;
  const lines = value.slice(from, to).split('\n');
  const numbered = prefix === '1. ';
  const own = (line: string) => {
    const current = BLOCK_PREFIX.exec(line)?.[0] ?? '';
    return numbered ? /^\s*\d+[.)]\s+$/.test(current) : current === prefix;
  };
  const remove = lines.every(own);
  const changed = lines
    .map((line, i) => {
      const text = line.replace(BLOCK_PREFIX, '');
      if (remove) return text;
      return `${numbered ? `${i + 1}. ` : prefix}${text}`;
    })
    .join('\n');
  return {
    value: value.slice(0, from) + changed + value.slice(to),
    start: from,
    end: from + changed.length,
  };
}

/**
 * Puts a block (an image) on a line of its own: at the cursor when its line is empty, else after
 * the cursor's line; the cursor goes after it.
 */
export function insertOnOwnLine(value: string, cursor: number, block: string): TextChange {
  const lineStart = value.lastIndexOf('\n', cursor - 1) + 1;
  const nextBreak = value.indexOf('\n', cursor);
  const lineEnd = nextBreak === -1 ? value.length : nextBreak;
  const emptyLine = value.slice(lineStart, lineEnd).trim() === '';
  const at = emptyLine ? lineStart : lineEnd;
  const before = value.slice(0, emptyLine ? lineStart : lineEnd);
  const after = value.slice(emptyLine ? lineEnd : lineEnd);
  const lead = at === 0 || emptyLine ? '' : '\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const inserted = `${lead}${block}${trail}`;
  const position = before.length + lead.length + block.length;
  return {
    value: before + inserted + after,
    start: position,
    end: position,
  };
}

/** Markdown's image, its alt text escaped for the brackets. */
export const markdownImage = (alt: string, url: string) =>
  `![${alt.replace(/([[\]\\])/g, '\\$1')}](${url})`;
