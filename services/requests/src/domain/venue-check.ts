import { fillMessage } from '@tapinti/contracts/message-template';
import {
  MAX_VENUES_PER_ANNOUNCEMENT,
  VENUE_CHECK_LIMIT_MESSAGES,
  VENUE_CHECK_MESSAGES,
  type VenueCheckAnswer,
  type VenueCheckLimits,
} from '@tapinti/contracts/venue-checks-api';
import {
  VENUE_CHECK_EVENTS,
  type VenueCheckAnsweredV1,
  type VenueCheckAnswerReminderDueV1,
  type VenueCheckAskedV1,
  type VenueCheckSeenV1,
} from '@tapinti/contracts/venue-checks-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '@tapinti/platform/errors';
import type { AnswerDeadline } from './answer-deadline';
import { isMemberOf, type Actor, type AnnouncementCopy } from './request';

/** One venue check's stream: one (lost announcement, asked organisation). */
export interface VenueCheckState {
  id: string;
  announcementId: string;
  organizationId: string;
  ownerUserId: string;
  seen: boolean;
  answered: boolean;
  remindAt: string;
  dueAt: string;
  reminded: boolean;
  overdue: boolean;
}

const DAY_MS = 24 * 3600_000;
const WEEK_MS = 7 * DAY_MS;

/** What the owner and the venue asked so far, read under the announcement's and the owner's locks. */
export interface AskRecord {
  /** Organisations already asked about this announcement. */
  askedForAnnouncement: string[];
  /** When the owner asked any venue within the last day. */
  ownerAsksWithinDay: Date[];
  /** Per organisation in the ask: when the owner asked it within the last week. */
  ownerAsksOfVenueWithinWeek: Record<string, Date[]>;
  /** Per organisation in the ask: when anyone asked it within the last day. */
  venueAsksWithinDay: Record<string, Date[]>;
}

export interface AskCommand {
  type: 'ask';
  venueCheckId: string;
  owner: Actor;
  announcement: AnnouncementCopy;
  organizationId: string;
  deadline: AnswerDeadline;
  now: Date;
}

export interface MarkSeenCommand {
  type: 'mark-seen';
  actor: Actor;
  now: Date;
}

export interface AnswerCommand {
  type: 'answer';
  actor: Actor;
  answer: VenueCheckAnswer;
  itemId: string | null;
  requestId: string | null;
  now: Date;
}

export interface CheckVenueCheckDeadlineCommand {
  type: 'check-answer-deadline';
  now: Date;
}

export type VenueCheckCommand = AskCommand | MarkSeenCommand | AnswerCommand | CheckVenueCheckDeadlineCommand;

/**
 * Whether the owner may ask about this announcement at all: only its owner, only an open, active,
 * approved lost announcement (checked once per ask, before any venue).
 */
export function assertCanAsk(owner: Actor, a: AnnouncementCopy | null): asserts a is AnnouncementCopy {
  if (!a) throw new NotFoundError(VENUE_CHECK_MESSAGES.announcementNotFound);
  if (a.userId !== owner.userId) {
    if (!a.isPublic || !a.approved) throw new NotFoundError(VENUE_CHECK_MESSAGES.announcementNotFound);
    throw new ForbiddenError(VENUE_CHECK_MESSAGES.notOwner);
  }
  if (a.type !== 'lost') throw new ConflictError(VENUE_CHECK_MESSAGES.notLost);
  if (a.status !== 'open' || !a.isActive || !a.approved)
    throw new ConflictError(VENUE_CHECK_MESSAGES.announcementClosed);
}

/** Seconds until the oldest of `times` leaves a window of `windowMs` (at least 1). */
const retryAfter = (times: Date[], windowMs: number, now: Date) =>
  Math.max(1, Math.ceil((Math.min(...times.map((t) => t.getTime())) + windowMs - now.getTime()) / 1000));

/**
 * The caps of an ask of `organizationIds`: 10 venues per announcement in all (409), and the rate
 * limits (429 with Retry-After): venues per owner per day, asks of one venue by one owner per week,
 * asks one venue receives per day.
 */
export function assertWithinLimits(
  organizationIds: string[],
  record: AskRecord,
  limits: VenueCheckLimits,
  now: Date,
): void {
  if (organizationIds.some((id) => record.askedForAnnouncement.includes(id)))
    throw new ConflictError(VENUE_CHECK_MESSAGES.alreadyAsked);
  const left = MAX_VENUES_PER_ANNOUNCEMENT - record.askedForAnnouncement.length;
  if (organizationIds.length > left)
    throw new ConflictError(fillMessage(VENUE_CHECK_MESSAGES.venuesLeft, { left: Math.max(0, left) }));
  const within = (times: Date[], windowMs: number) =>
    times.filter((t) => now.getTime() - t.getTime() < windowMs);
  const byOwner = within(record.ownerAsksWithinDay, DAY_MS);
  if (byOwner.length + organizationIds.length > limits.maxPerUserPerDay)
    throw new TooManyRequestsError(
      fillMessage(VENUE_CHECK_LIMIT_MESSAGES.perUserPerDay, { max: limits.maxPerUserPerDay }),
      byOwner.length ? retryAfter(byOwner, DAY_MS, now) : undefined,
    );
  for (const id of organizationIds) {
    const ofVenue = within(record.ownerAsksOfVenueWithinWeek[id] ?? [], WEEK_MS);
    if (ofVenue.length >= limits.maxPerUserVenuePerWeek)
      throw new TooManyRequestsError(
        fillMessage(VENUE_CHECK_LIMIT_MESSAGES.perUserVenuePerWeek, { max: limits.maxPerUserVenuePerWeek }),
        retryAfter(ofVenue, WEEK_MS, now),
      );
    const venueDay = within(record.venueAsksWithinDay[id] ?? [], DAY_MS);
    if (venueDay.length >= limits.maxPerVenuePerDay)
      throw new TooManyRequestsError(
        VENUE_CHECK_LIMIT_MESSAGES.perVenuePerDay,
        retryAfter(venueDay, DAY_MS, now),
      );
  }
}

