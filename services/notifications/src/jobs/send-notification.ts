import { buffer } from 'node:stream/consumers';
import pLimit from 'p-limit';
import {
  NOTIFICATION_TYPE_LABELS,
  UNSUBSCRIBE_PAGE_PATH,
  TRANSACTIONAL_NOTIFICATION_TYPES,
} from '@tapinti/contracts/notifications-api';
import { PermanentJobError, type JobRun } from '@tapinti/ports/job-queue';
import type { MailAttachment } from '@tapinti/ports/mailer';
import type { ObjectStorage } from '@tapinti/ports/object-storage';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { describeFailure, isLoginRefusal, isPermanentRefusal } from '../domain/delivery';
import { renderEmail } from '../domain/email';
import { invitationMail } from '../domain/invitation-mail';
import { handoverCodeLine } from '../domain/templates';
import { signUnsubscribeToken } from '../domain/unsubscribe-token';
import { markSent, pendingEmail, recordFailedAttempt, type EmailToSend } from '../store/notifications';
import { addressRecipient, userRecipient } from '../store/preferences';
import { publicUrlOf } from '@tapinti/platform/config';
import { handoverCodeOf } from '@tapinti/platform/handover-code';
import { signToken, type TokenPurpose } from '@tapinti/platform/signed-token';

export const SEND_JOB = 'send-notification';
/** Tries in all (the first included); retries wait 10 s, 20 s, 40 s, 80 s: 2.5 minutes of outage. */
export const SEND_ATTEMPTS = 5;
export const SEND_BACKOFF_MS = 10_000;
/** E-mails in flight at once in this process, whatever the queue hands over (the memory queue runs every due job at once). */
export const SEND_CONCURRENCY = 4;

type SendContext = Pick<
  ServiceContext,
  'knex' | 'jobs' | 'mailer' | 'clock' | 'config' | 'logger' | 'storage'
>;

/** `<id>.notification@<domain of MAIL_FROM>`: the same row always sends the same Message-ID. */
export function messageIdOf(id: string, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'tapinti.az';
  return `<${id}.notification@${domain}>`;
}

/** Which e-mails carry a signed link, and of which purpose (issue 15). */
const SIGNED_LINKS: Partial<Record<string, TokenPurpose>> = {
  'email-verification': 'email-verification',
  'password-reset': 'password-reset',
  'organization-invitation': 'invitation',
  'saved-search-confirmation': 'saved-search',
};

/**
 * `<PUBLIC_URL><link>?token=<token>` for an e-mail that carries a signed link: the token is signed
 * here, at send time, from the row's link id and expiry, and kept nowhere.
 */
function signedLinkOf(row: EmailToSend, secret: string, base: string): string | null {
  const purpose = SIGNED_LINKS[row.type];
  const { linkId, expiresAt } = row.data as { linkId?: unknown; expiresAt?: unknown };
  if (!purpose || !row.link || typeof linkId !== 'string' || typeof expiresAt !== 'string') return null;
  const token = signToken(secret, purpose, { id: linkId, expiresAt: new Date(expiresAt) });
  return `${base}${row.link}?token=${encodeURIComponent(token)}`;
}

/**
 * The hand-over e-mail gets the owner's code here, at send time, from the request id and code
 * generation in its data (`@tapinti/platform/handover-code`): no row ever holds the code.
 */
function messageAtSend(row: EmailToSend, secret: string): string {
  const { requestId, generation } = row.data as { requestId?: unknown; generation?: unknown };
  if (row.type !== 'handover-code' || typeof requestId !== 'string' || typeof generation !== 'number')
    return row.message;
  return `${handoverCodeLine(handoverCodeOf(secret, requestId, generation))}\n\n${row.message}`;
}

/**
 * The files an e-mail carries, read from object storage at send time: the desk's hand-over receipt
 * PDF (inventory stored it before asking for the e-mail). A receipt not readable yet is a failed
 * attempt, retried like an unreachable mail server.
 */
async function attachmentsOf(row: EmailToSend, storage: ObjectStorage): Promise<MailAttachment[]> {
  const { receiptKey, referenceNumber } = row.data as { receiptKey?: unknown; referenceNumber?: unknown };
  if (row.type !== 'handover-receipt' || typeof receiptKey !== 'string') return [];
  const content = await buffer(await storage.read(receiptKey));
  const reference = typeof referenceNumber === 'string' ? referenceNumber : 'qebz';
  return [{ filename: `tehvil-${reference}.pdf`, contentType: 'application/pdf', content }];
}

