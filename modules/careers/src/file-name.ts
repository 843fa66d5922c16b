/** The longest display name kept for a résumé, in characters, extension included. */
export const DISPLAY_NAME_MAX = 100;

/**
 * Characters a file name never keeps: control and format characters (NUL, bidi overrides such
 * as U+202E, zero-width ones), private-use, unassigned and lone surrogate code points, line and
 * paragraph separators, and what Windows refuses in a name.
 */
const ODD = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}:*?"<>|]/gu;
const EXTENSION = /^[\p{L}\p{N}]{1,10}$/u;

/**
 * The name an uploaded file had on the visitor's computer, reduced to a safe display name:
 * its last path segment only (`../../../../tmp/owned.pdf` is `owned.pdf`), odd characters
 * removed, whitespace runs made one space, no leading or trailing dots or spaces, NFC, at most
 * DISPLAY_NAME_MAX characters with the extension kept. `resume.<fallbackExt>` when nothing is
 * left. Applying it twice changes nothing.
 */
export function safeDisplayName(original: string, fallbackExt = 'pdf'): string {
  const segment = original.split(/[/\\]/).pop() ?? '';
  const name = segment
    .normalize('NFC')
    .replace(ODD, '')
    .replace(/\s+/gu, ' ')
    .replace(/^[.\s]+|[.\s]+$/gu, '');
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && EXTENSION.test(name.slice(dot + 1)) ? name.slice(dot + 1) : '';
  const base = (ext ? name.slice(0, dot) : name).replace(/[.\s]+$/u, '');
  if (!base) return `resume.${ext || fallbackExt}`;
  const room = DISPLAY_NAME_MAX - (ext ? ext.length + 1 : 0);
  const kept = Array.from(base)
    .slice(0, room)
    .join('')
    .replace(/[.\s]+$/u, '');
  return ext ? `${kept}.${ext}` : kept;
}
