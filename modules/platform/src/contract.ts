// Shapes shared by every module's contract and the web app. No server imports here.

/** The API's answer to bad input: a message naming the problem and one entry per bad field. */
export interface ApiErrorBody {
  message: string;
  errors?: { path: string; message: string }[];
}

/**
 * A spreadsheet cell that cannot run as a formula: text beginning with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe (OWASP's advice against CSV injection).
 */
export function safeCsvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A value a person types on one line (a name, a phone number, a company): no line break (a
 * control character, or Unicode's line and paragraph separators, which some clients break on)
 * nor any other control character. A name that held one printed as lines of its own in the e-mails
 * about it, where a sender could forge a line ("Email: …") above the real one.
 */
export const isOneLine = (value: string): boolean => !/[\p{Cc}\p{Zl}\p{Zp}]/u.test(value);

/**
 * How long the administrator's password may be, wherever it is set (the settings form,
 * `make admin-password`, ADMIN_PASSWORD) or typed to sign in: one set longer than sign-in
 * takes locked the owner out.
 */
export const PASSWORD_LENGTH = { min: 6, max: 200 } as const;

/** Passwords anyone guessing tries first (the top of the leaked-password lists), lowercased. */
const COMMON_PASSWORDS = new Set(
  [
    '123456 1234567 12345678 123456789 1234567890 0123456789 987654321 654321 123123 123321',
    '121212 112233 159753 147258 147258369 12341234 abc123 123abc abcdef abcd1234 abcdefg',
    'qwerty qwerty1 qwerty123 qwertyuiop qwe123 123qwe asdfgh asdfghjkl azerty qazwsx',
    '1qaz2wsx zaq12wsx 1q2w3e 1q2w3e4r 1q2w3e4r5t password password1 password12 password123',
    'passw0rd p@ssw0rd p@ssword pass123 letmein welcome welcome1 iloveyou monkey dragon',
    'football baseball hockey sunshine princess shadow superman michael master trustno1',
    'secret access freedom whatever starwars computer hello123 admin1 admin123',
    'admin1234 adminadmin administrator changeme test123 testing default canada toronto',
    'waterloo kitchener',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Why a password cannot be the administrator's, beyond its length (undefined when it can):
 * only spaces, one character over and over, or one of the first guesses of anyone trying. The
 * one rule wherever it is set (the settings form, `make admin-password`, ADMIN_PASSWORD).
 */
export function passwordWeakness(password: string): string | undefined {
  if (password.trim() === '') return 'must not be only spaces';
  if (/^(.)\1*$/su.test(password)) return 'must not be one character repeated';
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase()))
    return 'is one of the most common passwords: choose one that is harder to guess';
  return undefined;
}

/** A record's id: the one id check (z.uuid), its own file so that zod loads only with it. */
export { idSchema, isId } from './id.ts';

/** The one escaper and its inverse, in a file with no imports (presentation helpers use it). */
export { decodeHtmlEntities, escapeHtml, namesNoPage } from './text.ts';

// ── A record's history and the audit log, as the API answers them ───────────────────────────

/** Who made a change, from the event's metadata. */
export type ActorKind =
  | 'administrator'
  | 'worker'
  | 'visitor'
  | 'retention'
  | 'terminal'
  | 'system';

export interface HistoryActor {
  kind: ActorKind;
  /** The administrator's username; else the kind's name. */
  name: string;
  /** How a person reads it: 'admin (administrator)', 'the worker', 'a visitor'. */
  label: string;
}

/** A value of a record's field as history shows it. */
export type HistoryValue = string | number | boolean | null | readonly string[];

/** One line of a long text's diff; `skip` stands for unchanged lines left out. */
export type LineChange =
  | { kind: 'same' | 'added' | 'removed'; text: string }
  | { kind: 'skip'; count: number };

/** One field of a change: its value before (absent: none yet) and after (absent: gone). */
export interface FieldChange {
  field: string;
  label: string;
  old?: HistoryValue;
  new?: HistoryValue;
  /** Long text (a post's content): the change line by line. */
  lines?: LineChange[];
}

/** One change of a record, from one event of its stream. */
export interface HistoryEntry {
  /** The stream's version after this event: what "Restore this version" names. */
  version: number;
  position: number;
  type: string;
  occurredAt: string;
  actor: HistoryActor;
  /** What happened, in words: 'Created', 'Edited', 'Published', 'Restored version 3'. */
  action: string;
  changes: FieldChange[];
}

/** A record's whole history, newest first. */
export interface RecordHistoryResponse {
  kind: string;
  id: string;
  label: string;
  /** Whether "Restore this version" applies (posts and case studies). */
  restorable: boolean;
  /** Whether the record is deleted now. */
  deleted: boolean;
  entries: HistoryEntry[];
}

/** One line of the audit log. */
export interface AuditEntry {
  position: number;
  occurredAt: string;
  /** The kind of record: the stream's prefix ('post', 'job-application', 'admin'). */
  recordKind: string;
  /** Its id within the kind. */
  recordId: string;
  /** Its title (a post's, a job's) as of this line, when its kind has one. */
  recordName?: string;
  type: string;
  actor: HistoryActor;
  /** What happened, in words. */
  summary: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** Pass as `before` for the next (older) page; null at the end. */
  nextCursor: number | null;
}

/** One line of "Recently deleted" (posts, case studies, jobs). */
export interface DeletedItem {
  id: string;
  title: string;
  slug: string;
  deletedAt: string;
  deletedBy: HistoryActor;
  /** Until when it can be restored. */
  restorableUntil: string;
}
