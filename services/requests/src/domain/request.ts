import { fillMessage } from '@tapinti/contracts/message-template';
import type { AnnouncementType } from '@tapinti/contracts/announcements-api';
import {
  HANDOVER_MAX_ATTEMPTS,
  HANDOVER_MESSAGES,
  REQUEST_LIMIT_MESSAGES,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  type AnsweredQuestion,
  type RequestLimits,
} from '@tapinti/contracts/requests-api';
import {
  REQUEST_EVENTS,
  type AnswerDeadlineSetV1,
  type AnswerReminderDueV1,
  type ContactMethod,
  type HandoverCodeIssuedV1,
  type HandoverFailedAttemptV1,
  type HandoverLockedV1,
  type RequestHandedOverV1,
  type RequestFiledV1,
  type RequestStatus,
  type RequestStatusChangedV1,
  type StatusChangeReason,
} from '@tapinti/contracts/requests-events';
import type { Role } from '@tapinti/contracts/roles';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  ValidationError,
} from '@tapinti/platform/errors';
import { actsForOrganization } from '@tapinti/platform/organization-access';
import type { AnswerDeadline } from './answer-deadline';

/** Who is acting, as the session says (role and organisation are current, read per request). */
export interface Actor {
  userId: string;
  role: Role;
  organizationId: string | null;
  /** False while the organisation is deactivated (its admins then act for it in nothing). */
  organizationActive?: boolean;
}

/** What a request's own stream says about it (the write side's view). */
export interface RequestState {
  id: string;
  announcementId: string;
  organizationId: string | null;
  userId: string;
  /** The announcement's author for a private announcement; null: the organisation's admins. */
  handlerUserId: string | null;
  status: RequestStatus;
  /** Set once the claim is resolved_claimed: the owner's code and its hand-over. */
  handover?: HandoverState;
  /** A claim on an organisation's item (issue 26): when it must be answered first. */
  answerDeadline?: AnswerDeadlineState;
}

/** The first-answer deadline as the request's stream says. */
export interface AnswerDeadlineState {
  organizationId: string;
  remindAt: string;
  dueAt: string;
  reminded: boolean;
  overdue: boolean;
}

/** A resolved claim's hand-over, as its stream says. */
export interface HandoverState {
  ownerUserId: string;
  finderUserId: string | null;
  finderOrganizationId: string | null;
  generation: number;
  failedAttempts: number;
  locked: boolean;
  handedOver: boolean;
}

/** The requests service's own copy of an announcement (from `announcements.events`). */
export interface AnnouncementCopy {
  id: string;
  userId: string;
  organizationId: string | null;
  type: AnnouncementType;
  title: string;
  roomNumber: string | null;
  /** `open`, `archived`, `resolved`. */
  status: string;
  isPublic: boolean;
  isActive: boolean;
  /** Moderation: false while held for review or hidden (others cannot see or claim it). */
  approved: boolean;
  /** The question texts its author set (found announcements), in order; never expected answers. */
  securityQuestions: string[];
}

/** The claimant's other requests, read in the filing transaction (under the claimant's lock). */
export interface ClaimantRecord {
  /** Their pending or contacted requests, on any announcement. */
  openRequests: number;
  /** Requests they filed within the hour before now, oldest first. */
  filedWithinHour: Date[];
  /** They already have a pending or contacted request on this announcement. */
  hasOpenRequestOnAnnouncement: boolean;
}

export const HOUR_MS = 3600_000;

