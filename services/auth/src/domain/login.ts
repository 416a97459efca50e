import {
  AUTH_EVENTS,
  type LoginFailureReason,
  type LoginMethod,
  type UserLoggedInV2,
  type UserLoggedOutV1,
  type UserLoginFailedV2,
} from '@tapinti/contracts/auth-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import { identifierForEvent } from './identity';

/**
 * One login, failed login or logout is one stream (`loginStreamId`, `unknownLoginStreamId`): it
 * holds that single occurrence, so logins of one account never contend with each other or with
 * its profile. The state is whether it was recorded; a second recording of it is nothing.
 */
export type LoginState = { recorded: boolean };

export type LoginCommand =
  /** `newDevice`: no known device of the account signed in; `device`: its name, if known. */
  | { type: 'succeed'; userId: string; method: LoginMethod; newDevice: boolean; device: string | null }
  /**
   * `userId`: the account the identifier names, or null. What was typed is kept only when it names
   * one (otherwise it is often a password); `identifierDigest` tells repeated attempts apart.
   */
  | {
      type: 'fail';
      userId: string | null;
      typed: string;
      identifierDigest: string;
      method: LoginMethod;
      reason: LoginFailureReason;
    }
  | { type: 'log-out'; userId: string };

export const loginDecider: Decider<LoginState, LoginCommand> = {
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide(command, state) {
    if (state.recorded) return [];
    switch (command.type) {
      case 'succeed': {
        const payload: UserLoggedInV2 = {
          userId: command.userId,
          method: command.method,
          newDevice: command.newDevice,
          device: command.device,
        };
        return [{ type: AUTH_EVENTS.loggedIn, schemaVersion: 2, payload }];
      }
      case 'fail': {
        const payload: UserLoginFailedV2 = {
          userId: command.userId,
          identifier: command.userId ? identifierForEvent(command.typed) : null,
          identifierDigest: command.identifierDigest,
          method: command.method,
          reason: command.reason,
        };
        return [{ type: AUTH_EVENTS.loginFailed, schemaVersion: 2, payload }];
      }
      case 'log-out': {
        const payload: UserLoggedOutV1 = { userId: command.userId };
        return [{ type: AUTH_EVENTS.loggedOut, schemaVersion: 1, payload }];
      }
    }
  },
};
