import { eventually } from './eventually';
import { mailboxOf } from './mailbox';
import type { SharedPlatform } from './platform';

const LINK = /\/accept-invitation\?token=([A-Za-z0-9._~%-]+)/;

/** The token of an `/accept-invitation?token=…` link in a text, or null. */
export function invitationTokenIn(text: string): string | null {
  const match = LINK.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * The invitation token that the e-mail to `email` carries (the notifications service sends it
 * after it issued the invitation), waiting for the mail to arrive.
 */
export async function invitationTokenMailedTo(
  platform: SharedPlatform,
  email: string,
  timeoutMs = 30_000,
): Promise<string> {
  return eventually(
    async () => {
      const tokens = (await mailboxOf(platform).to(email))
        .map((mail) => invitationTokenIn(`${mail.text}\n${mail.html}`))
        .filter(Boolean);
      if (tokens.length === 0) throw new Error(`no invitation e-mail to ${email} yet`);
      return tokens.at(-1)!;
    },
    { timeoutMs, intervalMs: 250 },
  );
}
