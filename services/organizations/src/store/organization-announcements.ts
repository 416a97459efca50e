import type {
  AnnouncementArchivedV1,
  AnnouncementClosedV1,
  AnnouncementCreatedV1,
  AnnouncementDeletedV1,
  AnnouncementEditedV1,
  AnnouncementRenewedV1,
  AnnouncementResolvedV1,
} from '@tapinti/contracts/announcements-events';
import type { Knex } from '@tapinti/platform/db';
import { TABLES } from './tables';

/**
 * Organisations' announcements as `announcements.events` tell them (consumer state: this service
 * never reads another service's tables). Only announcements posted for an organisation are kept.
 */
export async function announcementCreated(trx: Knex.Transaction, p: AnnouncementCreatedV1): Promise<void> {
  if (!p.organizationId) return;
  await trx(TABLES.organizationAnnouncements)
    .insert({
      id: p.announcementId,
      organization_id: p.organizationId,
      user_id: p.userId,
      type: p.type,
      title: p.title,
      description: p.description,
      category: p.category,
      location: p.location,
      room_number: p.roomNumber,
      contact_info: p.contactInfo,
      image_url: p.imageUrl,
      reward_amount: p.rewardAmount,
      reward_description: p.rewardDescription,
      status: 'open',
      is_public: p.isPublic,
      created_at: p.createdAt,
    })
    .onConflict('id')
    .ignore();
}

export async function announcementArchived(trx: Knex.Transaction, p: AnnouncementArchivedV1): Promise<void> {
  await trx(TABLES.organizationAnnouncements)
    .where({ id: p.announcementId })
    .update({ status: 'archived', archived_at: p.archivedAt });
}

/** A claim on it was resolved_claimed: the item went back to its owner; it stays listed. */
export async function announcementResolved(trx: Knex.Transaction, p: AnnouncementResolvedV1): Promise<void> {
  await trx(TABLES.organizationAnnouncements).where({ id: p.announcementId }).update({ status: 'resolved' });
}

/** The whole announcement after the edit (its organisation never changes). */
export async function announcementEdited(trx: Knex.Transaction, p: AnnouncementEditedV1): Promise<void> {
  await trx(TABLES.organizationAnnouncements).where({ id: p.announcementId }).update({
    title: p.title,
    description: p.description,
    category: p.category,
    location: p.location,
    room_number: p.roomNumber,
    contact_info: p.contactInfo,
    image_url: p.imageUrl,
    reward_amount: p.rewardAmount,
    reward_description: p.rewardDescription,
    is_public: p.isPublic,
  });
}

/** Closed by its author or an admin: like `resolved`, it stays listed. */
export async function announcementClosed(trx: Knex.Transaction, p: AnnouncementClosedV1): Promise<void> {
  await trx(TABLES.organizationAnnouncements).where({ id: p.announcementId }).update({ status: 'resolved' });
}

/** Deleted: gone from every list, this one too (the audit trail keeps it). */
export async function announcementDeleted(trx: Knex.Transaction, p: AnnouncementDeletedV1): Promise<void> {
  await trx(TABLES.organizationAnnouncements).where({ id: p.announcementId }).delete();
}

/** Renewed: open again, no longer archived. */
export async function announcementRenewed(trx: Knex.Transaction, p: AnnouncementRenewedV1): Promise<void> {
  await trx(TABLES.organizationAnnouncements)
    .where({ id: p.announcementId })
    .update({ status: 'open', archived_at: null });
}

/**
 * Moderation: held for review or hidden by a super admin, it leaves the venue page as it leaves the
 * public board, until approved or restored; its organisation's own list keeps showing it.
 */
export async function announcementModerated(
  trx: Knex.Transaction,
  p: { announcementId: string },
  approved: boolean,
): Promise<void> {
  await trx(TABLES.organizationAnnouncements).where({ id: p.announcementId }).update({ approved });
}
