import { randomUUID } from 'node:crypto';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { loginDecider } from '../../src/domain/login';

describe('the login decider (given events, when command, then events)', () => {
  const spec = deciderSpecification(loginDecider);
  const userId = randomUUID();
  const digest = 'a'.repeat(32);
  const loggedIn = { type: AUTH_EVENTS.loggedIn, schemaVersion: 1, payload: { userId, method: 'email' } };

  it('records a login on its own stream, once', () => {
    spec.given([]).when({ type: 'succeed', userId, method: 'email' }).then([loggedIn]);
    spec.given([loggedIn]).when({ type: 'succeed', userId, method: 'email' }).then([]);
  });

  it('records a failed login, keeping what was typed only when it names an account', () => {
    const failure = { identifierDigest: digest, method: 'username' as const };
    spec
      .given([])
      .when({ type: 'fail', userId, typed: ' leyla\n', reason: 'wrong-password', ...failure })
      .then([
        {
          type: AUTH_EVENTS.loginFailed,
          schemaVersion: 2,
          payload: { userId, identifier: 'leyla', reason: 'wrong-password', ...failure },
        },
      ]);
    spec
      .given([])
      .when({ type: 'fail', userId: null, typed: 'Gizli-Parol-1', reason: 'unknown-identifier', ...failure })
      .then([
        {
          type: AUTH_EVENTS.loginFailed,
          schemaVersion: 2,
          payload: { userId: null, identifier: null, reason: 'unknown-identifier', ...failure },
        },
      ]);
  });

  it('records a logout', () => {
    spec
      .given([])
      .when({ type: 'log-out', userId })
      .then([{ type: AUTH_EVENTS.loggedOut, schemaVersion: 1, payload: { userId } }]);
  });
});