/** A signed link that expired before its e-mail went out: not worth sending. */
function linkExpired(row: EmailToSend, now: Date): boolean {
  const { expiresAt } = row.data as { expiresAt?: unknown };
  return !!SIGNED_LINKS[row.type] && typeof expiresAt === 'string' && new Date(expiresAt) <= now;
}

export function emailOf(row: EmailToSend, address: string, context: Pick<SendContext, 'config'>) {
  const base = publicUrlOf(context.config);
  const messageId = messageIdOf(row.id, context.config.MAIL_FROM);
  if (row.type === 'organization-invitation') {
    const { organizationName, expiresAt, role } = row.data as {
      organizationName: string;
      expiresAt: string;
      role?: string;
    };
    const link = signedLinkOf(row, context.config.JWT_SECRET, base) ?? `${base}${row.link}`;
    const mail = invitationMail({ organizationName, link, expiresAt: new Date(expiresAt), role });
    return { to: address, ...mail, messageId };
  }
  const recipient = row.userId ? userRecipient(row.userId) : addressRecipient(address);
  const token = signUnsubscribeToken(context.config.JWT_SECRET, { recipient, type: row.type });
  const rendered = renderEmail({
    title: row.title,
    message: messageAtSend(row, context.config.JWT_SECRET),
    url: signedLinkOf(row, context.config.JWT_SECRET, base) ?? (row.link ? `${base}${row.link}` : null),
    unsubscribe: TRANSACTIONAL_NOTIFICATION_TYPES.includes(row.type)
      ? null
      : {
          pageUrl: `${base}${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`,
          oneClickUrl: `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        },
    typeLabel: NOTIFICATION_TYPE_LABELS[row.type],
  });
  return {
    to: address,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    headers: rendered.headers,
    messageId,
  };
}

/**
 * `send-notification` {id}: sends one pending e-mail row. Success: `sent` and sentAt. A failed
 * attempt: retryCount + 1 and the error kept; the job is retried with backoff; after the last
 * attempt, or at once for a permanent refusal (5xx), the row is `failed` and the job goes to the
 * queue's failed set. A row no longer pending (sent, failed, or handed over twice) is left alone.
 *
 * Delivery is at least once: a process killed after the server accepted a message and before the
 * row says `sent` sends it again on restart, with the same Message-ID (`messageIdOf`), which
 * receivers that keep one message per Message-ID show once.
 */
export function registerSender(context: SendContext): void {
  const limit = pLimit(SEND_CONCURRENCY);
  const inFlight = new Set<string>();

  async function send(id: string, run: JobRun): Promise<void> {
    const row = await pendingEmail(context.knex, id);
    if (!row) return;
    if (linkExpired(row, context.clock())) {
      await recordFailedAttempt(context.knex, id, { final: true, error: 'the link expired before sending' });
      context.logger.warn({ notificationId: id, type: row.type }, 'e-mail link expired before sending');
      return;
    }
    try {
      // The user's address comes from auth's events; one not yet consumed is a transient failure.
      if (!row.address) throw new Error('the recipient address is not known yet');
      const attachments = await attachmentsOf(row, context.storage);
      await context.mailer.send({ ...emailOf(row, row.address, context), attachments });
      await markSent(context.knex, id, row.address, context.clock());
    } catch (err) {
      const permanent = isPermanentRefusal(err);
      const final = permanent || run.attempt >= run.attempts;
      await recordFailedAttempt(context.knex, id, { final, error: describeFailure(err) });
      const fields = { err, notificationId: id, attempt: run.attempt, attempts: run.attempts };
      // A refused login is the operator's to mend: an error every time, while the e-mail waits.
      if (isLoginRefusal(err))
        context.logger.error(fields, 'the mail server refused our login (MAIL_URL credentials)');
      else if (final) context.logger.warn(fields, 'notification e-mail failed for good');
      else context.logger.info(fields, 'notification e-mail failed; will retry');
      if (permanent) throw new PermanentJobError(describeFailure(err), { cause: err });
      throw err;
    }
  }

  context.jobs.register<{ id: string }>(
    SEND_JOB,
    async ({ id }, run) => {
      // The memory queue may hand over a row again while it is being sent (the start-up sweep).
      if (inFlight.has(id)) return;
      inFlight.add(id);
      try {
        await limit(() => send(id, run));
      } finally {
        inFlight.delete(id);
      }
    },
    { attempts: SEND_ATTEMPTS, backoffMs: SEND_BACKOFF_MS },
  );
}