/** The asked organisation's admins and staff (403 'Təşkilat deaktivdir' while it is deactivated). */
function assertVenueMember(actor: Actor, state: VenueCheckState | null): asserts state is VenueCheckState {
  // Another organisation's members are told nothing exists (staff see only their venue's requests).
  if (!state || !isMemberOf(actor, state.organizationId))
    throw new NotFoundError(VENUE_CHECK_MESSAGES.notFound);
}

function decideAnswerDeadline(
  command: CheckVenueCheckDeadlineCommand,
  state: VenueCheckState | null,
): NewEvent[] {
  if (!state || state.answered) return [];
  const payload: VenueCheckAnswerReminderDueV1 = {
    venueCheckId: state.id,
    announcementId: state.announcementId,
    organizationId: state.organizationId,
    dueAt: state.dueAt,
    at: command.now.toISOString(),
  };
  const now = command.now.getTime();
  const events: NewEvent[] = [];
  if (!state.reminded && now >= Date.parse(state.remindAt))
    events.push({ type: VENUE_CHECK_EVENTS.answerReminderDue, schemaVersion: 1, payload });
  if (!state.overdue && now >= Date.parse(state.dueAt))
    events.push({ type: VENUE_CHECK_EVENTS.answerOverdue, schemaVersion: 1, payload });
  return events;
}

export const venueCheckDecider: Decider<VenueCheckState | null, VenueCheckCommand> = {
  initialState: () => null,
  evolve(state, event) {
    if (event.type === VENUE_CHECK_EVENTS.asked) {
      const p = event.payload as VenueCheckAskedV1;
      return {
        id: p.venueCheckId,
        announcementId: p.announcementId,
        organizationId: p.organizationId,
        ownerUserId: p.ownerUserId,
        seen: false,
        answered: false,
        remindAt: p.remindAt,
        dueAt: p.dueAt,
        reminded: false,
        overdue: false,
      };
    }
    if (!state) return state;
    if (event.type === VENUE_CHECK_EVENTS.seen) return { ...state, seen: true };
    if (event.type === VENUE_CHECK_EVENTS.answered) return { ...state, answered: true };
    if (event.type === VENUE_CHECK_EVENTS.answerReminderDue) return { ...state, reminded: true };
    if (event.type === VENUE_CHECK_EVENTS.answerOverdue) return { ...state, overdue: true };
    return state;
  },
  decide(command, state) {
    switch (command.type) {
      case 'ask': {
        if (state) throw new ConflictError(VENUE_CHECK_MESSAGES.alreadyAsked);
        const payload: VenueCheckAskedV1 = {
          venueCheckId: command.venueCheckId,
          announcementId: command.announcement.id,
          organizationId: command.organizationId,
          ownerUserId: command.owner.userId,
          askedAt: command.now.toISOString(),
          plan: command.deadline.plan,
          deadlineHours: command.deadline.deadlineHours,
          remindAt: command.deadline.remindAt.toISOString(),
          dueAt: command.deadline.dueAt.toISOString(),
        };
        return [{ type: VENUE_CHECK_EVENTS.asked, schemaVersion: 1, payload }];
      }
      case 'mark-seen': {
        assertVenueMember(command.actor, state);
        if (state.seen) return [];
        const payload: VenueCheckSeenV1 = {
          venueCheckId: state.id,
          announcementId: state.announcementId,
          organizationId: state.organizationId,
          seenBy: command.actor.userId,
          seenAt: command.now.toISOString(),
        };
        return [{ type: VENUE_CHECK_EVENTS.seen, schemaVersion: 1, payload }];
      }
      case 'answer': {
        assertVenueMember(command.actor, state);
        if (state.answered) throw new ConflictError(VENUE_CHECK_MESSAGES.alreadyAnswered);
        const at = command.now.toISOString();
        const ids = {
          venueCheckId: state.id,
          announcementId: state.announcementId,
          organizationId: state.organizationId,
        };
        const events: NewEvent[] = [];
        // An answer without an opening first counts as seen too (the owner sees both).
        if (!state.seen) {
          const seen: VenueCheckSeenV1 = { ...ids, seenBy: command.actor.userId, seenAt: at };
          events.push({ type: VENUE_CHECK_EVENTS.seen, schemaVersion: 1, payload: seen });
        }
        const payload: VenueCheckAnsweredV1 = {
          ...ids,
          ownerUserId: state.ownerUserId,
          answer: command.answer,
          itemId: command.answer === 'found' ? command.itemId : null,
          requestId: command.answer === 'found' ? command.requestId : null,
          answeredBy: command.actor.userId,
          answeredAt: at,
        };
        events.push({ type: VENUE_CHECK_EVENTS.answered, schemaVersion: 1, payload });
        return events;
      }
      case 'check-answer-deadline':
        return decideAnswerDeadline(command, state);
    }
  },
};