export const requestEvolver: Evolver<RequestState | null> = {
  initialState: () => null,
  evolve(state, event) {
    if (event.type === REQUEST_EVENTS.filed) {
      const p = event.payload as RequestFiledV1;
      return {
        id: p.requestId,
        announcementId: p.announcementId,
        organizationId: p.organizationId,
        userId: p.userId,
        handlerUserId: p.handlerUserId,
        status: p.status,
      };
    }
    if (event.type === REQUEST_EVENTS.answerDeadlineSet && state) {
      const p = event.payload as AnswerDeadlineSetV1;
      const answerDeadline: AnswerDeadlineState = {
        organizationId: p.organizationId,
        remindAt: p.remindAt,
        dueAt: p.dueAt,
        reminded: false,
        overdue: false,
      };
      return { ...state, answerDeadline };
    }
    if (event.type === REQUEST_EVENTS.answerReminderDue && state?.answerDeadline)
      return { ...state, answerDeadline: { ...state.answerDeadline, reminded: true } };
    if (event.type === REQUEST_EVENTS.answerOverdue && state?.answerDeadline)
      return { ...state, answerDeadline: { ...state.answerDeadline, overdue: true } };
    if (event.type === REQUEST_EVENTS.statusChanged && state) {
      return { ...state, status: (event.payload as RequestStatusChangedV1).to };
    }
    if (event.type === REQUEST_EVENTS.handoverCodeIssued && state) {
      const p = event.payload as HandoverCodeIssuedV1;
      const handover: HandoverState = {
        ownerUserId: p.ownerUserId,
        finderUserId: p.finderUserId,
        finderOrganizationId: p.finderOrganizationId,
        generation: p.generation,
        failedAttempts: 0,
        locked: false,
        handedOver: false,
      };
      return { ...state, handover };
    }
    if (state?.handover) {
      if (event.type === REQUEST_EVENTS.handoverFailedAttempt) {
        const failedAttempts = (event.payload as HandoverFailedAttemptV1).failedAttempts;
        return { ...state, handover: { ...state.handover, failedAttempts } };
      }
      if (event.type === REQUEST_EVENTS.handoverLocked)
        return { ...state, handover: { ...state.handover, locked: true } };
      if (event.type === REQUEST_EVENTS.handedOver)
        return { ...state, handover: { ...state.handover, handedOver: true } };
    }
    return state;
  },
};

/**
 * Anyone signed in sees a public, approved announcement; a non-public or held / hidden one its
 * author, its organisation's admins and super admins.
 */
export function canSeeAnnouncement(actor: Actor, a: AnnouncementCopy): boolean {
  if (a.isPublic && a.approved) return true;
  if (actor.userId === a.userId || actor.role === 'super_admin') return true;
  return isMemberOf(actor, a.organizationId);
}

/** An admin or staff member of this organisation (403 'Təşkilat deaktivdir' while it is deactivated). */
export function isMemberOf(actor: Actor, organizationId: string | null): boolean {
  return actsForOrganization(actor, organizationId);
}

/**
 * Who handles a request: the admins of the announcement's organisation when it has one,
 * otherwise the announcement's author; super admins always may.
 */
export function canHandle(actor: Actor, request: Pick<RequestState, 'organizationId' | 'handlerUserId'>) {
  if (actor.role === 'super_admin') return true;
  if (request.organizationId) return isMemberOf(actor, request.organizationId);
  return request.handlerUserId === actor.userId;
}

export const isOpen = (status: RequestStatus) => status === 'pending' || status === 'contacted';

/**
 * Spec §4 says only pending requests can be updated; a contacted request that could never be
 * closed would be a dead end, so `contacted` stays open until it is resolved.
 */
const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  pending: ['contacted', 'resolved_claimed', 'resolved_rejected'],
  contacted: ['resolved_claimed', 'resolved_rejected'],
  resolved_claimed: [],
  resolved_rejected: [],
};

