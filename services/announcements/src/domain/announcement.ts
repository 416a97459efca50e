import {
  ANNOUNCEMENT_LIFE_MESSAGES,
  MODERATION_MESSAGES,
  SECURITY_QUESTION_MESSAGES,
  type AnnouncementType,
  type Category,
  type CloseOutcome,
  type CreateAnnouncementRequest,
  photosOfRequest,
  type ModerationStatus,
  type SecurityQuestionInput,
  type UpdateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENTS,
  type AnnouncementArchivedV1,
  type AnnouncementClosedV1,
  type AnnouncementCreatedV2,
  type AnnouncementDeletedV1,
  type AnnouncementEditedV2,
  type AnnouncementRenewedV1,
  type AnnouncementResolvedV1,
  type AnnouncementHandedOverV1,
  type AnnouncementSecurityQuestionsSetV1,
  type AnnouncementApprovedV1,
  type AnnouncementHeldForReviewV1,
  type AnnouncementHiddenV1,
  type AnnouncementReportedV1,
  type AnnouncementReportedV3,
  type AnnouncementRestoredV1,
  photosOfEvent,
} from '@tapinti/contracts/announcements-events';
import { isOrganizationMember } from '@tapinti/contracts/roles';
import type { ComplaintType } from '@tapinti/contracts/complaint-types';
import type { Decider, Evolver } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import {
  actsForOrganization,
  assertOrganizationActive,
  type OrganizationActor,
} from '@tapinti/platform/organization-access';
import { REPORT_WEIGHT_TO_HOLD } from './report-weight';
import { REPORTS_RULE } from './risk-rules';

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Elan tapılmadı',
  foreignOrganization: 'Bu təşkilat adından elan yerləşdirə bilməzsiniz',
  badImage: 'Şəkil ünvanı yanlışdır',
  exists: 'Bu elan artıq mövcuddur',
} as const;

/** The fields an edit may change (the create form's, less type and organisation). */
export interface EditableFields {
  title: string;
  description: string;
  category: Category;
  location: string;
  roomNumber: string | null;
  contactInfo: string | null;
  /** Every photo in order (issue 22); the first is the cover, `imageUrl` in events and the API. */
  imageUrls: string[];
  rewardAmount: number;
  rewardDescription: string | null;
  isPublic: boolean;
}

const EDITABLE_KEYS: ReadonlyArray<keyof EditableFields> = [
  'title',
  'description',
  'category',
  'location',
  'roomNumber',
  'contactInfo',
  'imageUrls',
  'rewardAmount',
  'rewardDescription',
  'isPublic',
];

/** The editable fields of a `created` or `edited` payload of either version. */
const editableOf = (
  p: Omit<EditableFields, 'imageUrls'> & { imageUrl: string | null; imageUrls?: string[] },
) =>
  Object.fromEntries(
    EDITABLE_KEYS.map((k) => [k, k === 'imageUrls' ? photosOfEvent(p) : p[k]]),
  ) as unknown as EditableFields;

