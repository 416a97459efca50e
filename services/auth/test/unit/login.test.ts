import { randomUUID } from 'node:crypto';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { loginDecider } from '../../src/domain/login';

describe('the login decider (given events, when command, then events)', () => {
  const spec = deciderSpecification(loginDecider);
  const userId = randomUUID();
  const digest = 'a'.repeat(32);
  const device = { newDevice: true, device: 'Chrome, Android' };
  const loggedIn = {
    type: AUTH_EVENTS.loggedIn,
    schemaVersion: 2,
    payload: { userId, method: 'email', ...device },
  };

  it('records a login on its own stream, once, with whether the device is new and its name', () => {
    spec
      .given([])
      .when({ type: 'succeed', userId, method: 'email', ...device })
      .then([loggedIn]);
    spec
      .given([loggedIn])
      .when({ type: 'succeed', userId, method: 'email', ...device })
      .then([]);
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