export function canMove(from: RequestStatus, to: RequestStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface FileCommand {
  type: 'file';
  requestId: string;
  claimant: Actor;
  input: { contactMethod: ContactMethod; answers?: string[] };
  /** Null: unknown to this service (never posted, or its event has not arrived yet). */
  announcement: AnnouncementCopy | null;
  record: ClaimantRecord;
  /** A request on this announcement was already resolved_claimed: the item went back. */
  itemClaimed: boolean;
  now: Date;
  /** The abuse limits in force (`REQUEST_LIMITS` unless configured otherwise). */
  limits?: RequestLimits;
  /** Issue 26: the first-answer deadline of a claim on an organisation's item. */
  answerDeadline?: AnswerDeadline;
  /**
   * Issue 26 point 1: the item's venue files it for the owner of a lost post it was asked about
   * («Tapdıq»): the venue itself matched them, so no security answers and not the owner's limits.
   */
  filedByVenue?: boolean;
}

/** The deadline job looks at an unanswered claim: half time (reminder) or past due (escalation). */
export interface CheckAnswerDeadlineCommand {
  type: 'check-answer-deadline';
  now: Date;
}

export interface ChangeStatusCommand {
  type: 'change-status';
  to: RequestStatus;
  handler: Actor;
  now: Date;
  /** The claimed announcement (its type and author decide who owns the item); needed for resolved_claimed. */
  announcement?: Pick<AnnouncementCopy, 'type' | 'userId'> | null;
}

/** The finder side enters the owner's code; `isCurrentCode` checks it against a generation. */
export interface ConfirmHandoverCommand {
  type: 'confirm-handover';
  actor: Actor;
  isCurrentCode: (generation: number) => boolean;
  now: Date;
}

/** A super admin lifts a lock: a new code (the next generation) goes to the owner. */
export interface UnlockHandoverCommand {
  type: 'unlock-handover';
  actor: Actor;
  now: Date;
}

/** Another request on the same announcement was resolved_claimed: an open one is rejected. */
export interface RejectAsClaimedCommand {
  type: 'reject-as-claimed';
  handledBy: string;
  now: Date;
}

export type RequestCommand =
  | FileCommand
  | ChangeStatusCommand
  | RejectAsClaimedCommand
  | ConfirmHandoverCommand
  | UnlockHandoverCommand
  | CheckAnswerDeadlineCommand;

/**
 * Who owns the item of a resolved claim: a found announcement's claimant, a lost announcement's
 * author. The other side found it: a found announcement's handler (its author, or its
 * organisation's admins), a lost announcement's claimant.
 */
export function handoverSidesOf(
  state: RequestState,
  announcement: Pick<AnnouncementCopy, 'type' | 'userId'> | null | undefined,
): Pick<HandoverState, 'ownerUserId' | 'finderUserId' | 'finderOrganizationId'> {
  if (announcement?.type === 'lost') {
    return { ownerUserId: announcement.userId, finderUserId: state.userId, finderOrganizationId: null };
  }
  return {
    ownerUserId: state.userId,
    finderUserId: state.handlerUserId,
    finderOrganizationId: state.organizationId,
  };
}

/** The finder in person, or an admin of the organisation that holds the item. */
export function isFinderSide(actor: Actor, handover: HandoverState): boolean {
  if (handover.finderUserId && handover.finderUserId === actor.userId) return true;
  return isMemberOf(actor, handover.finderOrganizationId);
}

function codeIssued(
  state: RequestState,
  sides: ReturnType<typeof handoverSidesOf>,
  generation: number,
  now: Date,
) {
  const payload: HandoverCodeIssuedV1 = {
    requestId: state.id,
    announcementId: state.announcementId,
    ...sides,
    generation,
    issuedAt: now.toISOString(),
  };
  return { type: REQUEST_EVENTS.handoverCodeIssued, schemaVersion: 1, payload };
}

function decideConfirmHandover(command: ConfirmHandoverCommand, state: RequestState | null): NewEvent[] {
  if (!state) throw new NotFoundError(REQUEST_MESSAGES.notFound);
  const handover = state.handover;
  if (!handover) {
    if (!canHandle(command.actor, state) && state.userId !== command.actor.userId) {
      throw new ForbiddenError(HANDOVER_MESSAGES.notFinder);
    }
    throw new ConflictError(HANDOVER_MESSAGES.notClaimed);
  }
  if (!isFinderSide(command.actor, handover)) throw new ForbiddenError(HANDOVER_MESSAGES.notFinder);
  if (handover.handedOver) throw new ConflictError(HANDOVER_MESSAGES.alreadyHandedOver);
  if (handover.locked) throw new ConflictError(HANDOVER_MESSAGES.locked);
  const at = command.now.toISOString();
  const ids = { requestId: state.id, announcementId: state.announcementId };
  if (command.isCurrentCode(handover.generation)) {
    const payload: RequestHandedOverV1 = {
      ...ids,
      ownerUserId: handover.ownerUserId,
      confirmedBy: command.actor.userId,
      handedOverAt: at,
    };
    return [{ type: REQUEST_EVENTS.handedOver, schemaVersion: 1, payload }];
  }
  const failedAttempts = handover.failedAttempts + 1;
  const failed: HandoverFailedAttemptV1 = { ...ids, failedAttempts, enteredBy: command.actor.userId, at };
  const events: NewEvent[] = [
    { type: REQUEST_EVENTS.handoverFailedAttempt, schemaVersion: 1, payload: failed },
  ];
  if (failedAttempts >= HANDOVER_MAX_ATTEMPTS) {
    const locked: HandoverLockedV1 = { ...ids, lockedAt: at };
    events.push({ type: REQUEST_EVENTS.handoverLocked, schemaVersion: 1, payload: locked });
  }
  return events;
}

/** The questions next to the claimant's answers; every question needs one (400 otherwise). */
export function answersFor(questions: string[], answers: string[] | undefined): AnsweredQuestion[] {
  if (questions.length === 0) return [];
  if (!answers || answers.length !== questions.length) {
    throw new ValidationError(REQUEST_MESSAGES.answersCount, 'answers');
  }
  return questions.map((question, i) => ({ question, answer: answers[i]! }));
}

/** A claimant's own claim: an answer to each security question, within the abuse limits. */
function assertClaimantMayFile(command: FileCommand): void {
  const { announcement: a, record, now } = command;
  answersFor(a!.securityQuestions, command.input.answers);
  const limits = command.limits ?? REQUEST_LIMITS;
  if (record.openRequests >= limits.maxOpen) {
    throw new TooManyRequestsError(fillMessage(REQUEST_LIMIT_MESSAGES.tooManyOpen, { max: limits.maxOpen }));
  }
  const withinHour = record.filedWithinHour.filter((at) => now.getTime() - at.getTime() < HOUR_MS);
  if (withinHour.length >= limits.maxPerHour) {
    // Free again when the oldest of the last hour's requests is an hour old.
    const oldest = Math.min(...withinHour.map((at) => at.getTime()));
    const retryAfter = Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
    throw new TooManyRequestsError(
      fillMessage(REQUEST_LIMIT_MESSAGES.tooManyPerHour, { max: limits.maxPerHour }),
      retryAfter,
    );
  }
}

function decideFile(command: FileCommand): NewEvent[] {
  const { announcement: a, claimant, record, now } = command;
  if (!a || !canSeeAnnouncement(claimant, a)) throw new NotFoundError(REQUEST_MESSAGES.announcementNotFound);
  if (a.userId === claimant.userId) throw new ForbiddenError(REQUEST_MESSAGES.ownAnnouncement);
  if (isMemberOf(claimant, a.organizationId)) throw new ForbiddenError(REQUEST_MESSAGES.ownOrganization);
  if (a.status !== 'open' || !a.isActive || command.itemClaimed) {
    throw new ConflictError(REQUEST_MESSAGES.announcementClosed);
  }
  if (record.hasOpenRequestOnAnnouncement) throw new ConflictError(REQUEST_MESSAGES.duplicate);
  if (!command.filedByVenue) assertClaimantMayFile(command);
  const payload: RequestFiledV1 = {
    requestId: command.requestId,
    announcementId: a.id,
    organizationId: a.organizationId,
    userId: claimant.userId,
    handlerUserId: a.organizationId ? null : a.userId,
    contactMethod: command.input.contactMethod,
    status: 'pending',
    createdAt: now.toISOString(),
  };
  const filed: NewEvent = { type: REQUEST_EVENTS.filed, schemaVersion: 1, payload };
  const deadline = command.answerDeadline;
  if (!a.organizationId || !deadline) return [filed];
  const set: AnswerDeadlineSetV1 = {
    requestId: command.requestId,
    announcementId: a.id,
    organizationId: a.organizationId,
    plan: deadline.plan,
    deadlineHours: deadline.deadlineHours,
    filedAt: payload.createdAt,
    remindAt: deadline.remindAt.toISOString(),
    dueAt: deadline.dueAt.toISOString(),
  };
  return [filed, { type: REQUEST_EVENTS.answerDeadlineSet, schemaVersion: 1, payload: set }];
}

/**
 * Unanswered (still pending) at half time: a reminder; past due: overdue. Each once; both at once
 * when the check comes late. An answered claim's clock has stopped: nothing.
 */
function decideAnswerDeadline(command: CheckAnswerDeadlineCommand, state: RequestState | null): NewEvent[] {
  const deadline = state?.answerDeadline;
  if (!state || !deadline || state.status !== 'pending') return [];
  const payload: AnswerReminderDueV1 = {
    requestId: state.id,
    announcementId: state.announcementId,
    organizationId: deadline.organizationId,
    dueAt: deadline.dueAt,
    at: command.now.toISOString(),
  };
  const now = command.now.getTime();
  const events: NewEvent[] = [];
  if (!deadline.reminded && now >= Date.parse(deadline.remindAt))
    events.push({ type: REQUEST_EVENTS.answerReminderDue, schemaVersion: 1, payload });
  if (!deadline.overdue && now >= Date.parse(deadline.dueAt))
    events.push({ type: REQUEST_EVENTS.answerOverdue, schemaVersion: 1, payload });
  return events;
}

function statusChanged(
  state: RequestState,
  to: RequestStatus,
  handledBy: string,
  now: Date,
  reason: StatusChangeReason,
): NewEvent {
  const payload: RequestStatusChangedV1 = {
    requestId: state.id,
    announcementId: state.announcementId,
    from: state.status,
    to,
    handledBy,
    handledAt: now.toISOString(),
    reason,
  };
  return { type: REQUEST_EVENTS.statusChanged, schemaVersion: 1, payload };
}

export const requestDecider: Decider<RequestState | null, RequestCommand> = {
  ...requestEvolver,
  decide(command, state) {
    switch (command.type) {
      case 'file':
        if (state) throw new ConflictError(REQUEST_MESSAGES.duplicate);
        return decideFile(command);
      case 'change-status': {
        if (!state) throw new NotFoundError(REQUEST_MESSAGES.notFound);
        if (!canHandle(command.handler, state)) throw new ForbiddenError(REQUEST_MESSAGES.notHandler);
        if (!isOpen(state.status)) throw new ConflictError(REQUEST_MESSAGES.finalStatus);
        if (!canMove(state.status, command.to)) throw new ConflictError(REQUEST_MESSAGES.transition);
        const changed = statusChanged(state, command.to, command.handler.userId, command.now, 'handler');
        if (command.to !== 'resolved_claimed') return [changed];
        // The owner's hand-over code exists from now on (derived, never stored).
        return [changed, codeIssued(state, handoverSidesOf(state, command.announcement), 1, command.now)];
      }
      case 'confirm-handover':
        return decideConfirmHandover(command, state);
      case 'unlock-handover': {
        if (!state?.handover) throw new NotFoundError(REQUEST_MESSAGES.notFound);
        if (command.actor.role !== 'super_admin') throw new ForbiddenError();
        if (!state.handover.locked) throw new ConflictError(HANDOVER_MESSAGES.notLocked);
        const { ownerUserId, finderUserId, finderOrganizationId } = state.handover;
        const sides = { ownerUserId, finderUserId, finderOrganizationId };
        return [codeIssued(state, sides, state.handover.generation + 1, command.now)];
      }
      case 'check-answer-deadline':
        return decideAnswerDeadline(command, state);
      case 'reject-as-claimed':
        if (!state || !isOpen(state.status)) return [];
        return [statusChanged(state, 'resolved_rejected', command.handledBy, command.now, 'item-claimed')];
    }
  },
};
