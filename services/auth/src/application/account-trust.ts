import { createHash, randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type ChangePasswordRequest,
  type PasswordResetConfirm,
} from '@tapinti/contracts/auth-api';
import { userStreamId } from '@tapinti/contracts/auth-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import {
  ServiceUnavailableError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
} from '@tapinti/platform/errors';
import { phoneCodeOf, verifyToken, type TokenPurpose } from '@tapinti/platform/signed-token';
import type { RateRule } from '@tapinti/platform/config';
import type { Knex } from '@tapinti/platform/db';
import type { SmsSender } from '@tapinti/ports/sms-sender';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { trustDecider, type TrustCommand } from '../domain/account-trust';
import { refuseWeakPassword } from '../domain/identity';
import { GoneError } from '../domain/invitation';
import type { Pending } from '../domain/user';
import type { PasswordHasher } from '../security/passwords';
import {
  findAccountStatus,
  findUserById,
  findUserByIdentifier,
  readPasswordHash,
  userOfLink,
  writePasswordHash,
} from '../store/queries';
import type { Sessions } from './sessions';
import { createAccessWriter } from './user-access';

/** Phone codes work 10 minutes and take 5 tries (issue 15). */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_TRIES = 5;
/** Per hour: verification e-mails and SMS codes one account may ask for. */
const RESENDS_PER_HOUR = 5;
/** Wrong current passwords (change password, delete account) per account in 15 minutes. */
const PASSWORD_CHECKS = 10;
/**
 * A reset request answers no sooner than this, whether the address has an account (an event is
 * appended) or not, so its timing does not tell them apart either.
 */
export const RESET_ANSWER_FLOOR_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

/**
 * Issue 15: e-mail and phone verification, password reset and change, sessions' end, deletion
 * and purge. Every state change goes through the user's stream (`trustDecider`); links are
 * verified here and their ids consumed there; codes are derived from ids, never stored.
 */
