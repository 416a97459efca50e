import { truncateText } from '@tapinti/contracts/input-text';

/**
 * How a failed delivery is judged. A mail server's 5xx reply is a permanent refusal (no retry will
 * change it: unknown mailbox, rejected content), except a refused login (535, a configuration
 * problem the operator mends, after which the same message goes through). Everything else —
 * connection refused or reset, timeouts, 4xx — is transient and retried.
 */
export interface MailError {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

export function isPermanentRefusal(error: unknown): boolean {
  const e = (error ?? {}) as MailError;
  return (
    typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600 && e.code !== 'EAUTH'
  );
}

/** A short description for the row and the super admin's list (the server's reply, else the message). */
export function describeFailure(error: unknown): string {
  const e = (error ?? {}) as MailError;
  const text = e.response ?? e.message ?? String(error);
  const where = e.command ? ` (${e.command})` : '';
  return truncateText(`${text}${where}`.replace(/\s+/g, ' ').trim(), 500);
}
