import type { Knex } from 'knex';
import { HANDOVER_MAX_ATTEMPTS, type Handover } from '@tapinti/contracts/requests-api';
import { isOrganizationMember } from '@tapinti/contracts/roles';
import type { Actor, AnnouncementCopy } from '../domain/request';
import { ANNOUNCEMENTS } from './announcements';

export const HANDOVERS = 'requests.handovers';

const iso = (v: Date | string | null): string | null =>
  v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();

/** The claimed announcement's type and author, deleted or not (they decide who owns the item). */
export async function announcementSides(
  db: Knex,
  announcementId: string,
): Promise<Pick<AnnouncementCopy, 'type' | 'userId'> | null> {
  const row = await db(ANNOUNCEMENTS).where({ id: announcementId }).first('type', 'user_id');
  return row ? { type: row.type, userId: row.user_id } : null;
}

type Row = Record<string, any>;

function selectHandovers(db: Knex) {
  return db(`${HANDOVERS} as h`)
    .leftJoin(`${ANNOUNCEMENTS} as a`, 'a.id', 'h.announcement_id')
    .leftJoin('requests.requests as r', 'r.id', 'h.request_id')
    .select(
      'h.*',
      'r.organization_id',
      'a.title as announcement_title',
      'a.type as announcement_type',
      'a.room_number as announcement_room_number',
      'a.status as announcement_status',
    )
    .orderBy([
      { column: 'h.issued_at', order: 'desc' },
      { column: 'h.request_id', order: 'desc' },
    ])
    .limit(500);
}

/**
 * The caller's hand-overs: as the item's owner, as its finder (or an admin of the organisation
 * holding it), and for a super admin every locked one. `codeOf` gives the owner's current code.
 */
export async function listHandovers(
  db: Knex,
  actor: Actor,
  codeOf: (requestId: string, generation: number) => string,
): Promise<Handover[]> {
  const rows: Row[] = await selectHandovers(db).where((q) => {
    q.where('h.owner_user_id', actor.userId).orWhere('h.finder_user_id', actor.userId);
    // A deactivated organisation's hand-overs leave its members' list (issue 21).
    if (isOrganizationMember(actor.role) && actor.organizationId && actor.organizationActive !== false)
      q.orWhere('h.finder_organization_id', actor.organizationId);
    if (actor.role === 'super_admin') q.orWhere('h.locked', true);
  });
  return rows.map((row) => toHandover(row, actor, codeOf));
}

export async function findHandover(
  db: Knex,
  requestId: string,
  actor: Actor,
  codeOf: (requestId: string, generation: number) => string,
): Promise<Handover | null> {
  const row = await selectHandovers(db).where('h.request_id', requestId).first();
  return row ? toHandover(row, actor, codeOf) : null;
}

function toHandover(
  row: Row,
  actor: Actor,
  codeOf: (requestId: string, generation: number) => string,
): Handover {
  const role =
    row.owner_user_id === actor.userId
      ? 'owner'
      : row.finder_user_id === actor.userId ||
          (isOrganizationMember(actor.role) && row.finder_organization_id === actor.organizationId)
        ? 'finder'
        : 'super_admin';
  const state = row.handed_over_at ? 'handed_over' : row.locked ? 'locked' : 'awaiting';
  return {
    requestId: row.request_id,
    announcementId: row.announcement_id,
    organizationId: row.organization_id ?? null,
    role,
    state,
    // Only the owner ever sees the code, and only while it is awaited.
    code: role === 'owner' && state === 'awaiting' ? codeOf(row.request_id, row.generation) : null,
    failedAttempts: row.failed_attempts,
    attemptsLeft: state === 'awaiting' ? Math.max(0, HANDOVER_MAX_ATTEMPTS - row.failed_attempts) : 0,
    issuedAt: iso(row.issued_at)!,
    handedOverAt: iso(row.handed_over_at),
    announcement:
      row.announcement_title == null
        ? null
        : {
            title: row.announcement_title,
            type: row.announcement_type,
            roomNumber: row.announcement_room_number,
            status: row.announcement_status,
          },
  };
}
