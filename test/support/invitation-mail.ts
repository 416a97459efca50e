import fs from 'node:fs';
import path from 'node:path';
import { eventually } from './eventually';
import { mailInbox } from './infra';
import type { SharedPlatform } from './platform';

/** The bodies of a raw message, each decoded from its transfer encoding (nested multiparts too). */
export function decodedParts(raw: string): string[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  if (boundary && /content-type:\s*multipart\//i.test(head)) {
    return body
      .split(`--${boundary}`)
      .filter((part) => part.trim() && !part.startsWith('--'))
      .flatMap((part) => decodedParts(part.replace(/^\r?\n/, '')));
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return [Buffer.from(bytes, 'latin1').toString('utf8')];
  }
  return [body];
}

const LINK = /\/accept-invitation\?token=([A-Za-z0-9._~%-]+)/;

/** The token of an `/accept-invitation?token=…` link in a text, or null. */
export function invitationTokenIn(text: string): string | null {
  const match = LINK.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The messages sent to `email`, oldest first, as texts: `.eml` files (embedded) or the SMTP sink
 * (distributed).
 */
async function messagesTo(platform: SharedPlatform, email: string): Promise<string[]> {
  if (platform.mode === 'embedded') {
    const dir = path.join(platform.env.DATA_DIR!, 'mail');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .filter((raw) => raw.toLowerCase().includes(email.toLowerCase()))
      .map((raw) => decodedParts(raw).join('\n'));
  }
  const inbox = mailInbox();
  const found = (await inbox.messagesTo(email)).reverse();
  return Promise.all(found.map(async (m) => (await inbox.message(m.id)).text ?? ''));
}

/**
 * The invitation token that the e-mail to `email` carries (the organizations service sends it
 * after it issued the invitation), waiting for the mail to arrive.
 */
export async function invitationTokenMailedTo(
  platform: SharedPlatform,
  email: string,
  timeoutMs = 30_000,
): Promise<string> {
  return eventually(
    async () => {
      const tokens = (await messagesTo(platform, email)).map(invitationTokenIn).filter(Boolean);
      if (tokens.length === 0) throw new Error(`no invitation e-mail to ${email} yet`);
      return tokens.at(-1)!;
    },
    { timeoutMs, intervalMs: 250 },
  );
}
