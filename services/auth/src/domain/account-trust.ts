import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import {
  AUTH_EVENTS,
  type EmailVerifiedV1,
  type PasswordChangedV1,
  type PasswordResetRequestedV1,
  type PhoneVerificationRequestedV1,
  type PhoneVerifiedV1,
  type UserDeletedV1,
  type UserPurgedV1,
} from '@tapinti/contracts/auth-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, UnauthorizedError, ValidationError } from '@tapinti/platform/errors';
import { GoneError } from './invitation';
import { emailVerificationRequest, userEvolver, type Pending, type UserState } from './user';

/**
 * Issue 15 on the user's stream: e-mail and phone verification, password reset and change,
 * deletion and purge. A link or code names a pending id; the stream consumes it once (a newer one
 * replaces it), so a used, replaced or expired one is refused here, in the writing transaction.
 */
export type TrustCommand =
  | { type: 'request-email-verification'; pending: Pending }
  | { type: 'verify-email'; verificationId: string; now: Date }
  | { type: 'request-phone-verification'; pending: Pending }
  /** `codeOf(id)`: the code the pending verification sent (derived, never stored). */
  | { type: 'verify-phone'; code: string; codeOf: (verificationId: string) => string; now: Date }
  | { type: 'request-password-reset'; pending: Pending }
  | { type: 'reset-password'; resetId: string; now: Date }
  | { type: 'change-password' }
  | { type: 'delete'; purgeAfter: Date }
  | { type: 'purge' };

const event = <P>(type: string, payload: P): NewEvent => ({ type, schemaVersion: 1, payload });
const isOver = (pending: Pending, now: Date) => new Date(pending.expiresAt).getTime() <= now.getTime();

export const trustDecider: Decider<UserState, TrustCommand> = {
  ...userEvolver,
  decide(command, state) {
    switch (command.type) {
      case 'request-email-verification':
        if (!state || !state.isActive) throw new UnauthorizedError();
        if (state.isVerified) throw new ConflictError(AUTH_MESSAGES.emailAlreadyVerified);
        return [emailVerificationRequest(state.id, command.pending)];

      case 'verify-email': {
        const pending = state?.emailVerification;
        // Used, replaced by a newer link, for an address since changed, or of a deleted account.
        if (!state || !pending || pending.id !== command.verificationId)
          throw new GoneError(AUTH_MESSAGES.verificationLinkUsed);
        if (isOver(pending, command.now)) throw new GoneError(AUTH_MESSAGES.verificationLinkExpired);
        return [
          event<EmailVerifiedV1>(AUTH_EVENTS.emailVerified, { userId: state.id, verificationId: pending.id }),
        ];
      }

      case 'request-phone-verification':
        if (!state || !state.isActive) throw new UnauthorizedError();
        if (!state.phone) throw new ValidationError(AUTH_MESSAGES.phoneMissing, 'phone');
        if (state.phoneVerified) throw new ConflictError(AUTH_MESSAGES.phoneAlreadyVerified);
        return [
          event<PhoneVerificationRequestedV1>(AUTH_EVENTS.phoneVerificationRequested, {
            userId: state.id,
            verificationId: command.pending.id,
            expiresAt: command.pending.expiresAt,
          }),
        ];

      case 'verify-phone': {
        if (!state || !state.isActive) throw new UnauthorizedError();
        if (state.phoneVerified) throw new ConflictError(AUTH_MESSAGES.phoneAlreadyVerified);
        const pending = state.phoneVerification;
        if (!pending || isOver(pending, command.now)) throw new GoneError(AUTH_MESSAGES.phoneCodeExpired);
        if (command.codeOf(pending.id) !== command.code.trim())
          throw new ValidationError(AUTH_MESSAGES.phoneCodeWrong, 'code');
        return [
          event<PhoneVerifiedV1>(AUTH_EVENTS.phoneVerified, { userId: state.id, verificationId: pending.id }),
        ];
      }

      case 'request-password-reset':
        // Nobody learns whether the address has an account: no account, no event, same answer.
        if (!state || !state.isActive) return [];
        return [
          event<PasswordResetRequestedV1>(AUTH_EVENTS.passwordResetRequested, {
            userId: state.id,
            resetId: command.pending.id,
            expiresAt: command.pending.expiresAt,
          }),
        ];

      case 'reset-password': {
        const pending = state?.passwordReset;
        if (!state || !state.isActive || !pending || pending.id !== command.resetId)
          throw new GoneError(AUTH_MESSAGES.resetLinkUsed);
        if (isOver(pending, command.now)) throw new GoneError(AUTH_MESSAGES.resetLinkExpired);
        return [
          event<PasswordChangedV1>(AUTH_EVENTS.passwordChanged, {
            userId: state.id,
            via: 'reset',
            resetId: pending.id,
          }),
        ];
      }

      case 'change-password':
        if (!state || !state.isActive) throw new UnauthorizedError();
        return [
          event<PasswordChangedV1>(AUTH_EVENTS.passwordChanged, {
            userId: state.id,
            via: 'change',
            resetId: null,
          }),
        ];

      case 'delete':
        if (!state || !state.isActive) throw new UnauthorizedError();
        return [
          event<UserDeletedV1>(AUTH_EVENTS.deleted, {
            userId: state.id,
            purgeAfter: command.purgeAfter.toISOString(),
          }),
        ];

      case 'purge':
        if (!state || !state.deletedAt || state.purged) return [];
        return [event<UserPurgedV1>(AUTH_EVENTS.purged, { userId: state.id })];
    }
  },
};
