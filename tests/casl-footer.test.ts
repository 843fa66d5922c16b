import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeEmail, createMailer, type MailMessage, SENDER_IDENTIFICATION } from '@kw/platform';
import { describe, expect, it } from 'vitest';
import {
  acknowledgementEmail,
  adminNotificationEmail,
  applicationDigestEmail,
  heldNotificationEmail,
  rejectionEmail,
} from '../modules/careers/src/mails.ts';
import {
  adminNotificationMail,
  digestMail,
  heldNotificationMail,
} from '../modules/contact/src/mails.ts';
import { confirmationMail, welcomeMail } from '../modules/newsletter/src/mails.ts';
import { receivedMessage, submissionRow } from './contact-fixtures.ts';

// CASL: every message the site sends identifies the sender (name, mailing address, a way to
// reach it) in both its plain-text and its HTML part; its Message-ID is on the site's domain;
// newsletter mail also carries the one-click unsubscribe. The list below names every e-mail the
// modules can compose; the last spec fails when a module gains a builder this list lacks.

const root = path.resolve(import.meta.dirname, '..');
const config = { publicUrl: 'https://www.example.ca', jwtSecret: 'x'.repeat(40) };
const at = '2026-11-23T10:00:00.000Z';

const received = receivedMessage();
const submission = submissionRow(received, at);
const application = {
  applicationId: '22222222-2222-4222-8222-222222222222',
  jobId: '1',
  jobTitle: 'Developer',
  firstName: 'Bo',
  lastName: 'Chen',
  email: 'bo@example.ca',
  phone: '519-555-0100',
  coverLetter: 'Hello',
  resumeFilename: 'r.pdf',
  resumeOriginalName: 'cv.pdf',
  resumeMimeType: 'application/pdf',
  resumeSize: 10,
  ipAddress: '203.0.113.6',
  userAgent: 'Firefox',
};
const signup = {
  subscriberId: '33333333-3333-8333-8333-333333333333',
  email: 'cy@example.ca',
  firstName: null,
  lastName: null,
  source: 'footer',
  ipAddress: '203.0.113.7',
  userAgent: 'Firefox',
  referer: '',
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
};

/** Every e-mail the composition can send, by its builder's name. */
const EVERY_EMAIL: Record<string, { mail: MailMessage; newsletter?: true }> = {
  adminNotificationMail: { mail: adminNotificationMail(received, 'owner@example.ca', config, 1) },
  heldNotificationMail: {
    mail: heldNotificationMail(received, 'Sent too fast', 'owner@example.ca', config),
  },
  digestMail: {
    mail: digestMail(
      {
        window: at,
        since: at,
        owed: { count: 4, tags: { held: 1 }, sample: [] },
        settledBefore: 3,
      },
      [submission],
      'owner@example.ca',
      config,
    ),
  },
  rejectionEmail: {
    mail: rejectionEmail(application, {
      messageId: '<r@www.example.ca>',
      publicUrl: config.publicUrl,
    }),
  },
  acknowledgementEmail: { mail: acknowledgementEmail(application, config) },
  adminNotificationEmail: {
    mail: adminNotificationEmail(application, { to: 'owner@example.ca', ...config }),
  },
  heldNotificationEmail: {
    mail: heldNotificationEmail(application, 'Sent too fast', {
      to: 'owner@example.ca',
      ...config,
    }),
  },
  applicationDigestEmail: {
    mail: applicationDigestEmail(
      { window: at, count: 5, settledBefore: 3, minutes: 5, held: 1 },
      [{ ...application, held: true }],
      { to: 'owner@example.ca', ...config },
    ),
  },
  confirmationMail: {
    mail: confirmationMail({ ...signup, requestedAt: at }, config),
  },
  welcomeMail: { mail: welcomeMail(signup, 42, config), newsletter: true },
};

const plainAddress = SENDER_IDENTIFICATION[1]!;

