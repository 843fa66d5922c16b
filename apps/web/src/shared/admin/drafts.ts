// Work is never lost (issue 14): an editor's unsaved changes are kept in this browser's
// localStorage, one draft per record ('new' for a record not saved yet), until they are saved or
// discarded.

/** What a draft keeps: the form's values, when, and the version of the record they started from. */
export interface Draft<V> {
  values: V;
  savedAt: string;
  /** The record's version when the editing began (null for a new record). */
  baseVersion: number | null;
  /** Kept because the session ended while editing: restored without asking after signing in. */
  sessionEnded?: boolean;
}

const PREFIX = 'adminDraft:';

/** The key of a record's draft: `adminDraft:blog:<id>` or `adminDraft:blog:new`. */
export const draftKey = (kind: string, id: string | undefined) => `${PREFIX}${kind}:${id ?? 'new'}`;

export function readDraft<V>(key: string): Draft<V> | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Draft<V>;
    return draft && typeof draft === 'object' && draft.values ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft<V>(key: string, draft: Draft<V>): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // A full or disabled storage: the leave-page question still guards the work.
  }
}

export function clearDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {}
}

/** Two sets of form values are the same, whatever the order of their fields. */
export function sameValues(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([x], [y]) => x.localeCompare(y)),
        )
      : v,
  );
}

// The session ended under the editor (an admin call refused its token): the drafts written as
// the editor closes are restored without a question after signing in again.
let sessionExpired = false;

export function markSessionExpired(expired: boolean): void {
  sessionExpired = expired;
}

export const isSessionExpired = () => sessionExpired;

// Where to come back to after signing in again, when the session ended on a screen.
const RETURN_KEY = 'adminReturnTo';

export function rememberReturn(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_KEY, path);
  } catch {}
}

/** The screen to come back to (once), if any: only a path of the back office. */
export function takeReturn(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_KEY);
    window.sessionStorage.removeItem(RETURN_KEY);
    return path?.startsWith('/admin/') ? path : null;
  } catch {
    return null;
  }
}
