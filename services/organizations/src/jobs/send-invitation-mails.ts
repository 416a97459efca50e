import { signInvitationToken } from '@tapinti/platform/invitation-token';
import { publicUrlOf, type SharedConfig } from '@tapinti/platform/config';
import type { EventSourcedContext, ServiceDeps } from '@tapinti/runtime/service-module';
import { invitationMail } from '../domain/invitation-mail';
import {
  claimInvitationMail,
  dueInvitationMails,
  markInvitationMailSent,
  markInvitationMailUnsent,
} from '../store/invitation-mails';

/** Sends the invitation e-mails that are due; nudged after each new one, and swept periodically. */
export const SEND_INVITATION_MAILS_JOB = 'send-invitation-mails';
/** The sweep: retries and e-mails a nudge missed (a restart in between). */
export const INVITATION_MAIL_SWEEP_MS = 30_000;
/** Tries per e-mail before it is given up (a refused recipient is given up at once). */
export const MAX_MAIL_ATTEMPTS = 8;
const RETRY_BASE_MS = 30_000;
const RETRY_MAX_MS = 3600_000;
const BATCH = 100;

type MailContext = Pick<ServiceDeps, 'knex' | 'mailer' | 'clock' | 'config' | 'logger'>;

/** The link the invitation e-mail carries; the token is signed here, at send time, and kept nowhere. */
export function invitationLink(
  config: Pick<SharedConfig, 'PUBLIC_URL' | 'BUS' | 'JWT_SECRET'>,
  invitation: { invitationId: string; expiresAt: Date },
): string {
  const token = signInvitationToken(config.JWT_SECRET, invitation);
  return `${publicUrlOf(config)}/accept-invitation?token=${encodeURIComponent(token)}`;
}

interface SmtpFailure {
  code?: string;
  responseCode?: number;
}

/** 5xx replies (a refused recipient, a rejected message) will not succeed on a retry. */
const isPermanent = (err: unknown) => {
  const code = (err as SmtpFailure)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/** What of a failure is kept and logged: codes, never the message (it could quote the e-mail). */
const failureOf = (err: unknown) => {
  const e = err as SmtpFailure;
  return [e?.code, e?.responseCode].filter(Boolean).join(' ') || 'send failed';
};

/** Sends every due invitation e-mail once (each claimed first, so two senders never both send it). */
export async function sendDueInvitationMails(context: MailContext): Promise<number> {
  const { knex, logger } = context;
  let sent = 0;
  for (const invitationId of await dueInvitationMails(knex, context.clock(), BATCH)) {
    const now = context.clock();
    const mail = await claimInvitationMail(knex, invitationId, now);
    if (!mail) continue;
    if (mail.expiresAt.getTime() <= now.getTime()) {
      await markInvitationMailUnsent(knex, invitationId, { status: 'expired', error: 'invitation expired' });
      logger.warn({ invitationId }, 'invitation expired before its e-mail was sent');
      continue;
    }
    try {
      await context.mailer.send(
        invitationMail({
          invitationId,
          to: mail.email,
          organizationName: mail.organizationName,
          link: invitationLink(context.config, mail),
          expiresAt: mail.expiresAt,
        }),
      );
      await markInvitationMailSent(knex, invitationId, context.clock());
      sent += 1;
    } catch (err) {
      const error = failureOf(err);
      if (isPermanent(err) || mail.attempts >= MAX_MAIL_ATTEMPTS) {
        await markInvitationMailUnsent(knex, invitationId, { status: 'failed', error });
        logger.error({ invitationId, attempts: mail.attempts, error }, 'invitation e-mail given up');
      } else {
        const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (mail.attempts - 1));
        await markInvitationMailUnsent(knex, invitationId, {
          status: 'pending',
          retryAt: new Date(context.clock().getTime() + delay),
          error,
        });
        logger.warn({ invitationId, attempts: mail.attempts, error }, 'invitation e-mail failed; will retry');
      }
    }
  }
  return sent;
}

/** Registers the sender and its sweep; `nudge` runs it now (after a new invitation's row committed). */
export async function scheduleInvitationMails(context: MailContext & Pick<EventSourcedContext, 'jobs'>) {
  context.jobs.register(SEND_INVITATION_MAILS_JOB, async () => {
    await sendDueInvitationMails(context);
  });
  await context.jobs.repeat(SEND_INVITATION_MAILS_JOB, INVITATION_MAIL_SWEEP_MS);
}

/** Runs the sender soon (one job per invitation id, so a nudge is not lost behind a running one). */
export function nudgeInvitationMails(
  context: Pick<EventSourcedContext, 'jobs' | 'logger'>,
  invitationId: string,
): void {
  context.jobs.enqueue(SEND_INVITATION_MAILS_JOB, {}, { jobId: invitationId }).catch((err: unknown) => {
    // The sweep sends it later.
    context.logger.warn({ err, invitationId }, 'could not nudge the invitation e-mail sender');
  });
}
