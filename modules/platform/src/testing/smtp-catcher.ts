import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface CaughtMail {
  to: string[];
  raw: string;
  headers: Record<string, string>;
  text: string;
}

/** A real SMTP server on 127.0.0.1 for tests: it accepts everything and keeps each message. */
export interface SmtpCatcher {
  port: number;
  url: string;
  mails: CaughtMail[];
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
        const headers: Record<string, string> = {};
        for (const line of head.split('\r\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers,
          text: raw.slice(split + 4),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The links of a caught message's parts, read through their quoted-printable encoding (soft
 * line breaks and `=XX` escapes), as a reader's mail client shows them.
 */
export function linksIn(mail: CaughtMail): string[] {
  const decoded = mail.text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return [...new Set(decoded.match(/https?:\/\/[^\s"'<>]+/g) ?? [])];
}