describe('the CASL footer', () => {
  it('names the company, its mailing address and how to reach it', () => {
    expect(SENDER_IDENTIFICATION).toEqual([
      'Grand River Digital Inc.',
      '73 Water Street North, Suite 400, Cambridge, ON N1R 7L6, Canada',
      'hello@grandriverdigital.ca · +1 (519) 555-0142',
    ]);
  });

  for (const [name, { mail, newsletter }] of Object.entries(EVERY_EMAIL)) {
    it(`${name}: in the plain text and the HTML, with a Message-ID on the site's domain`, () => {
      for (const line of SENDER_IDENTIFICATION) {
        expect(mail.text).toContain(line);
        expect(mail.html).toContain(line.replace('&', '&amp;'));
      }
      expect(mail.text).toMatch(/\n-- \nGrand River Digital Inc\.\n/);
      expect(mail.html).toContain(plainAddress);
      expect(mail.messageId).toMatch(/^<[^<>@\s]+@www\.example\.ca>$/);
      if (newsletter) {
        expect(mail.headers?.['List-Unsubscribe']).toMatch(
          /^<https:\/\/www\.example\.ca\/newsletter\/unsubscribe\?token=[\w.-]+>$/,
        );
        expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
        const link = mail.headers!['List-Unsubscribe']!.slice(1, -1);
        expect(mail.text).toContain(`unsubscribe: ${link}`);
        expect(mail.html).toContain(`<a href="${link}">unsubscribe</a>`);
      } else {
        expect(mail.headers?.['List-Unsubscribe']).toBeUndefined();
      }
    });
  }

  it("web addresses in the HTML part are links, without a sentence's closing full stop", () => {
    const { html, text } = EVERY_EMAIL.rejectionEmail!.mail;
    expect(text).toContain('posted at https://www.example.ca/careers.');
    expect(html).toContain(
      'posted at <a href="https://www.example.ca/careers">https://www.example.ca/careers</a>.',
    );
    const confirm = EVERY_EMAIL.confirmationMail!.mail.html;
    expect(confirm).toMatch(
      /<a href="https:\/\/www\.example\.ca\/newsletter\/confirm\?token=[\w.-]+">/,
    );
  });

  it('a parenthesis a web address opened is part of it; one around it, and closing punctuation, are not', () => {
    const { html } = composeEmail({
      to: 'owner@example.ca',
      subject: 'New enquiry',
      paragraphs: [
        'See https://en.wikipedia.org/wiki/Waterloo_(Ontario) for context.',
        '(details at https://example.ca/a_(b)), then https://example.ca/x?!',
        'Not an address: https://.',
      ],
      messageId: '<enquiry@www.example.ca>',
    });
    expect(html).toContain(
      '<p>See <a href="https://en.wikipedia.org/wiki/Waterloo_(Ontario)">https://en.wikipedia.org/wiki/Waterloo_(Ontario)</a> for context.</p>',
    );
    expect(html).toContain(
      '<p>(details at <a href="https://example.ca/a_(b)">https://example.ca/a_(b)</a>), then <a href="https://example.ca/x">https://example.ca/x</a>?!</p>',
    );
    expect(html).toContain('<p>Not an address: https://.</p>');
    // A hostile run of closing parentheses: all of them after the address, none in its link.
    const run = composeEmail({
      to: 'owner@example.ca',
      subject: 'New enquiry',
      paragraphs: [`https://a${')'.repeat(20_000)}`],
      messageId: '<enquiry@www.example.ca>',
    }).html;
    expect(run).toContain(`<a href="https://a">https://a</a>${')'.repeat(20_000)}`);
  });

  it('a web address ends before a quote, the text shown as typed and all of it escaped', () => {
    const { html } = composeEmail({
      to: 'owner@example.ca',
      subject: 'New enquiry',
      paragraphs: ['Company: =HYPERLINK("http://evil")', 'See <https://example.ca/?a=1&b=2>.'],
      messageId: '<enquiry@www.example.ca>',
    });
    expect(html).toContain(
      '<p>Company: =HYPERLINK(&quot;<a href="http://evil">http://evil</a>&quot;)</p>',
    );
    expect(html).toContain(
      '<p>See &lt;<a href="https://example.ca/?a=1&amp;b=2">https://example.ca/?a=1&amp;b=2</a>&gt;.</p>',
    );
  });

  it("the From shows the company's name, even when MAIL_FROM is a bare address", async () => {
    const mailDir = mkdtempSync(path.join(tmpdir(), 'kw-mail-'));
    try {
      const mailer = createMailer({ from: 'website@example.ca', mailDir });
      await mailer.send(EVERY_EMAIL.welcomeMail!.mail);
      const [file] = readdirSync(mailDir);
      const raw = readFileSync(path.join(mailDir, file!), 'utf8');
      expect(raw).toMatch(/^From: Grand River Digital <website@example\.ca>$/m);
      expect(raw).toMatch(/^Message-ID:\s+<newsletter-welcome-[\w-]+-42@www\.example\.ca>$/m);
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it('the list above names every e-mail builder of every module', () => {
    const builders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
          const text = readFileSync(full, 'utf8');
          if (
            !text.includes('composeEmail(') ||
            full.endsWith(path.join('platform', 'src', 'mail.ts'))
          )
            continue;
          for (const m of text.matchAll(
            /export function (\w+)\([\s\S]*?\):\s*([\w<>[\]| ]+?)\s*\{/g,
          ))
            if (/Mail/.test(m[2]!)) builders.push(m[1]!);
        }
      }
    };
    for (const name of readdirSync(path.join(root, 'modules')))
      walk(path.join(root, 'modules', name, 'src'));
    expect(builders.sort()).toEqual(Object.keys(EVERY_EMAIL).sort());
  });
});
