import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { AUTH_EVENTS } from '@tapinti/contracts/auth-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { phoneCodeOf, signToken, verifyToken } from '@tapinti/platform/signed-token';
import { signInvitationToken, verifyInvitationToken } from '@tapinti/platform/invitation-token';
import { trustDecider } from '../../src/domain/account-trust';
import { registrationOf } from '../../src/domain/user';

const userId = '0b0f5a8e-4c1d-4e2f-9a3b-5c6d7e8f9a0b';
const linkId = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const newerId = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const now = new Date('2025-08-25T10:00:00.000Z');
const expiresAt = '2025-08-27T10:00:00.000Z';
const SECRET = 'x'.repeat(40);

const ev = (type: string, payload: object) => ({ type, schemaVersion: 1, payload });
const registered = ev(
  AUTH_EVENTS.registered,
  registrationOf(userId, { username: 'leyla', email: 'l@x.az', phone: '+994501112233' }),
);
const verificationRequested = (id = linkId) =>
  ev(AUTH_EVENTS.emailVerificationRequested, { userId, verificationId: id, expiresAt });
const resetRequested = (id = linkId) =>
  ev(AUTH_EVENTS.passwordResetRequested, { userId, resetId: id, expiresAt });

describe('the trust decider (issue 15)', () => {
  const spec = deciderSpecification(trustDecider);

  it('verifies the e-mail with the pending link once; a replaced, used or expired one is 410', () => {
    spec
      .given([registered, verificationRequested()])
      .when({ type: 'verify-email', verificationId: linkId, now })
      .then([ev(AUTH_EVENTS.emailVerified, { userId, verificationId: linkId })]);
    spec
      .given([registered, verificationRequested(), verificationRequested(newerId)])
      .when({ type: 'verify-email', verificationId: linkId, now })
      .thenThrows(AUTH_MESSAGES.verificationLinkUsed);
    spec
      .given([
        registered,
        verificationRequested(),
        ev(AUTH_EVENTS.emailVerified, { userId, verificationId: linkId }),
      ])
      .when({ type: 'verify-email', verificationId: linkId, now })
      .thenThrows(AUTH_MESSAGES.verificationLinkUsed);
    spec
      .given([registered, verificationRequested()])
      .when({ type: 'verify-email', verificationId: linkId, now: new Date(expiresAt) })
      .thenThrows(AUTH_MESSAGES.verificationLinkExpired);
  });

  it('an e-mail change makes the account unverified and kills the old link', () => {
    spec
      .given([
        registered,
        verificationRequested(),
        ev(AUTH_EVENTS.profileUpdated, { userId, before: { email: 'l@x.az' }, after: { email: 'n@x.az' } }),
      ])
      .when({ type: 'verify-email', verificationId: linkId, now })
      .thenThrows(AUTH_MESSAGES.verificationLinkUsed);
  });

  it('checks the phone code derived from the pending id', () => {
    const requested = ev(AUTH_EVENTS.phoneVerificationRequested, {
      userId,
      verificationId: linkId,
      expiresAt,
    });
    const codeOf = (id: string) => phoneCodeOf(SECRET, id);
    spec
      .given([registered, requested])
      .when({ type: 'verify-phone', code: codeOf(linkId), codeOf, now })
      .then([ev(AUTH_EVENTS.phoneVerified, { userId, verificationId: linkId })]);
    const wrong = codeOf(linkId) === '000000' ? '111111' : '000000';
    spec
      .given([registered, requested])
      .when({ type: 'verify-phone', code: wrong, codeOf, now })
      .thenThrows(AUTH_MESSAGES.phoneCodeWrong);
    spec
      .given([registered])
      .when({ type: 'verify-phone', code: codeOf(linkId), codeOf, now })
      .thenThrows(AUTH_MESSAGES.phoneCodeExpired);
  });

  it('resets the password once; no account means no event (no enumeration)', () => {
    spec
      .given([registered, resetRequested()])
      .when({ type: 'reset-password', resetId: linkId, now })
      .then([ev(AUTH_EVENTS.passwordChanged, { userId, via: 'reset', resetId: linkId })]);
    spec
      .given([
        registered,
        resetRequested(),
        ev(AUTH_EVENTS.passwordChanged, { userId, via: 'change', resetId: null }),
      ])
      .when({ type: 'reset-password', resetId: linkId, now })
      .thenThrows(AUTH_MESSAGES.resetLinkUsed);
    spec
      .given([])
      .when({ type: 'request-password-reset', pending: { id: linkId, expiresAt } })
      .then([]);
  });

  it('a deleted account gets no link and is purged once', () => {
    const deleted = ev(AUTH_EVENTS.deleted, { userId, purgeAfter: expiresAt });
    spec
      .given([registered, deleted])
      .when({ type: 'request-password-reset', pending: { id: linkId, expiresAt } })
      .then([]);
    spec
      .given([registered, resetRequested(), deleted])
      .when({ type: 'reset-password', resetId: linkId, now })
      .thenThrows(AUTH_MESSAGES.resetLinkUsed);
    spec
      .given([registered, deleted])
      .when({ type: 'purge' })
      .then([ev(AUTH_EVENTS.purged, { userId })]);
    spec
      .given([registered, deleted, ev(AUTH_EVENTS.purged, { userId })])
      .when({ type: 'purge' })
      .then([]);
    spec.given([registered]).when({ type: 'purge' }).then([]);
  });
});

describe('purpose-keyed signed tokens', () => {
  const claims = { id: linkId, expiresAt: new Date(expiresAt) };

  it('a token of one purpose never passes as another, and a changed byte fails', () => {
    const token = signToken(SECRET, 'password-reset', claims);
    expect(verifyToken(SECRET, 'password-reset', token)).toEqual(claims);
    expect(verifyToken(SECRET, 'email-verification', token)).toBeNull();
    expect(verifyToken(SECRET, 'invitation', token)).toBeNull();
    expect(
      verifyToken(SECRET, 'password-reset', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).toBeNull();
    expect(verifyToken('y'.repeat(40), 'password-reset', token)).toBeNull();
  });

  it('keeps invitation links as they were: the invitation purpose', () => {
    const token = signInvitationToken(SECRET, { invitationId: linkId, expiresAt: claims.expiresAt });
    expect(token).toBe(signToken(SECRET, 'invitation', claims));
    expect(verifyInvitationToken(SECRET, token)).toEqual({
      invitationId: linkId,
      expiresAt: claims.expiresAt,
    });
  });

  it('derives a stable 6-digit phone code per verification id', () => {
    expect(phoneCodeOf(SECRET, linkId)).toMatch(/^\d{6}$/);
    expect(phoneCodeOf(SECRET, linkId)).toBe(phoneCodeOf(SECRET, linkId));
    expect(phoneCodeOf(SECRET, newerId)).not.toBe(phoneCodeOf(SECRET, linkId));
  });
});