const sameField = (a: EditableFields[keyof EditableFields], b: EditableFields[keyof EditableFields]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

/** What an announcement's own stream says about it (the write side's view). */
export interface AnnouncementState {
  id: string;
  userId: string;
  organizationId: string | null;
  type: AnnouncementType;
  status: 'open' | 'archived' | 'resolved';
  createdAt: Date;
  /** When its archiving period started: posted, or last renewed. */
  activeSince: Date;
  fields: EditableFields;
  /** The security question texts. */
  questions: string[];
  /** Removed by its author: nothing more happens to it. */
  deleted: boolean;
  moderation: {
    status: ModerationStatus;
    /** Who reported it since its last review (one report per user counts). */
    reporters: string[];
    /** The keyed hashes of their addresses (one report per address counts). */
    reporterAddresses: string[];
    /** The keyed hashes of their browsers' device cookies (one report per device counts). */
    reporterDevices: string[];
    /** What their reports weigh together (REPORT_WEIGHT_TO_HOLD holds it). */
    reportWeight: number;
    /**
     * A super admin kept it (approved or restored) and it has not been edited since: later reports
     * go to the queue but do not hold it again.
     */
    keptByReview: boolean;
  };
}

/** A review closes the reports before it. */
const noReports = () => ({
  reporters: [] as string[],
  reporterAddresses: [] as string[],
  reporterDevices: [] as string[],
  reportWeight: 0,
});

export const announcementEvolver: Evolver<AnnouncementState | null> = {
  initialState: () => null,
  evolve(state, event) {
    if (event.type === ANNOUNCEMENT_EVENTS.created) {
      const p = event.payload as AnnouncementCreatedV2;
      return {
        id: p.announcementId,
        userId: p.userId,
        organizationId: p.organizationId,
        type: p.type,
        status: 'open',
        createdAt: new Date(p.createdAt),
        activeSince: new Date(p.createdAt),
        fields: editableOf(p),
        questions: [],
        deleted: false,
        moderation: { status: 'approved', ...noReports(), keptByReview: false },
      };
    }
    if (!state) return state;
    switch (event.type) {
      case ANNOUNCEMENT_EVENTS.archived:
        return { ...state, status: 'archived' };
      case ANNOUNCEMENT_EVENTS.resolved:
      case ANNOUNCEMENT_EVENTS.closed:
        return { ...state, status: 'resolved' };
      case ANNOUNCEMENT_EVENTS.securityQuestionsSet:
        return { ...state, questions: (event.payload as AnnouncementSecurityQuestionsSetV1).questions };
      case ANNOUNCEMENT_EVENTS.edited:
        // What a review kept was the text before the edit.
        return {
          ...state,
          fields: editableOf(event.payload as AnnouncementEditedV2),
          moderation: { ...state.moderation, keptByReview: false },
        };
      case ANNOUNCEMENT_EVENTS.renewed: {
        const p = event.payload as AnnouncementRenewedV1;
        return { ...state, status: 'open', activeSince: new Date(p.renewedAt) };
      }
      case ANNOUNCEMENT_EVENTS.deleted:
        return { ...state, deleted: true };
      case ANNOUNCEMENT_EVENTS.heldForReview:
        return { ...state, moderation: { ...state.moderation, status: 'pending_review' } };
      case ANNOUNCEMENT_EVENTS.approved:
      case ANNOUNCEMENT_EVENTS.restored:
        return { ...state, moderation: { status: 'approved', ...noReports(), keptByReview: true } };
      case ANNOUNCEMENT_EVENTS.hidden:
        return { ...state, moderation: { status: 'hidden', ...noReports(), keptByReview: false } };
      case ANNOUNCEMENT_EVENTS.reported: {
        // v1 (before issue 21): every report weighed 1 and no address was known; v2: no device.
        const p = event.payload as AnnouncementReportedV1 & Partial<AnnouncementReportedV3>;
        const m = state.moderation;
        return {
          ...state,
          moderation: {
            ...m,
            reporters: [...m.reporters, p.reporterId],
            reporterAddresses: p.addressKey ? [...m.reporterAddresses, p.addressKey] : m.reporterAddresses,
            reporterDevices: p.deviceKey ? [...m.reporterDevices, p.deviceKey] : m.reporterDevices,
            reportWeight: m.reportWeight + (p.weight ?? 1),
          },
        };
      }
      default:
        return state;
    }
  },
};

type Caller = OrganizationActor & { userId: string };

/**
 * Who manages an announcement's security questions and sees their expected answers: its author,
 * its organisation's admins (who handle its claims) and super admins.
 */
export function canManage(caller: Caller, a: { userId: string; organizationId: string | null }): boolean {
  if (caller.userId === a.userId || caller.role === 'super_admin') return true;
  return actsForOrganization(caller, a.organizationId);
}

function questionsSet(announcementId: string, questions: SecurityQuestionInput[], now: Date): NewEvent {
  const payload: AnnouncementSecurityQuestionsSetV1 = {
    announcementId,
    // Only the texts: the expected answers never go into an event.
    questions: questions.map((q) => q.question),
    setAt: now.toISOString(),
  };
  return { type: ANNOUNCEMENT_EVENTS.securityQuestionsSet, schemaVersion: 1, payload };
}

/** Contact shown with the details: the form's, else the author's phone, else their e-mail. */
export function resolveContactInfo(
  given: string | undefined,
  known: { phone: string | null; email: string | null } | null,
): string | null {
  return given ?? known?.phone ?? known?.email ?? null;
}

export interface CreateContext {
  announcementId: string;
  caller: Caller;
  now: Date;
  /** The author's contacts as far as this service knows them (null before auth's event arrived). */
  knownContacts: { phone: string | null; email: string | null } | null;
  /** The risk rules its text and reward match (`riskRulesOf`); any holds it for review. */
  riskRules?: readonly string[];
}

/**
 * The organisation an announcement is filed under. Its admins and staff post for their own organisation
 * (the session's, whether the body names it or not); a super admin may name any; anyone naming an
 * organisation that is not theirs is refused (403).
 */
export function organizationOf(requested: string | null, caller: CreateContext['caller']): string | null {
  if (requested && caller.role !== 'super_admin' && caller.organizationId !== requested) {
    throw new ForbiddenError(ANNOUNCEMENT_MESSAGES.foreignOrganization);
  }
  if (isOrganizationMember(caller.role)) {
    assertOrganizationActive(caller);
    return caller.organizationId;
  }
  return requested;
}

/** An edit: the whole announcement as the form gives it (parsed by the create schema). */
export interface EditContext {
  caller: Caller;
  now: Date;
  knownContacts: { phone: string | null; email: string | null } | null;
  /** The risk rules the edited announcement matches: an approved one is held for review again. */
  riskRules?: readonly string[];
}

function heldForReview(announcementId: string, rules: readonly string[], now: Date): NewEvent {
  const payload: AnnouncementHeldForReviewV1 = {
    announcementId,
    rules: [...rules],
    heldAt: now.toISOString(),
  };
  return { type: ANNOUNCEMENT_EVENTS.heldForReview, schemaVersion: 1, payload };
}

/** The state an announcement must be in for its author or admins to change it, else the refusal. */
function manageable(state: AnnouncementState | null, caller: Caller): AnnouncementState {
  if (!state || state.deleted) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
  if (!canManage(caller, state)) throw new ForbiddenError(ANNOUNCEMENT_LIFE_MESSAGES.notManager);
  return state;
}

/**
 * `edited` with the whole announcement after the edit, and `security-questions-set` when the
 * question texts changed (the body's list replaces the old one, as on create); nothing when
 * nothing changed. Only an open announcement is edited; its type and organisation stay.
 */
function decideEdit(
  input: UpdateAnnouncementRequest,
  context: EditContext,
  current: AnnouncementState | null,
): NewEvent[] {
  const state = manageable(current, context.caller);
  if (state.status !== 'open') throw new ConflictError(ANNOUNCEMENT_LIFE_MESSAGES.notEditable);
  if (input.type !== state.type) throw new ValidationError(ANNOUNCEMENT_LIFE_MESSAGES.typeChanged, 'type');
  if (input.organizationId && input.organizationId !== state.organizationId)
    throw new ValidationError(ANNOUNCEMENT_LIFE_MESSAGES.organizationChanged, 'organizationId');
  const fields: EditableFields = {
    title: input.title,
    description: input.description,
    category: input.category,
    location: input.location,
    roomNumber: input.roomNumber ?? null,
    contactInfo: resolveContactInfo(input.contactInfo, context.knownContacts),
    imageUrls: photosOfRequest(input, state.fields.imageUrls),
    rewardAmount: state.type === 'lost' ? input.rewardAmount : 0,
    rewardDescription: state.type === 'lost' ? (input.rewardDescription ?? null) : null,
    isPublic: input.isPublic ?? true,
  };
  const events: NewEvent[] = [];
  if (EDITABLE_KEYS.some((k) => !sameField(fields[k], state.fields[k]))) {
    const payload: AnnouncementEditedV2 = {
      announcementId: state.id,
      userId: state.userId,
      organizationId: state.organizationId,
      type: state.type,
      ...fields,
      imageUrl: fields.imageUrls[0] ?? null,
      editedAt: context.now.toISOString(),
    };
    events.push({ type: ANNOUNCEMENT_EVENTS.edited, schemaVersion: 2, payload });
    // An edit must not slip past the risk patterns the announcement would be held for when posted.
    if (context.riskRules?.length && state.moderation.status === 'approved')
      events.push(heldForReview(state.id, context.riskRules, context.now));
  }
  const questions = input.securityQuestions ?? [];
  const texts = questions.map((q) => q.question);
  if (texts.length !== state.questions.length || texts.some((t, i) => t !== state.questions[i]))
    events.push(questionsSet(state.id, questions, context.now));
  return events;
}

/**
 * The events a valid create request becomes (`created`, and `security-questions-set` for a found
 * item with questions). Input is already parsed by `createAnnouncementRequestSchema`.
 */
function decideCreate(input: CreateAnnouncementRequest, context: CreateContext): NewEvent[] {
  const questions = input.securityQuestions ?? [];
  if (questions.length && input.type !== 'found') {
    throw new ValidationError(SECURITY_QUESTION_MESSAGES.onlyFound, 'securityQuestions');
  }
  const organizationId = organizationOf(input.organizationId ?? null, context.caller);
  const imageUrls = photosOfRequest(input);
  const payload: AnnouncementCreatedV2 = {
    announcementId: context.announcementId,
    userId: context.caller.userId,
    organizationId,
    type: input.type,
    title: input.title,
    description: input.description,
    category: input.category,
    location: input.location,
    roomNumber: input.roomNumber ?? null,
    contactInfo: resolveContactInfo(input.contactInfo, context.knownContacts),
    imageUrl: imageUrls[0] ?? null,
    imageUrls,
    // The schema refuses a reward on `found`; a lost item without one carries 0.
    rewardAmount: input.type === 'lost' ? input.rewardAmount : 0,
    rewardDescription: input.type === 'lost' ? (input.rewardDescription ?? null) : null,
    isPublic: input.isPublic ?? true,
    createdAt: context.now.toISOString(),
  };
  const created: NewEvent = { type: ANNOUNCEMENT_EVENTS.created, schemaVersion: 2, payload };
  const events = [created];
  if (questions.length) events.push(questionsSet(context.announcementId, questions, context.now));
  if (context.riskRules?.length)
    events.push(heldForReview(context.announcementId, context.riskRules, context.now));
  return events;
}

/** The announcement a moderation command acts on (any state but deleted). */
function moderated(state: AnnouncementState | null): AnnouncementState {
  if (!state || state.deleted) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
  return state;
}

/**
 * A user's report: one per user until the next review; never on one's own announcement. It weighs
 * by the reporter's standing (`reportWeight`), and nothing when another account from the same
 * address or the same browser (device cookie) already reported it since the last review. Once the weights reach
 * `REPORT_WEIGHT_TO_HOLD`, an approved announcement is held for review, unless a super admin kept
 * it since its last edit (the reports then wait in the queue).
 */
function decideReport(
  command: Extract<AnnouncementCommand, { type: 'report' }>,
  current: AnnouncementState | null,
): NewEvent[] {
  const state = moderated(current);
  if (state.userId === command.reporterId) throw new ForbiddenError(MODERATION_MESSAGES.ownReport);
  if (state.moderation.reporters.includes(command.reporterId))
    throw new ConflictError(MODERATION_MESSAGES.alreadyReported);
  const { addressKey, deviceKey } = command;
  const counted =
    (addressKey === null || !state.moderation.reporterAddresses.includes(addressKey)) &&
    (deviceKey === null || !state.moderation.reporterDevices.includes(deviceKey));
  const payload: AnnouncementReportedV3 = {
    announcementId: state.id,
    reporterId: command.reporterId,
    type: command.reportType,
    hasNote: command.hasNote,
    reportedAt: command.now.toISOString(),
    weight: counted ? command.weight : 0,
    addressKey,
    deviceKey,
  };
  const events: NewEvent[] = [{ type: ANNOUNCEMENT_EVENTS.reported, schemaVersion: 3, payload }];
  const { status, keptByReview, reportWeight } = state.moderation;
  if (status === 'approved' && !keptByReview && reportWeight + payload.weight >= REPORT_WEIGHT_TO_HOLD)
    events.push(heldForReview(state.id, [REPORTS_RULE], command.now));
  return events;
}

/** A super admin's decision on the moderation queue (the route admits super admins only). */
function decideModeration(
  command: Extract<AnnouncementCommand, { type: 'approve' | 'hide' | 'restore' }>,
  current: AnnouncementState | null,
): NewEvent[] {
  const state = moderated(current);
  const { status, reporters } = state.moderation;
  const at = command.now.toISOString();
  switch (command.type) {
    case 'approve': {
      // Pending review, or approved with reports to dismiss.
      if (status === 'hidden' || (status === 'approved' && reporters.length === 0))
        throw new ConflictError(MODERATION_MESSAGES.notPending);
      const payload: AnnouncementApprovedV1 = { announcementId: state.id, approvedAt: at };
      return [{ type: ANNOUNCEMENT_EVENTS.approved, schemaVersion: 1, payload }];
    }
    case 'hide': {
      if (status === 'hidden') throw new ConflictError(MODERATION_MESSAGES.alreadyHidden);
      const payload: AnnouncementHiddenV1 = {
        announcementId: state.id,
        reason: command.reason,
        hiddenAt: at,
      };
      return [{ type: ANNOUNCEMENT_EVENTS.hidden, schemaVersion: 1, payload }];
    }
    case 'restore': {
      if (status !== 'hidden') throw new ConflictError(MODERATION_MESSAGES.notHidden);
      const payload: AnnouncementRestoredV1 = { announcementId: state.id, restoredAt: at };
      return [{ type: ANNOUNCEMENT_EVENTS.restored, schemaVersion: 1, payload }];
    }
  }
}

export type AnnouncementCommand =
  | { type: 'create'; input: CreateAnnouncementRequest; context: CreateContext }
  /** Archives an open announcement once `archiveAfterMs` has passed since it was created. */
  | { type: 'archive'; now: Date; archiveAfterMs: number }
  /** Replaces a found item's security questions (all of them; [] removes them). */
  | { type: 'set-security-questions'; questions: SecurityQuestionInput[]; caller: Caller; now: Date }
  /** A claim on it was resolved_claimed: the item went back to its owner. */
  | { type: 'resolve'; requestId: string; resolvedAt: Date }
  /** The claimed item is in its owner's hands (the owner's hand-over code was confirmed). */
  | { type: 'hand-over'; requestId: string; handedOverAt: Date }
  /** Its author or admins change it (the whole announcement, as on create). */
  | { type: 'edit'; input: UpdateAnnouncementRequest; context: EditContext }
  /** Its author or admins close it: returned to its owner, or no longer needed. */
  | { type: 'close'; outcome: CloseOutcome; caller: Caller; now: Date }
  /**
   * An organisation's item left its register (returned, disposed of): its public listing closes
   * (issue 25). Once: already resolved, deleted or never listed changes nothing.
   */
  | { type: 'end-listing'; outcome: CloseOutcome; now: Date }
  /** Its author or admins remove it. */
  | { type: 'delete'; caller: Caller; now: Date }
  /** Its author or admins open an archived one again for another archiving period. */
  | { type: 'renew'; caller: Caller; now: Date }
  /**
   * A user reports it (§3 complaint type); the note itself stays out of the event. `weight`: the
   * reporter's standing (`reportWeight`); `addressKey` / `deviceKey`: the keyed hashes of their
   * address and of their browser's device cookie, if known.
   */
  | {
      type: 'report';
      reporterId: string;
      reportType: ComplaintType;
      hasNote: boolean;
      weight: number;
      addressKey: string | null;
      deviceKey: string | null;
      now: Date;
    }
  /** Super admin: publish one held for review, or dismiss the reports of an approved one. */
  | { type: 'approve'; now: Date }
  /** Super admin: out of every public list, with a reason its author sees. */
  | { type: 'hide'; reason: string; now: Date }
  /** Super admin: a hidden one is shown again. */
  | { type: 'restore'; now: Date };

export const announcementDecider: Decider<AnnouncementState | null, AnnouncementCommand> = {
  ...announcementEvolver,
  decide(command, state) {
    switch (command.type) {
      case 'create':
        if (state) throw new ConflictError(ANNOUNCEMENT_MESSAGES.exists);
        return decideCreate(command.input, command.context);
      case 'archive': {
        if (!state || state.status !== 'open' || state.deleted) return [];
        // The period counts from the last renewal, if any.
        const dueAt = state.activeSince.getTime() + command.archiveAfterMs;
        if (dueAt > command.now.getTime()) return [];
        const payload: AnnouncementArchivedV1 = {
          announcementId: state.id,
          reason: 'expired',
          archivedAt: command.now.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.archived, schemaVersion: 1, payload }];
      }
      case 'set-security-questions': {
        if (!state || state.deleted) throw new NotFoundError(ANNOUNCEMENT_MESSAGES.notFound);
        if (!canManage(command.caller, state))
          throw new ForbiddenError(SECURITY_QUESTION_MESSAGES.notManager);
        if (state.type !== 'found') throw new ConflictError(SECURITY_QUESTION_MESSAGES.onlyFound);
        if (state.status !== 'open') throw new ConflictError(SECURITY_QUESTION_MESSAGES.closed);
        return [questionsSet(state.id, command.questions, command.now)];
      }
      case 'resolve': {
        // Once: a redelivered or second claim changes nothing. An archived item can still go back.
        if (!state || state.status === 'resolved' || state.deleted) return [];
        const payload: AnnouncementResolvedV1 = {
          announcementId: state.id,
          requestId: command.requestId,
          resolvedAt: command.resolvedAt.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.resolved, schemaVersion: 1, payload }];
      }
      case 'hand-over': {
        // Redeliveries are caught by the consumer's processed ids; a deleted one stays deleted.
        if (!state || state.deleted) return [];
        const payload: AnnouncementHandedOverV1 = {
          announcementId: state.id,
          requestId: command.requestId,
          handedOverAt: command.handedOverAt.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.handedOver, schemaVersion: 1, payload }];
      }
      case 'edit':
        return decideEdit(command.input, command.context, state);
      case 'close': {
        // An archived one can be closed too (the item turned up after its period).
        const current = manageable(state, command.caller);
        if (current.status === 'resolved') throw new ConflictError(ANNOUNCEMENT_LIFE_MESSAGES.alreadyClosed);
        const payload: AnnouncementClosedV1 = {
          announcementId: current.id,
          outcome: command.outcome,
          closedAt: command.now.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.closed, schemaVersion: 1, payload }];
      }
      case 'end-listing': {
        if (!state || state.deleted || state.status === 'resolved') return [];
        const payload: AnnouncementClosedV1 = {
          announcementId: state.id,
          outcome: command.outcome,
          closedAt: command.now.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.closed, schemaVersion: 1, payload }];
      }
      case 'delete': {
        const current = manageable(state, command.caller);
        const payload: AnnouncementDeletedV1 = {
          announcementId: current.id,
          deletedAt: command.now.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.deleted, schemaVersion: 1, payload }];
      }
      case 'renew': {
        const current = manageable(state, command.caller);
        if (current.status !== 'archived') throw new ConflictError(ANNOUNCEMENT_LIFE_MESSAGES.notArchived);
        const payload: AnnouncementRenewedV1 = {
          announcementId: current.id,
          renewedAt: command.now.toISOString(),
        };
        return [{ type: ANNOUNCEMENT_EVENTS.renewed, schemaVersion: 1, payload }];
      }
      case 'report':
        return decideReport(command, state);
      case 'approve':
      case 'hide':
      case 'restore':
        return decideModeration(command, state);
    }
  },
};
