/**
 * Issue 26.2: a conversation's messages are e-mailed at once when the recipient got no e-mail about
 * that conversation within this window; messages arriving within it are told in the app at once and
 * gathered into one digest e-mail when it has passed (the reminders job, every
 * `ARCHIVE_CHECK_EVERY_MS`, writes it). So a lively conversation sends at most one e-mail per
 * window and recipient.
 */
export const CONVERSATION_MAIL_WINDOW_MS = 5 * 60 * 1000;

/** Whether a new message may be e-mailed now: nothing waiting, and the last e-mail is old enough. */
export function mailsAtOnce(
  last: { lastMailedAt: Date; pendingCount: number } | null,
  now: Date,
  windowMs = CONVERSATION_MAIL_WINDOW_MS,
): boolean {
  return !last || (last.pendingCount === 0 && now.getTime() - last.lastMailedAt.getTime() >= windowMs);
}
