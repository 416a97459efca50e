import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type AddressObject } from 'mailparser';
import { eventually } from './eventually';
import { mailInbox, type MailInbox } from './infra';

/**
 * The mail a test platform sent, read the same way in both modes: `.eml` files under
 * `DATA_DIR/mail` (embedded, file mailer) or the SMTP sink's HTTP API (distributed, Mailpit).
 */
/** The subjects a new account's mailbox holds, sorted: the welcome and the address verification. */
export const REGISTRATION_SUBJECTS = ['E-poçt ünvanınızı təsdiqləyin', 'Tapıntıya xoş gəlmisiniz!'].sort();
/** The security e-mail of a sign-in from a browser the account was never used on (issue 22). */
export const NEW_DEVICE_SUBJECT = 'Hesabınıza yeni cihazdan giriş edildi';

export interface ReceivedMail {
  /** The Message-ID header without angle brackets. */
  messageId: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name (unfolded, not decoded). */
  headers: Record<string, string>;
  /** The attached files, decoded. */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface Mailbox {
  /** Every message delivered to `address` (exactly, case-insensitive), oldest first. */
  to(address: string): Promise<ReceivedMail[]>;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.flatMap((a) => (a.address ? [a.address.toLowerCase()] : [])),
  );

/** A raw message (`.eml` file), read by mailparser: decoded subject, bodies and raw header values. */
export async function parseEml(raw: string | Buffer): Promise<ReceivedMail & { from: string }> {
  const mail = await simpleParser(raw);
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) {
    headers[key] ??= line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  }
  return {
    messageId: (mail.messageId ?? '').replace(/^<|>$/g, ''),
    from: mail.from?.text ?? '',
    to: [...addressesOf(mail.to), ...addressesOf(mail.cc)],
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    headers,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/** `.eml` files of an embedded platform (`DATA_DIR/mail`). */
export function fileMailbox(dataDir: string): Mailbox {
  const dir = path.join(dataDir, 'mail');
  return {
    async to(address) {
      if (!fs.existsSync(dir)) return [];
      const wanted = address.toLowerCase();
      const files = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
      const mails = await Promise.all(files.map((f) => parseEml(fs.readFileSync(path.join(dir, f)))));
      return mails.filter((m) => m.to.includes(wanted));
    },
  };
}

/** An SMTP sink's messages (the shared Mailpit unless another inbox is given). */
export function sinkMailbox(inbox: MailInbox = mailInbox()): Mailbox {
  return {
    async to(address) {
      const found = (await inbox.messagesTo(address)).reverse();
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
            // Attachments only from the raw message, and only when there are some.
            attachments: m.attachmentCount ? (await parseEml(await inbox.raw(summary.id))).attachments : [],
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

/** The token of the last `<path>?token=…` link e-mailed to `email`, waiting for the e-mail. */
export async function linkTokenMailedTo(
  platform: { mode: string; env: Record<string, string> },
  email: string,
  page: string,
  after = 0,
): Promise<string> {
  const link = new RegExp(`${page}\\?token=([A-Za-z0-9._~%-]+)`);
  return eventually(
    async () => {
      const tokens = (await mailboxOf(platform).to(email))
        .map((mail) => link.exec(`${mail.text}\n${mail.html}`)?.[1])
        .filter((t): t is string => Boolean(t))
        .map((t) => decodeURIComponent(t));
      if (tokens.length <= after) throw new Error(`no ${page} e-mail to ${email} yet`);
      return tokens.at(-1)!;
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
}