export function createAccountTrust(
  context: EventSourcedContext,
  hasher: PasswordHasher,
  sessions: Sessions,
  sms: SmsSender,
) {
  const { es, knex, kv, clock, config, logger } = context;
  const users = createCommandHandler(es, trustDecider);
  const access = createAccessWriter(context);
  const pendingFor = (ttlMs: number): Pending => ({
    id: randomUUID(),
    expiresAt: new Date(clock().getTime() + ttlMs).toISOString(),
  });

  /** The command on the user's stream; `alsoWrite` runs in the same transaction when it appends. */
  const decide = (
    userId: string,
    command: TrustCommand,
    meta: EventMetadata,
    alsoWrite?: (trx: Knex.Transaction) => Promise<void>,
  ) =>
    users.handle(
      userStreamId(userId),
      async (state, { trx }) => {
        const events = trustDecider.decide(command, state);
        if (events.length && alsoWrite) await alsoWrite(trx);
        return events;
      },
      meta,
    );

  /** At most `limit` in `windowSeconds` for `key`, else 429 with `message`. */
  async function limit(key: string, max: number, windowSeconds: number, message: string) {
    if ((await kv.increment(key, windowSeconds)) > max)
      throw new TooManyRequestsError(message, windowSeconds);
  }

  /** Every configured rule for `key` (one counter per window), else 429 with `message`. */
  async function limitBy(key: string, rules: RateRule[], message: string) {
    for (const { limit: max, windowSeconds } of rules)
      await limit(`${key}:${windowSeconds}`, max, windowSeconds, message);
  }

  /** Whether `key` is still within every rule (each counter counts this one). */
  async function within(key: string, rules: RateRule[]) {
    let allowed = true;
    for (const { limit: max, windowSeconds } of rules)
      if ((await kv.increment(`${key}:${windowSeconds}`, windowSeconds)) > max) allowed = false;
    return allowed;
  }

  /** The account a signed link of `purpose` names, or 400 (bad link) / 410 (unknown id: gone). */
  async function accountOfLink(
    token: string,
    purpose: TokenPurpose,
    messages: { invalid: string; gone: string; expired: string },
  ) {
    const { invalid, gone, expired } = messages;
    const claims = verifyToken(config.JWT_SECRET, purpose, token.trim());
    if (!claims) throw new ValidationError(invalid, 'token');
    const userId = await userOfLink(knex, claims.id, purpose);
    if (!userId) throw new GoneError(gone);
    // The earlier of the link's expiry and the stream's counts (a genuine link has the same).
    if (claims.expiresAt.getTime() <= clock().getTime()) throw new GoneError(expired);
    return { userId, linkId: claims.id };
  }

  /** The caller's current password, checked (at most PASSWORD_CHECKS wrong ones in 15 min). */
  async function checkPassword(userId: string, password: string, message: string, field: string) {
    await hasher.admit(async () => {
      const hash = await readPasswordHash(knex, userId);
      const matches = hash ? await hasher.verify(hash, password) : await hasher.verifyDummy(password);
      if (matches) return;
      await limit(`password-check:${userId}`, PASSWORD_CHECKS - 1, 900, AUTH_MESSAGES.throttled);
      throw new ValidationError(message, field);
    });
  }

  async function activeUser(userId: string) {
    const user = await findUserById(knex, userId);
    if (!user || !user.isActive) throw new UnauthorizedError();
    return user;
  }

  return {
    async status(userId: string) {
      const status = await findAccountStatus(knex, userId);
      if (!status) throw new UnauthorizedError();
      return status;
    },

    async verifyEmail(token: string, meta: EventMetadata): Promise<void> {
      const { userId, linkId } = await accountOfLink(token, 'email-verification', {
        invalid: AUTH_MESSAGES.verificationLinkInvalid,
        gone: AUTH_MESSAGES.verificationLinkUsed,
        expired: AUTH_MESSAGES.verificationLinkExpired,
      });
      await decide(
        userId,
        { type: 'verify-email', verificationId: linkId, now: clock() },
        { ...meta, actorId: userId },
      );
    },

    /** A new link (the previous one stops working); RESENDS_PER_HOUR per account. */
    async resendEmailVerification(userId: string, meta: EventMetadata): Promise<void> {
      await limit(
        `verify-email-resend:${userId}`,
        RESENDS_PER_HOUR,
        3600,
        AUTH_MESSAGES.verificationThrottled,
      );
      await decide(
        userId,
        { type: 'request-email-verification', pending: pendingFor(config.EMAIL_VERIFICATION_TTL_MS) },
        meta,
      );
    },

    /** A 6-digit code by SMS, derived from the verification's id; its tries start again. */
    async startPhoneVerification(userId: string, meta: EventMetadata): Promise<void> {
      await limit(
        `verify-phone-start:${userId}`,
        RESENDS_PER_HOUR,
        3600,
        AUTH_MESSAGES.verificationThrottled,
      );
      const pending = pendingFor(PHONE_CODE_TTL_MS);
      const { state } = await decide(userId, { type: 'request-phone-verification', pending }, meta);
      await kv.delete(`verify-phone-tries:${userId}`);
      try {
        await sms.send({
          to: state!.phone!,
          text: `Tapıntı: telefon nömrənizi təsdiqləmək üçün kod ${phoneCodeOf(config.JWT_SECRET, pending.id)}. Kod 10 dəqiqə etibarlıdır.`,
        });
      } catch (err) {
        logger.error({ err, userId }, 'phone verification SMS failed');
        throw new ServiceUnavailableError();
      }
    },

    /** The code of the latest SMS; PHONE_CODE_TRIES tries, then a new code is needed. */
    async confirmPhoneVerification(userId: string, code: string, meta: EventMetadata): Promise<void> {
      const tries = `verify-phone-tries:${userId}`;
      if ((await kv.increment(tries, PHONE_CODE_TTL_MS / 1000)) > PHONE_CODE_TRIES)
        throw new TooManyRequestsError(AUTH_MESSAGES.phoneCodeLocked);
      await decide(
        userId,
        { type: 'verify-phone', code, codeOf: (id) => phoneCodeOf(config.JWT_SECRET, id), now: clock() },
        meta,
      );
      await kv.delete(tries);
    },

    /**
     * The same answer, no sooner than RESET_ANSWER_FLOOR_MS, for every address; a link (by the
     * notifications service's e-mail) only for an active account. Throttled per requesting client
     * address (429). The mails one e-mail address receives are capped too, but silently (issue 21):
     * others asking for someone's address must not get the owner a 429 — past the cap the owner
     * gets the same answer, no new mail, and the last link sent stays valid.
     */
    async requestPasswordReset(email: string, meta: EventMetadata): Promise<void> {
      const started = Date.now();
      await limitBy(
        `reset-ip:${meta.addressKey ?? 'unknown'}`,
        config.PASSWORD_RESET_PER_ADDRESS,
        AUTH_MESSAGES.verificationThrottled,
      );
      const mailAllowed = await within(`reset-email:${digest(email)}`, config.PASSWORD_RESET_MAILS_PER_EMAIL);
      const user = mailAllowed ? await findUserByIdentifier(knex, { method: 'email', key: email }) : null;
      if (user) {
        const pending = pendingFor(config.PASSWORD_RESET_TTL_MS);
        await decide(user.id, { type: 'request-password-reset', pending }, { ...meta, actorId: user.id });
      }
      await sleep(Math.max(0, RESET_ANSWER_FLOOR_MS - (Date.now() - started)));
    },

    /** Sets the new password (the registration's rules) and ends every session of the account. */
    async confirmPasswordReset(input: PasswordResetConfirm, meta: EventMetadata): Promise<void> {
      await limitBy(
        `reset-confirm-ip:${meta.addressKey ?? 'unknown'}`,
        config.PASSWORD_RESET_PER_ADDRESS,
        AUTH_MESSAGES.throttled,
      );
      const { userId, linkId } = await accountOfLink(input.token, 'password-reset', {
        invalid: AUTH_MESSAGES.resetLinkInvalid,
        gone: AUTH_MESSAGES.resetLinkUsed,
        expired: AUTH_MESSAGES.resetLinkExpired,
      });
      const user = await findUserById(knex, userId);
      if (user) await refuseWeakPassword(input.password, user);
      const hash = await hasher.admit(() => hasher.hash(input.password));
      await decide(
        userId,
        { type: 'reset-password', resetId: linkId, now: clock() },
        { ...meta, actorId: userId },
        (trx) => writePasswordHash(trx, userId, hash),
      );
      await sessions.endAll(userId);
    },

    /** The current password first; the other sessions end, this one stays. */
    async changePassword(
      caller: { userId: string; sessionId: string },
      input: ChangePasswordRequest,
      meta: EventMetadata,
    ): Promise<void> {
      const user = await activeUser(caller.userId);
      await checkPassword(
        user.id,
        input.currentPassword,
        AUTH_MESSAGES.currentPasswordWrong,
        'currentPassword',
      );
      await refuseWeakPassword(input.password, user);
      const hash = await hasher.admit(() => hasher.hash(input.password));
      await decide(user.id, { type: 'change-password' }, meta, (trx) =>
        writePasswordHash(trx, user.id, hash),
      );
      await sessions.endAll(user.id, caller.sessionId);
    },

    /** Deletion: signed out everywhere and refused at once; personal data purged after ACCOUNT_PURGE_AFTER_MS. */
    async deleteAccount(userId: string, password: string, meta: EventMetadata): Promise<void> {
      const user = await activeUser(userId);
      await checkPassword(user.id, password, AUTH_MESSAGES.passwordWrong, 'password');
      const purgeAfter = new Date(clock().getTime() + config.ACCOUNT_PURGE_AFTER_MS);
      await decide(user.id, { type: 'delete', purgeAfter }, meta);
      await access.write({ ...user, isActive: false });
      await sessions.endAll(user.id);
    },
  };
}
export type AccountTrust = ReturnType<typeof createAccountTrust>;
