import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailer, deleteFiles, findMailCopies } from '@kw/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminNotificationMail, digestMail } from '../modules/contact/src/mails.ts';
import { receivedMessage, submissionRow } from './contact-fixtures.ts';

// The mail copies an erasure removes (DATA_DIR/mail without SMTP_URL): the owner's notices about
// a person as well as what was sent to them, written by the real mailer, whose bodies are
// quoted-printable or base64 as nodemailer chooses.

const OWNER = 'owner@example.ca';
const config = { publicUrl: 'https://www.example.ca' };
const at = '2026-11-23T10:00:00.000Z';

type Person = { firstName: string; lastName: string; email: string };

function enquiry(n: number, person: Person, message = 'Bonjour, une question sur vos services.') {
  return receivedMessage({
    submissionId: `11111111-1111-4111-8111-${String(n).padStart(12, '0')}`,
    ...person,
    phone: '519-555-0142',
    company: 'Café Été',
    message,
  });
}

const submission = (n: number, person: Person) => submissionRow(enquiry(n, person), at);

const ANN: Person = { firstName: 'Ann', lastName: 'Lee', email: 'Ann@Example.ca' };
const JOANN: Person = { firstName: 'Joann', lastName: 'Roy', email: 'joann@example.ca' };
const OBRIEN: Person = { firstName: 'Liam', lastName: "O'Brien", email: "o'brien@example.ca" };
const OTHERS: Person[] = Array.from({ length: 6 }, (_, i) => ({
  firstName: 'Zoë',
  lastName: `Côté ${i}`,
  email: `zoe${i}@example.ca`,
}));

let mailDir: string;
const file = (subject: string) =>
  readdirSync(mailDir)
    .map((name) => path.join(mailDir, name))
    .find((f) => readFileSync(f, 'utf8').includes(`\nSubject: ${subject}\n`));

beforeAll(async () => {
  mailDir = mkdtempSync(path.join(tmpdir(), 'kw-mail-copies-'));
  const mailer = createMailer({ from: 'website@example.ca', mailDir });
  const japanese = '請求書の自動化についてご相談したいです。'.repeat(30);
  await mailer.send(adminNotificationMail(enquiry(1, ANN, japanese), OWNER, config));
  await mailer.send(adminNotificationMail(enquiry(2, JOANN), OWNER, config));
  await mailer.send(adminNotificationMail(enquiry(3, OBRIEN), OWNER, config));
  await mailer.send(
    digestMail(
      { window: at, since: at, owed: { count: 8, tags: {}, sample: [] }, settledBefore: 0 },
      [...OTHERS, ANN, JOANN].map((person, i) => submission(10 + i, person)),
      OWNER,
      config,
    ),
  );
});
afterAll(() => rmSync(mailDir, { recursive: true, force: true }));

describe('the mail copies about a person', () => {
  it("are the owner's notice about them and a digest naming them, found through the encoding", async () => {
    const notice = file('New contact submission from Ann Lee')!;
    const digest = file('8 new contact submissions')!;
    // As written: the notice's text in base64, the digest in quoted-printable.
    expect(readFileSync(notice, 'utf8')).toContain('Content-Transfer-Encoding: base64');
    expect(readFileSync(digest, 'utf8')).toContain('Content-Transfer-Encoding: quoted-printable');
    const copies = await findMailCopies(mailDir, '  ANN@example.CA ');
    expect(copies.map((c) => c.path).sort()).toEqual([notice, digest].sort());
  });

  it('leave out a message about an address that only contains theirs', async () => {
    const about = file('New contact submission from Joann Roy')!;
    expect((await findMailCopies(mailDir, 'ann@example.ca')).map((c) => c.path)).not.toContain(
      about,
    );
    await deleteFiles((await findMailCopies(mailDir, 'ann@example.ca')).map((c) => c.path));
    expect(await findMailCopies(mailDir, 'ann@example.ca')).toEqual([]);
    const obrien = file("New contact submission from Liam O'Brien")!;
    expect(
      readdirSync(mailDir)
        .map((name) => path.join(mailDir, name))
        .sort(),
    ).toEqual([about, obrien].sort());
  });

  it("leave out a message about an address whose local part goes on before theirs with an apostrophe (o'brien@ is not brien@)", async () => {
    const obrien = file("New contact submission from Liam O'Brien")!;
    expect(await findMailCopies(mailDir, 'brien@example.ca')).toEqual([]);
    expect((await findMailCopies(mailDir, "O'Brien@example.ca")).map((c) => c.path)).toEqual([
      obrien,
    ]);
  });
});
