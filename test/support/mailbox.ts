import fs from 'node:fs';
import path from 'node:path';
import { mailInbox, type MailInbox } from './infra';

/**
 * The mail a test platform sent, read the same way in both modes: `.eml` files under
 * `DATA_DIR/mail` (embedded, file mailer) or the SMTP sink's HTTP API (distributed, Mailpit).
 */
export interface ReceivedMail {
  /** The Message-ID header without angle brackets. */
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name (unfolded, not decoded). */
  headers: Record<string, string>;
}

export interface Mailbox {
  /** Every message delivered to `address` (exactly, case-insensitive), in no particular order. */
  to(address: string): Promise<ReceivedMail[]>;
}

// --- a small MIME reader for .eml files (headers, RFC 2047 words, QP/base64 text parts) ---

function decodeQuotedPrintable(text: string, header = false): Buffer {
  const source = header ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

export function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : decodeQuotedPrintable(text, true)
      ).toString('utf8'),
    );
}

function parsePart(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function textParts(raw: string, found = { text: '', html: '' }) {
  const { headers, body } = parsePart(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1))
      if (!part.startsWith('--')) textParts(part.replace(/^\r?\n/, ''), found);
  } else {
    const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body).toString('utf8')
          : body;
    if (type.toLowerCase().startsWith('text/html')) found.html ||= decoded;
    else if (type.toLowerCase().startsWith('text/')) found.text ||= decoded;
  }
  return found;
}

const addresses = (value: string) =>
  [...decodeWords(value).matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());

export function parseEml(raw: string): ReceivedMail {
  const { headers } = parsePart(raw);
  return {
    messageId: (headers['message-id'] ?? '').replace(/^<|>$/g, ''),
    to: addresses(headers.to ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    ...textParts(raw),
    headers,
  };
}

/** `.eml` files of an embedded platform (`DATA_DIR/mail`). */
export function fileMailbox(dataDir: string): Mailbox {
  const dir = path.join(dataDir, 'mail');
  return {
    async to(address) {
      if (!fs.existsSync(dir)) return [];
      const wanted = address.toLowerCase();
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => parseEml(fs.readFileSync(path.join(dir, f), 'utf8')))
        .filter((m) => m.to.includes(wanted));
    },
  };
}

/** An SMTP sink's messages (the shared Mailpit unless another inbox is given). */
export function sinkMailbox(inbox: MailInbox = mailInbox()): Mailbox {
  return {
    async to(address) {
      const found = await inbox.messagesTo(address);
      return Promise.all(
        found.map(async (summary) => {
          const m = await inbox.message(summary.id);
          const headers = Object.fromEntries(
            Object.entries(m.headers).map(([k, v]) => [k.toLowerCase(), v[0] ?? '']),
          );
          return {
            messageId: m.messageId,
            to: [...m.to, ...m.cc, ...m.bcc].map((a) => a.address.toLowerCase()),
            subject: m.subject,
            text: m.text ?? '',
            html: m.html ?? '',
            headers,
          };
        }),
      );
    },
  };
}

/** The mailbox of a test platform: its `.eml` files, or the sink it sends to. */
export function mailboxOf(
  platform: { mode: string; env: Record<string, string> },
  inbox?: MailInbox,
): Mailbox {
  return platform.env.MAIL === 'smtp' || platform.mode === 'distributed'
    ? sinkMailbox(inbox)
    : fileMailbox(platform.env.DATA_DIR!);
}
