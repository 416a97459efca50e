import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createFileMailer } from '../../src/file-mailer';
import type { Mailer } from '../../src/mailer';
import { createSmtpMailer } from '../../src/smtp-mailer';
import { eventually } from './support';

jest.setTimeout(20_000);

const FROM = 'Tapıntı <no-reply@tapinti.az>';
const smtpHost = process.env.SMTP_HOST ?? '127.0.0.1';
const smtpPort = Number(process.env.SMTP_PORT ?? 1025);
const inboxUrl = process.env.MAIL_INBOX_URL ?? 'http://127.0.0.1:8025';
const runId = `${Date.now()}-${randomBytes(3).toString('hex')}`;

interface Received {
  subject: string;
  from: string;
  to: string;
  text: string | null;
  html: string | null;
}

interface Subject {
  mailer: Mailer;
  /** The one message delivered to `to`, as a recipient would read it. */
  received(to: string, messageId: string): Promise<Received>;
  cleanup(): Promise<void>;
}

// --- a small MIME reader for the .eml files (headers, RFC 2047 words, QP/base64 text parts) ---

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

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : decodeQuotedPrintable(text, true)
      ).toString('utf8'),
    );
}

function parsePart(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textParts(
  raw: string,
  found: { text: string | null; html: string | null } = { text: null, html: null },
) {
  const { headers, body } = parsePart(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1))
      if (!part.startsWith('--')) textParts(part, found);
  } else {
    const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body).toString('utf8')
          : body;
    if (type.toLowerCase().startsWith('text/html')) found.html ??= decoded;
    else if (type.toLowerCase().startsWith('text/')) found.text ??= decoded;
  }
  return found;
}

async function fileSubject(): Promise<Subject> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tapinti-mail-'));
  const mailer = createFileMailer({ dir, from: FROM });
  return {
    mailer,
    async received(to, messageId) {
      const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
      const sanitisedId = messageId.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^_+|_+$/g, '');
      const file = files.find((f) => f.includes(sanitisedId));
      if (!file) throw new Error(`no .eml for ${messageId} among ${files.join(', ')}`);
      expect(file).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-.+\.eml$/);
      const raw = await readFile(path.join(dir, file), 'utf8');
      const { headers } = parsePart(raw);
      expect(headers.get('message-id')).toBe(messageId);
      const found = { subject: '', from: '', to: '' };
      for (const field of ['subject', 'from', 'to'] as const)
        found[field] = decodeWords(headers.get(field) ?? '');
      expect(found.to).toContain(to);
      return { ...found, ...textParts(raw) };
    },
    async cleanup() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function smtpSubject(): Promise<Subject> {
  const mailer = createSmtpMailer({ host: smtpHost, port: smtpPort, from: FROM });
  const ids: string[] = [];
  return {
    mailer,
    async received(to, messageId) {
      const list = await eventually(async () => {
        const response = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as Array<{ id: string }>;
        expect(messages).toHaveLength(1);
        return messages;
      });
      ids.push(list[0]!.id);
      const response = await fetch(`${inboxUrl}/api/messages/${list[0]!.id}?format=json`);
      const message = (await response.json()) as Received & { headers: Record<string, string> };
      expect(message.headers['message-id']).toBe(messageId);
      return message;
    },
    async cleanup() {
      // Only this run's messages: the inbox is shared with everyone else's tests.
      await Promise.allSettled(
        ids.map((id) => fetch(`${inboxUrl}/api/messages/${id}`, { method: 'DELETE' })),
      );
    },
  };
}

const adapters: Array<[string, () => Promise<Subject>]> = [
  ['file', fileSubject],
  ['smtp', smtpSubject],
];

describe.each(adapters)('%s mailer', (adapter, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject.mailer.close();
    await subject.cleanup();
  });

  test('ping answers', async () => {
    await expect(subject.mailer.ping()).resolves.toBeUndefined();
  });

  test('a message arrives with its Azerbaijani subject, text and html intact', async () => {
    const to = `contract-${adapter}-${runId}@example.az`;
    const { messageId } = await subject.mailer.send({
      to,
      subject: 'Müraciətiniz qəbul edildi',
      text: 'Salam! Müraciətiniz qəbul edildi. Şəkil: çanta, göy rəngli.',
      html: '<p>Salam! <b>Müraciətiniz</b> qəbul edildi. Şəkil: çanta, göy rəngli.</p>',
    });
    expect(messageId).toMatch(/^<.+@.+>$/);

    const received = await subject.received(to, messageId);
    expect(received.subject).toBe('Müraciətiniz qəbul edildi');
    expect(received.from).toContain('no-reply@tapinti.az');
    expect(received.from).toContain('Tapıntı');
    expect(received.to).toContain(to);
    expect(received.text?.trim()).toBe('Salam! Müraciətiniz qəbul edildi. Şəkil: çanta, göy rəngli.');
    expect(received.html).toContain('<b>Müraciətiniz</b> qəbul edildi');
  });

  test('a text-only message arrives too', async () => {
    const to = `contract-${adapter}-plain-${runId}@example.az`;
    const { messageId } = await subject.mailer.send({
      to,
      subject: 'Elanınız dərc olundu',
      text: 'Təbriklər!',
    });
    const received = await subject.received(to, messageId);
    expect(received.subject).toBe('Elanınız dərc olundu');
    expect(received.text?.trim()).toBe('Təbriklər!');
    expect(received.html).toBeNull();
  });
});
