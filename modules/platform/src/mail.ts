import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { escapeHtml } from './contract.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable id, so a resent message is recognisable as the same one. */
  messageId?: string;
  headers?: Record<string, string>;
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
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: options.from, ...message });
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
      const info = await transporter.sendMail({ from: options.from, ...message });
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

/**
 * The one e-mail layout: the same paragraphs as plain text and as simple HTML (escaped, line
 * breaks kept), so every message reads well in any client.
 */
export function composeEmail(message: {
  to: string;
  subject: string;
  paragraphs: string[];
  messageId?: string;
  headers?: Record<string, string>;
}): MailMessage {
  const body = message.paragraphs
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return {
    to: message.to,
    subject: message.subject,
    text: message.paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family: Arial, sans-serif; line-height: 1.5; color: #1f2937">\n${body}\n</body></html>`,
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
  };
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
