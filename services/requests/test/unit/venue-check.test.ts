import { fillMessage } from '@tapinti/contracts/message-template';
import { randomUUID } from 'node:crypto';
import { VENUE_CHECK_LIMITS, VENUE_CHECK_MESSAGES } from '@tapinti/contracts/venue-checks-api';
import { VENUE_CHECK_EVENTS, type VenueCheckAskedV1 } from '@tapinti/contracts/venue-checks-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '@tapinti/platform/errors';
import type { Actor, AnnouncementCopy } from '../../src/domain/request';
import {
  assertCanAsk,
  assertWithinLimits,
  venueCheckDecider,
  type AskRecord,
} from '../../src/domain/venue-check';

const spec = deciderSpecification(venueCheckDecider);
const now = new Date('2026-11-28T10:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);

const owner: Actor = { userId: randomUUID(), role: 'user', organizationId: null };
const organizationId = randomUUID();
const staff: Actor = { userId: randomUUID(), role: 'org_staff', organizationId };
const otherStaff: Actor = { userId: randomUUID(), role: 'org_staff', organizationId: randomUUID() };
const venueCheckId = randomUUID();

const lostPost = (fields: Partial<AnnouncementCopy> = {}): AnnouncementCopy => ({
  id: randomUUID(),
  userId: owner.userId,
  organizationId: null,
  type: 'lost',
  title: 'Qara pulqabı',
  roomNumber: null,
  status: 'open',
  isPublic: true,
  isActive: true,
  approved: true,
  securityQuestions: [],
  ...fields,
});
const post = lostPost();

const asked: VenueCheckAskedV1 = {
  venueCheckId,
  announcementId: post.id,
  organizationId,
  ownerUserId: owner.userId,
  askedAt: now.toISOString(),
  plan: 'basic',
  deadlineHours: 48,
  remindAt: new Date(now.getTime() + 24 * 3600_000).toISOString(),
  dueAt: new Date(now.getTime() + 48 * 3600_000).toISOString(),
};
const askedEvent = { type: VENUE_CHECK_EVENTS.asked, schemaVersion: 1, payload: asked };
const ids = { venueCheckId, announcementId: post.id, organizationId };

const record = (fields: Partial<AskRecord> = {}): AskRecord => ({
  askedForAnnouncement: [],
  ownerAsksWithinDay: [],
  ownerAsksOfVenueWithinWeek: {},
  venueAsksWithinDay: {},
  ...fields,
});

describe('venue check decider', () => {
  it('asks once per (post, venue), with the deadline fixed in the event', () => {
    const deadline = {
      plan: 'basic' as const,
      deadlineHours: 48,
      remindAt: new Date(asked.remindAt),
      dueAt: new Date(asked.dueAt),
    };
    const command = {
      type: 'ask' as const,
      venueCheckId,
      owner,
      announcement: post,
      organizationId,
      deadline,
      now,
    };
    spec.given([]).when(command).then([askedEvent]);
    spec.given([askedEvent]).when(command).thenThrows(new ConflictError(VENUE_CHECK_MESSAGES.alreadyAsked));
  });

  it('is opened once by a member of the asked venue; others are told it does not exist', () => {
    const seen = { ...ids, seenBy: staff.userId, seenAt: now.toISOString() };
    const seenEvent = { type: VENUE_CHECK_EVENTS.seen, schemaVersion: 1, payload: seen };
    spec.given([askedEvent]).when({ type: 'mark-seen', actor: staff, now }).then([seenEvent]);
    spec.given([askedEvent, seenEvent]).when({ type: 'mark-seen', actor: staff, now }).then([]);
    spec
      .given([askedEvent])
      .when({ type: 'mark-seen', actor: otherStaff, now })
      .thenThrows(new NotFoundError(VENUE_CHECK_MESSAGES.notFound));
    spec
      .given([askedEvent])
      .when({ type: 'mark-seen', actor: owner, now })
      .thenThrows(new NotFoundError(VENUE_CHECK_MESSAGES.notFound));
  });

  it('is answered once; an answer without an opening counts as seen too', () => {
    const requestId = randomUUID();
    const itemId = randomUUID();
    const answer = {
      type: 'answer' as const,
      actor: staff,
      answer: 'found' as const,
      itemId,
      requestId,
      now,
    };
    const answered = {
      ...ids,
      ownerUserId: owner.userId,
      answer: 'found',
      itemId,
      requestId,
      answeredBy: staff.userId,
      answeredAt: now.toISOString(),
    };
    spec
      .given([askedEvent])
      .when(answer)
      .then([
        {
          type: VENUE_CHECK_EVENTS.seen,
          schemaVersion: 1,
          payload: { ...ids, seenBy: staff.userId, seenAt: now.toISOString() },
        },
        { type: VENUE_CHECK_EVENTS.answered, schemaVersion: 1, payload: answered },
      ]);
    const answeredEvent = { type: VENUE_CHECK_EVENTS.answered, schemaVersion: 1, payload: answered };
    spec
      .given([askedEvent, answeredEvent])
      .when({ ...answer, answer: 'not_here' })
      .thenThrows(new ConflictError(VENUE_CHECK_MESSAGES.alreadyAnswered));
  });

  it('reminds at half time and escalates past due, each once, and not after an answer', () => {
    const payload = (at: Date) => ({ ...ids, dueAt: asked.dueAt, at: at.toISOString() });
    const at = (h: number) => new Date(now.getTime() + h * 3600_000);
    spec
      .given([askedEvent])
      .when({ type: 'check-answer-deadline', now: at(23) })
      .then([]);
    const reminder = {
      type: VENUE_CHECK_EVENTS.answerReminderDue,
      schemaVersion: 1,
      payload: payload(at(24)),
    };
    spec
      .given([askedEvent])
      .when({ type: 'check-answer-deadline', now: at(24) })
      .then([reminder]);
    spec
      .given([askedEvent, reminder])
      .when({ type: 'check-answer-deadline', now: at(49) })
      .then([{ type: VENUE_CHECK_EVENTS.answerOverdue, schemaVersion: 1, payload: payload(at(49)) }]);
    const answered = {
      type: VENUE_CHECK_EVENTS.answered,
      schemaVersion: 1,
      payload: { ...ids, ownerUserId: owner.userId, answer: 'not_here', itemId: null, requestId: null },
    };
    spec
      .given([askedEvent, answered])
      .when({ type: 'check-answer-deadline', now: at(49) })
      .then([]);
  });
});

describe('who may ask, and the caps', () => {
  it('only the owner, only about an open, active, approved lost post', () => {
    expect(() => assertCanAsk(owner, post)).not.toThrow();
    expect(() => assertCanAsk(owner, null)).toThrow(NotFoundError);
    expect(() => assertCanAsk(staff, post)).toThrow(new ForbiddenError(VENUE_CHECK_MESSAGES.notOwner));
    expect(() => assertCanAsk(staff, lostPost({ isPublic: false }))).toThrow(NotFoundError);
    expect(() => assertCanAsk(owner, lostPost({ type: 'found' }))).toThrow(
      new ConflictError(VENUE_CHECK_MESSAGES.notLost),
    );
    for (const closed of [{ status: 'resolved' }, { isActive: false }, { approved: false }])
      expect(() => assertCanAsk(owner, lostPost(closed))).toThrow(
        new ConflictError(VENUE_CHECK_MESSAGES.announcementClosed),
      );
  });

  it('10 venues per post, then the per-user, per-user-and-venue and per-venue windows', () => {
    const venue = randomUUID();
    const limits = VENUE_CHECK_LIMITS;
    const nine = Array.from({ length: 9 }, () => randomUUID());
    expect(() =>
      assertWithinLimits([venue], record({ askedForAnnouncement: nine }), limits, now),
    ).not.toThrow();
    expect(() =>
      assertWithinLimits([venue, randomUUID()], record({ askedForAnnouncement: nine }), limits, now),
    ).toThrow(new ConflictError(fillMessage(VENUE_CHECK_MESSAGES.venuesLeft, { left: 1 })));
    expect(() => assertWithinLimits([venue], record({ askedForAnnouncement: [venue] }), limits, now)).toThrow(
      new ConflictError(VENUE_CHECK_MESSAGES.alreadyAsked),
    );
    // 20 a day; older asks leave the window.
    const twenty = Array.from({ length: 20 }, (_, i) => hoursAgo(i / 2));
    expect(() => assertWithinLimits([venue], record({ ownerAsksWithinDay: twenty }), limits, now)).toThrow(
      TooManyRequestsError,
    );
    const old = Array.from({ length: 20 }, () => hoursAgo(25));
    expect(() => assertWithinLimits([venue], record({ ownerAsksWithinDay: old }), limits, now)).not.toThrow();
    // The same venue 3 times a week.
    const thrice = { [venue]: [hoursAgo(1), hoursAgo(50), hoursAgo(100)] };
    expect(() =>
      assertWithinLimits([venue], record({ ownerAsksOfVenueWithinWeek: thrice }), limits, now),
    ).toThrow(TooManyRequestsError);
    const lastWeek = { [venue]: [hoursAgo(200), hoursAgo(200), hoursAgo(200)] };
    expect(() =>
      assertWithinLimits([venue], record({ ownerAsksOfVenueWithinWeek: lastWeek }), limits, now),
    ).not.toThrow();
    // A venue's daily cap from everyone; Retry-After when the oldest leaves the window.
    const busy = { [venue]: Array.from({ length: 100 }, () => hoursAgo(23)) };
    try {
      assertWithinLimits([venue], record({ venueAsksWithinDay: busy }), limits, now);
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(TooManyRequestsError);
      expect((err as TooManyRequestsError).retryAfterSeconds).toBe(3600);
    }
  });
});
