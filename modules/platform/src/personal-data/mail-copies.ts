import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { decodeHtmlEntities } from '../text.ts';
import { normaliseEmail } from './keys.ts';

// Without SMTP_URL, every e-mail sent is kept as an .eml file under DATA_DIR/mail (mail.ts):
// copies of what was sent to a person or told the owner about them (a notice, a digest naming
// them), which the privacy screen lists, exports and erases.

export interface MailCopy {
  /** Where the copy is. */
  path: string;
  /** Its file name, as the export names it. */
  name: string;
  subject: string;
  date: string;
}

/** A message's header block, with folded lines joined, and its body. */
function split(text: string): { headers: Map<string, string>; body: string } {
  const end = text.search(/\r?\n\r?\n/);
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : text.slice(end).replace(/^\r?\n\r?\n/, '') };
}

function decoded(body: string, encoding = ''): string {
  if (/^base64$/i.test(encoding))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/^quoted-printable$/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/**
 * The text of a message part as a reader sees it: its headers, then each part's body decoded
 * (nodemailer writes a body as quoted-printable, whose soft line breaks can cut an address in
 * two, or as base64, when it is not plain ASCII). A person's export gives their e-mails so.
 */
export function readableMessage(part: string): string {
  const { headers, body } = split(part);
  const head = [...headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  const type = headers.get('content-type') ?? '';
  const boundary = /^multipart\/.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  const text = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((piece) => !piece.startsWith('--'))
        .map((piece) => readableMessage(piece.replace(/^[ \t]*\r?\n/, '')))
        .join('\n')
    : decoded(body, headers.get('content-transfer-encoding'));
  return `${head}\n\n${text}`;
}

/**
 * What goes on an address on either side (`joann@` is not `ann@`): the characters an address's
 * local part may hold before it (RFC 5322's, but `=`, so that one after `mailto:` or `=` is still
 * found), and an apostrophe between two of them (`o'brien@` is not `brien@`; one after a space
 * or a bracket is a quote).
 */
const LOCAL_PART = /[\w.%+\-!#$&*/?^`{|}~]/;
const DOMAIN_GOES_ON = /^(?:[\w-]|\.[\w-])/;

function goesOnBefore(text: string, at: number): boolean {
  const before = text[at - 1] ?? '';
  if (LOCAL_PART.test(before)) return true;
  return before === "'" && LOCAL_PART.test(text[at - 2] ?? '');
}

/** Whether `text` (lower case, entities decoded) names the address `wanted` (normalised). */
function mentions(text: string, wanted: string): boolean {
  for (let at = text.indexOf(wanted); at !== -1; at = text.indexOf(wanted, at + 1)) {
    const after = text.slice(at + wanted.length, at + wanted.length + 2);
    if (!goesOnBefore(text, at) && !DOMAIN_GOES_ON.test(after)) return true;
  }
  return false;
}

/**
 * The copies kept in `mailDir` (none when there is no folder) of messages sent to `email` or
 * naming it anywhere: in a header or the body, in any case.
 */
export async function findMailCopies(mailDir: string, email: string): Promise<MailCopy[]> {
  const wanted = normaliseEmail(email);
  let names: string[];
  try {
    names = (await readdir(mailDir)).filter((n) => n.endsWith('.eml')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const copies: MailCopy[] = [];
  for (const name of names) {
    const file = path.join(mailDir, name);
    const raw = await readFile(file, 'utf8');
    // The HTML part writes `o'brien` as `o&#39;brien`: read as the text says it.
    if (!mentions(decodeHtmlEntities(readableMessage(raw)).toLowerCase(), wanted)) continue;
    const { headers } = split(raw);
    copies.push({
      path: file,
      name,
      subject: headers.get('subject') ?? '',
      date: headers.get('date') ?? '',
    });
  }
  return copies;
}

/** Deletes files, a missing one counting as deleted; throws when one cannot be deleted. */
export async function deleteFiles(paths: readonly string[]): Promise<void> {
  for (const file of paths) await rm(file, { force: true });
}
