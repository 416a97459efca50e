import type { Knex } from 'knex';
import type { AnnouncementCopy } from '../domain/request';
import { jsonValue } from './json';

export const ANNOUNCEMENTS = 'requests.announcements';

interface AnnouncementRow {
  id: string;
  user_id: string;
  organization_id: string | null;
  type: AnnouncementCopy['type'];
  title: string;
  room_number: string | null;
  status: string;
  is_public: boolean;
  is_active: boolean;
  approved: boolean;
  security_questions: unknown;
}

const toCopy = (row: AnnouncementRow): AnnouncementCopy => ({
  id: row.id,
  userId: row.user_id,
  organizationId: row.organization_id,
  type: row.type,
  title: row.title,
  roomNumber: row.room_number,
  status: row.status,
  isPublic: row.is_public,
  isActive: row.is_active,
  approved: row.approved,
  securityQuestions: jsonValue<string[]>(row.security_questions, []),
});

/** Status of a deleted announcement: its row stays so claims on it keep their title. */
export const DELETED_STATUS = 'deleted';

/** An announcement that can be claimed or looked at; a deleted one is as unknown (404). */
export async function findAnnouncement(db: Knex, id: string): Promise<AnnouncementCopy | null> {
  const row = await db(ANNOUNCEMENTS).where({ id }).whereNot({ status: DELETED_STATUS }).first();
  return row ? toCopy(row) : null;
}

/** A new announcement (an already known one is left as it is: events may be redelivered). */
export async function insertAnnouncement(
  trx: Knex.Transaction,
  a: Omit<AnnouncementCopy, 'status' | 'isActive' | 'approved' | 'securityQuestions'>,
  at: string,
): Promise<void> {
  await trx(ANNOUNCEMENTS)
    .insert({
      id: a.id,
      user_id: a.userId,
      organization_id: a.organizationId,
      type: a.type,
      title: a.title,
      room_number: a.roomNumber,
      status: 'open',
      is_public: a.isPublic,
      is_active: true,
      security_questions: JSON.stringify([]),
      updated_at: at,
    })
    .onConflict('id')
    .ignore();
}

export type AnnouncementChanges = Partial<{
  status: string;
  isActive: boolean;
  approved: boolean;
  securityQuestions: string[];
  title: string;
  roomNumber: string | null;
  isPublic: boolean;
}>;

export async function updateAnnouncement(
  trx: Knex.Transaction,
  id: string,
  changes: AnnouncementChanges,
  at: string,
): Promise<void> {
  await trx(ANNOUNCEMENTS)
    .where({ id })
    .update({
      ...(changes.status === undefined ? {} : { status: changes.status }),
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.roomNumber === undefined ? {} : { room_number: changes.roomNumber }),
      ...(changes.isPublic === undefined ? {} : { is_public: changes.isPublic }),
      ...(changes.isActive === undefined ? {} : { is_active: changes.isActive }),
      ...(changes.approved === undefined ? {} : { approved: changes.approved }),
      ...(changes.securityQuestions === undefined
        ? {}
        : { security_questions: JSON.stringify(changes.securityQuestions) }),
      updated_at: at,
    });
}
