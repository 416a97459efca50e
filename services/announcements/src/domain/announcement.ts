import type { CreateAnnouncementRequest } from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENTS,
  type AnnouncementArchivedV1,
  type AnnouncementCreatedV1,
} from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type { Role } from '@tapinti/contracts/roles';
import { ForbiddenError } from '@tapinti/platform/errors';
import type { NewEvent } from '@tapinti/eventstore/event-store';

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Elan tapılmadı',
  foreignOrganization: 'Bu təşkilat adından elan yerləşdirə bilməzsiniz',
  badImage: 'Şəkil ünvanı yanlışdır',
} as const;

/** What an announcement's own stream says about it (the write side's view). */
export interface AnnouncementState {
  id: string;
  userId: string;
  status: 'open' | 'archived';
  createdAt: Date;
  /** Events in the stream: the expected version for the next append. */
  version: number;
}

export function stateOf(events: EventEnvelope[]): AnnouncementState | null {
  let state: AnnouncementState | null = null;
  for (const event of events) {
    if (event.type === ANNOUNCEMENT_EVENTS.created) {
      const p = event.payload as AnnouncementCreatedV1;
      state = {
        id: p.announcementId,
        userId: p.userId,
        status: 'open',
        createdAt: new Date(p.createdAt),
        version: 0,
      };
    } else if (event.type === ANNOUNCEMENT_EVENTS.archived && state) {
      state.status = 'archived';
    }
    if (state) state.version = event.streamVersion;
  }
  return state;
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
  caller: { userId: string; role: Role; organizationId: string | null };
  now: Date;
  /** The author's contacts as far as this service knows them (null before auth's event arrived). */
  knownContacts: { phone: string | null; email: string | null } | null;
}

/** The event a valid create request becomes. Input is already parsed by `createAnnouncementSchema`. */
export function decideCreate(input: CreateAnnouncementRequest, context: CreateContext): NewEvent[] {
  const organizationId = input.organizationId ?? null;
  if (
    organizationId &&
    context.caller.role !== 'super_admin' &&
    context.caller.organizationId !== organizationId
  ) {
    throw new ForbiddenError(ANNOUNCEMENT_MESSAGES.foreignOrganization);
  }
  const payload: AnnouncementCreatedV1 = {
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
    imageUrl: input.imageUrl ?? null,
    // The schema refuses a reward on `found`; a lost item without one carries 0.
    rewardAmount: input.type === 'lost' ? input.rewardAmount : 0,
    rewardDescription: input.type === 'lost' ? (input.rewardDescription ?? null) : null,
    isPublic: input.isPublic ?? true,
    createdAt: context.now.toISOString(),
  };
  return [{ type: ANNOUNCEMENT_EVENTS.created, schemaVersion: 1, payload }];
}

export type ArchiveDecision =
  | { kind: 'archive'; events: NewEvent[]; expectedVersion: number }
  | { kind: 'not-due'; dueAt: Date }
  | { kind: 'nothing'; reason: 'unknown' | 'already-archived' };

/** Archives an open announcement once `archiveAfterMs` has passed since it was created. */
export function decideArchive(
  state: AnnouncementState | null,
  now: Date,
  archiveAfterMs: number,
): ArchiveDecision {
  if (!state) return { kind: 'nothing', reason: 'unknown' };
  if (state.status === 'archived') return { kind: 'nothing', reason: 'already-archived' };
  const dueAt = new Date(state.createdAt.getTime() + archiveAfterMs);
  if (dueAt.getTime() > now.getTime()) return { kind: 'not-due', dueAt };
  const payload: AnnouncementArchivedV1 = {
    announcementId: state.id,
    reason: 'expired',
    archivedAt: now.toISOString(),
  };
  return {
    kind: 'archive',
    expectedVersion: state.version,
    events: [{ type: ANNOUNCEMENT_EVENTS.archived, schemaVersion: 1, payload }],
  };
}
