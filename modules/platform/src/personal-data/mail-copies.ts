import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { normaliseEmail } from './keys.ts';

// Without SMTP_URL, every e-mail sent is kept as an .eml file under DATA_DIR/mail (mail.ts):
// copies of what was sent to a person, which the privacy screen lists, exports and erases.

export interface MailCopy {
  /** Where the copy is. */
  path: string;
  /** Its file name, as the export names it. */
  name: string;
  subject: string;
  date: string;
}

/** The header block of a message, with folded lines joined. */
function headersOf(text: string): Map<string, string> {
  const end = text.search(/\r?\n\r?\n/);
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

const addressesIn = (header: string): string[] =>
  (header.match(/[^\s<>,;"]+@[^\s<>,;"]+/g) ?? []).map(normaliseEmail);

/** The copies of messages sent to `email` kept in `mailDir` (none when there is no folder). */
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
    const headers = headersOf(await readFile(file, 'utf8'));
    const to = [headers.get('to'), headers.get('cc'), headers.get('bcc')].filter(Boolean).join(',');
    if (!addressesIn(to).includes(wanted)) continue;
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
