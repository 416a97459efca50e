import { truncateText } from '@tapinti/contracts/input-text';

/**
 * How a failed delivery is judged — the one classification of every e-mail, invitations included.
 * A mail server's 5xx reply is a permanent refusal (no retry will change it: unknown mailbox,
 * rejected content), except a refused login (EAUTH, 535): that is a configuration problem of ours,
 * not of the message, and once the operator mends the credentials the same message goes through —
 * so it is retried with the queue's backoff and logged as an error each time (`isLoginRefusal`)
 * rather than losing every e-mail sent while the credentials were wrong. Everything else —
 * connection refused or reset, timeouts, 4xx — is transient and retried.
 */
export interface MailError {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

export function isLoginRefusal(error: unknown): boolean {
  return ((error ?? {}) as MailError).code === 'EAUTH';
}

export function isPermanentRefusal(error: unknown): boolean {
  const e = (error ?? {}) as MailError;
  return (
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    !isLoginRefusal(error)
  );
}

/** A short description for the row and the super admin's list (the server's reply, else the message). */
export function describeFailure(error: unknown): string {
  const e = (error ?? {}) as MailError;
  const text = e.response ?? e.message ?? String(error);
  const where = e.command ? ` (${e.command})` : '';
  return truncateText(`${text}${where}`.replace(/\s+/g, ' ').trim(), 500);
}
