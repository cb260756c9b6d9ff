import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';

/** A message as the mailbox received it, with the parts a test reads. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  /** The text/plain part, transfer-decoded. */
  text: string;
  raw: string;
}

export interface Mailbox {
  port: number;
  messages: ReceivedMail[];
  /** The messages sent to one address so far. */
  to(address: string): ReceivedMail[];
  /**
   * The first message, already received or still to come, that matches; `after` skips the
   * messages received before that count (take `messages.length` before the action).
   */
  waitFor(
    match: (mail: ReceivedMail) => boolean,
    options?: { after?: number; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/** Splits a MIME entity into its (unfolded, lower-cased) headers and its body. */
function parseEntity(raw: string): MimePart {
  const text = raw.replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? '' : text.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\n/g, '');
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: MimePart): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`), as nodemailer writes non-ASCII headers. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_all, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text/plain part of a message, looking inside multipart bodies. */
function plainText(part: MimePart): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const found = plainText(parseEntity(piece.replace(/^\n/, '')));
      if (found !== null) return found;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(part).trim() : null;
}

function readMessage(raw: string, envelope: { from: string; to: string[] }): ReceivedMail {
  const entity = parseEntity(raw);
  return {
    ...envelope,
    subject: decodeHeader(entity.headers.get('subject') ?? ''),
    text: plainText(entity) ?? '',
    raw,
  };
}

/** A real SMTP server on a random loopback port that keeps every message it accepts. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const mail = readMessage(Buffer.concat(chunks).toString('utf8'), {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((r) => r.address.toLowerCase()),
        });
        messages.push(mail);
        for (const notify of waiters) notify(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    messages,
    to: (address) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    waitFor(match, { after = 0, timeoutMs = 5000 } = {}) {
      const already = messages.slice(after).find(match);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`No matching email within ${timeoutMs} ms (${messages.length} received)`),
          );
        }, timeoutMs);
        const check = (mail: ReceivedMail) => {
          if (!match(mail)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mail settings an admin would save to send to the mailbox. */
export function mailSettingsFor(mailbox: Mailbox) {
  return {
    'mail.driver': 'smtp',
    'mail.smtp_host': '127.0.0.1',
    'mail.smtp_port': mailbox.port,
    'mail.smtp_encryption': 'none',
  } as const;
}

/** Points the app's mailer at the mailbox, as an admin would in the mail settings. */
export async function deliverMailTo(app: FastifyInstance, mailbox: Mailbox): Promise<void> {
  await app.services.settings.set(mailSettingsFor(mailbox));
}

/** The six-digit verification code in a verification email's subject. */
export function verificationCodeIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`No verification code in "${mail.subject}"`);
  return code;
}

/** The first web address in an email's text. */
export function linkIn(mail: ReceivedMail): URL {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`No link in the email "${mail.subject}"`);
  return new URL(url);
}
