import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_EVENTS,
  contactSharedV1,
  conversationOpenedV1,
  conversationReportedV1,
  messagePostedV1,
} from '@tapinti/contracts/conversations-events';
import { deciderSpecification } from '@tapinti/eventstore/testing/decider-specification';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { CONVERSATION_MESSAGES, MESSAGES_PER_HOUR } from '@tapinti/contracts/conversations-api';
import { NotFoundError, TooManyRequestsError } from '@tapinti/platform/errors';
import { conversationDecider, type SideActor } from '../../src/domain/conversation';

const spec = deciderSpecification(conversationDecider);
const now = new Date('2026-11-28T10:00:00.000Z');
const claimId = randomUUID();
const announcementId = randomUUID();
const organizationId = randomUUID();
const claimant: SideActor = { userId: randomUUID(), side: 'claimant' };
const staff: SideActor = { userId: randomUUID(), side: 'holder' };
const parties = {
  conversationId: claimId,
  announcementId,
  claimantUserId: claimant.userId,
  holderUserId: null,
  holderOrganizationId: organizationId,
};
const [opened] = conversationDecider.decide(
  {
    type: 'open',
    conversationId: claimId,
    announcementId,
    claimantUserId: claimant.userId,
    holderUserId: null,
    holderOrganizationId: organizationId,
    now,
  },
  null,
) as [NewEvent];

describe('a conversation', () => {
  it('is opened once per claim, with the claim id as its own and both sides named', () => {
    expect(opened).toEqual({
      type: CONVERSATION_EVENTS.opened,
      schemaVersion: 1,
      payload: { ...parties, subject: 'claim', subjectId: claimId, openedAt: now.toISOString() },
    });
    expect(conversationOpenedV1.parse(opened.payload)).toEqual(opened.payload);
    spec
      .given([opened])
      .when({ ...(opened.payload as object), type: 'open', now } as never)
      .then([]);
  });

  it('records who wrote, never what', () => {
    const messageId = randomUUID();
    const [posted] = conversationDecider.decide(
      { type: 'post', messageId, actor: staff, now, sentLastHour: [] },
      conversationDecider.evolve(null, opened),
    ) as [NewEvent];
    expect(messagePostedV1.parse(posted.payload)).toEqual({
      ...parties,
      messageId,
      senderUserId: staff.userId,
      senderSide: 'holder',
      postedAt: now.toISOString(),
    });
    expect(Object.keys(posted.payload as object)).not.toContain('text');
  });

  it('takes at most 60 messages of one person within any hour; Retry-After says when the next one may come', () => {
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const full = Array.from({ length: MESSAGES_PER_HOUR }, (_, i) => minutesAgo(50 - i * 0.5));
    const decide = () =>
      conversationDecider.decide(
        { type: 'post', messageId: randomUUID(), actor: claimant, now, sentLastHour: full },
        conversationDecider.evolve(null, opened),
      );
    expect(decide).toThrow(new TooManyRequestsError(CONVERSATION_MESSAGES.tooManyMessages));
    try {
      decide();
    } catch (error) {
      expect((error as TooManyRequestsError).retryAfterSeconds).toBe(10 * 60);
    }
    const [posted] = conversationDecider.decide(
      { type: 'post', messageId: randomUUID(), actor: claimant, now, sentLastHour: full.slice(1) },
      conversationDecider.evolve(null, opened),
    ) as [NewEvent];
    expect(posted.type).toBe(CONVERSATION_EVENTS.messagePosted);
  });

  it('shares a contact once per person and kind, without its value', () => {
    const share = { type: 'share', contact: 'phone', actor: claimant, now } as const;
    const [shared] = conversationDecider.decide(share, conversationDecider.evolve(null, opened)) as [
      NewEvent,
    ];
    expect(contactSharedV1.parse(shared.payload)).toEqual({
      ...parties,
      userId: claimant.userId,
      side: 'claimant',
      contact: 'phone',
      sharedAt: now.toISOString(),
    });
    spec.given([opened, shared]).when(share).then([]);
    spec
      .given([opened, shared])
      .when({ ...share, contact: 'email' })
      .then([
        {
          type: CONVERSATION_EVENTS.contactShared,
          schemaVersion: 1,
          payload: { ...(shared.payload as object), contact: 'email' },
        },
      ]);
  });

  it('is reported once per person', () => {
    const report = { type: 'report', reason: 'scam', actor: claimant, now } as const;
    const [reported] = conversationDecider.decide(report, conversationDecider.evolve(null, opened)) as [
      NewEvent,
    ];
    expect(conversationReportedV1.parse(reported.payload)).toMatchObject({ reportedBy: claimant.userId });
    spec.given([opened, reported]).when(report).then([]);
    spec
      .given([opened, reported])
      .when({ ...report, actor: staff })
      .then([
        {
          type: CONVERSATION_EVENTS.reported,
          schemaVersion: 1,
          payload: { ...(reported.payload as object), reportedBy: staff.userId, side: 'holder' },
        },
      ]);
  });

  it('unknown: nothing to write to', () => {
    spec
      .given([])
      .when({ type: 'post', messageId: randomUUID(), actor: claimant, now, sentLastHour: [] })
      .thenThrows(NotFoundError);
  });
});
