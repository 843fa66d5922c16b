import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

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
