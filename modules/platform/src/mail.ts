import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { company } from './company.ts';
import { escapeHtml } from './contract.ts';

declare const composed: unique symbol;

/**
 * A message ready to send. Only `composeEmail` makes one (the brand has no value at run time),
 * so every e-mail the site sends carries the sender's identification (CASL).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable id on the site's own domain, so a resent message is recognisable as the same one. */
  messageId: string;
  headers?: Record<string, string>;
  readonly [composed]: true;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** 'smtp' or 'files', for the system status card. */
  readonly transport: 'smtp' | 'files';
  verify(): Promise<boolean>;
}

/**
 * E-mail through SMTP_URL; without one each message is written as an .eml file under
 * DATA_DIR/mail, so nothing is lost and a developer can read it.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  mailDir: string;
}): Mailer {
  // The From always shows the company's name, even when MAIL_FROM is a bare address.
  const from = fromWithName(options.from, company.name);
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from, ...message });
      },
      async verify() {
        try {
          return await transporter.verify();
        } catch {
          return false;
        }
      },
    };
  }
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    transport: 'files',
    async send(message) {
      const info = await transporter.sendMail({ from, ...message });
      mkdirSync(options.mailDir, { recursive: true });
      const id = (message.messageId ?? info.messageId ?? String(Date.now())).replace(
        /[^\w.-]/g,
        '_',
      );
      writeFileSync(path.join(options.mailDir, `${Date.now()}-${id}.eml`), info.message as Buffer);
    },
    async verify() {
      return true;
    },
  };
}

/** The sender's identification every message carries (CASL): name, mailing address, contact. */
export const SENDER_IDENTIFICATION: readonly string[] = [
  company.fullName,
  `${company.address}, ${company.city}, ${company.province} ${company.postalCode}, Canada`,
  `${company.email} · ${company.phone}`,
];

export interface EmailContent {
  to: string;
  subject: string;
  paragraphs: string[];
  /** `<local@host>`, the host being the site's own (`messageIdHost(PUBLIC_URL)`). */
  messageId: string;
  headers?: Record<string, string>;
  /**
   * For newsletter mail: the signed one-click unsubscribe link, shown in the footer of both
   * parts and given as the List-Unsubscribe headers (RFC 2369, RFC 8058).
   */
  unsubscribeUrl?: string;
}

/**
 * A web address in text: it ends before a space, a quote or an angle bracket, and a sentence's
 * closing punctuation is left out (`webAddressEnd`).
 */
const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/g;

/**
 * Where a found address ends: a sentence's closing punctuation after it is not part of it, nor
 * a closing parenthesis it did not open ("(see https://example.ca)"), while one it opened is
 * (https://en.wikipedia.org/wiki/Waterloo_(Ontario)).
 */
function webAddressEnd(found: string): number {
  // The parentheses counted once, then kept in step as the end moves back: linear however
  // many a hostile message puts there.
  let open = 0;
  let close = 0;
  for (const c of found) {
    if (c === '(') open += 1;
    else if (c === ')') close += 1;
  }
  let end = found.length;
  while (end > 0) {
    const last = found[end - 1]!;
    if ('.,;:!?'.includes(last)) end -= 1;
    else if (last === ')' && close > open) {
      end -= 1;
      close -= 1;
    } else break;
  }
  return end;
}

/**
 * Text as HTML, its web addresses as links. The addresses are found in the text as typed and
 * each piece escaped after, so that no link takes in part of an entity (`&quot;`).
 */
function linked(text: string): string {
  let html = '';
  let from = 0;
  for (const found of text.matchAll(WEB_ADDRESS)) {
    const end = webAddressEnd(found[0]);
    if (end <= 'https://'.length) continue;
    const url = escapeHtml(found[0].slice(0, end));
    html += `${escapeHtml(text.slice(from, found.index))}<a href="${url}">${url}</a>`;
    from = found.index + end;
  }
  return html + escapeHtml(text.slice(from));
}

/**
 * The one e-mail layout: the same paragraphs as plain text and as simple HTML (escaped, line
 * breaks kept, web addresses as links), so every message reads well in any client, and below them the footer that
 * identifies the sender (and, for newsletter mail, the unsubscribe link).
 */
export function composeEmail(message: EmailContent): MailMessage {
  const link = message.unsubscribeUrl;
  const footerText = [
    ...SENDER_IDENTIFICATION,
    ...(link ? [`To stop receiving our newsletter, unsubscribe: ${link}`] : []),
  ].join('\n');
  const footerHtml = [
    ...SENDER_IDENTIFICATION.map(escapeHtml),
    ...(link
      ? [`To stop receiving our newsletter, <a href="${escapeHtml(link)}">unsubscribe</a>.`]
      : []),
  ].join('<br>');
  const body = message.paragraphs
    .map((p) => `<p>${linked(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const headers = {
    ...message.headers,
    ...(link
      ? {
          'List-Unsubscribe': `<${link}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : {}),
  };
  return {
    to: message.to,
    subject: message.subject,
    text: `${message.paragraphs.join('\n\n')}\n\n-- \n${footerText}\n`,
    html: `<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">\n${body}\n<hr style="border: 0; border-top: 1px solid #e5e7eb; margin-top: 2em">\n<p style="font-size: 12px; color: #6b7280">${footerHtml}</p>\n</body></html>`,
    messageId: message.messageId,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  } as MailMessage;
}

/** `Name <address>`: a bare address gets the company's display name. */
export function fromWithName(from: string, displayName: string): string {
  return from.includes('<') ? from : `${displayName} <${from}>`;
}

/** The host part of PUBLIC_URL, for Message-IDs on the site's own domain. */
export function messageIdHost(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}
