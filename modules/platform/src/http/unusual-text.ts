import { ValidationError } from '../errors.ts';

// Two characters PostgreSQL cannot store: NUL (U+0000), refused in text and in jsonb, and a lone
// UTF-16 surrogate (half of an emoji, say), which is not a character at all and which jsonb
// refuses. They are turned away at the edge, for every route, before anything is written.

export const UNUSUAL_CHARACTER_MESSAGE =
  'contains a character that is not allowed (NUL or a lone surrogate)';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** True when `text` holds a NUL or a lone surrogate. */
export function hasUnusualCharacter(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * The first place in a parsed body, query or params where a string (or an object's key)
 * holds a NUL or a lone surrogate, as a field path ('message', 'items.2.title'); undefined
 * when there is none. Walks without recursion, so no nesting depth can overflow the stack.
 */
export function findUnusualText(value: unknown, prefix = ''): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: prefix }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      if (hasUnusualCharacter(current)) return item.path || 'body';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: join(item.path, String(i)) });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        // The key is named as far as it can be shown: its bad characters dropped.
        if (hasUnusualCharacter(key)) return join(item.path, withoutUnusualCharacters(key));
        stack.push({ value: child, path: join(item.path, key) });
      }
    }
  }
  return undefined;
}

/** Throws the 400 that names the field when a NUL or a lone surrogate is anywhere in `value`. */
export function rejectUnusualText(value: unknown, prefix = ''): void {
  const path = findUnusualText(value, prefix);
  if (path !== undefined) {
    throw new ValidationError([{ path, message: UNUSUAL_CHARACTER_MESSAGE }]);
  }
}

/** The text with every NUL and lone surrogate removed: for names shown only (file names). */
export function withoutUnusualCharacters(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '');
}
