import type { Knex } from 'knex';
import type {
  AnnouncementArchivedV1,
  AnnouncementClosedV1,
  AnnouncementCreatedV1,
  AnnouncementDeletedV1,
  AnnouncementEditedV1,
  AnnouncementRenewedV1,
  AnnouncementResolvedV1,
} from '@tapinti/contracts/announcements-events';
import type {
  UserProfileUpdatedV1,
  UserPurgedV1,
  UserRegisteredV1,
  UserRoleChangedV1,
  UserRoleChangedV2,
} from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import type {
  OrganizationCreatedV1,
  OrganizationDeactivatedV1,
  OrganizationReactivatedV1,
  OrganizationUpdatedV1,
} from '@tapinti/contracts/organizations-events';
import type { RequestFiledV1, RequestStatusChangedV1 } from '@tapinti/contracts/requests-events';
import { searchTextOf } from '../domain/search-text';
import { PURGED_ACCOUNT_NAME } from '../store/audit-logs';
import { DELETED } from '../store/analytics';

/**
 * The analytics read models (KPIs and global search, served by analytics/), one handler per
 * event type and version; payloads arrive parsed by their contract schemas.
 */
const USERS = 'audit.analytics_users';
const ANNOUNCEMENTS = 'audit.analytics_announcements';
const ORGANIZATIONS = 'audit.analytics_organizations';
const REQUESTS = 'audit.analytics_requests';

export async function userRegistered(trx: Knex.Transaction, p: UserRegisteredV1, event: EventEnvelope) {
  await trx(USERS)
    .insert({
      id: p.userId,
      username: p.username,
      email: p.email,
      phone: p.phone,
      role: p.role,
      created_at: event.metadata.occurredAt,
      search_text: searchTextOf(p.username, p.email, p.phone),
    })
    .onConflict('id')
    .ignore();
}

export async function userProfileUpdated(trx: Knex.Transaction, p: UserProfileUpdatedV1) {
  const user = await trx(USERS).where({ id: p.userId }).first();
  if (!user) return;
  const next = {
    username: p.after.username ?? user.username,
    email: p.after.email ?? user.email,
    phone: p.after.phone === undefined ? user.phone : p.after.phone,
  };
  await trx(USERS)
    .where({ id: p.userId })
    .update({ ...next, search_text: searchTextOf(next.username, next.email, next.phone) });
}

/** A purged account stays counted, without its name, address or number. */
export async function userPurged(trx: Knex.Transaction, p: UserPurgedV1) {
  await trx(USERS)
    .where({ id: p.userId })
    .update({ username: PURGED_ACCOUNT_NAME, email: '', phone: null, search_text: '' });
}

export async function userRoleChanged(trx: Knex.Transaction, p: UserRoleChangedV1 | UserRoleChangedV2) {
  await trx(USERS).where({ id: p.userId }).update({ role: p.after.role });
}

export async function announcementCreated(trx: Knex.Transaction, p: AnnouncementCreatedV1) {
  await trx(ANNOUNCEMENTS)
    .insert({
      id: p.announcementId,
      user_id: p.userId,
      type: p.type,
      title: p.title,
      category: p.category,
      location: p.location,
      status: 'open',
      created_at: p.createdAt,
      search_text: searchTextOf(p.title, p.description, p.location),
    })
    .onConflict('id')
    .ignore();
}

export async function announcementArchived(trx: Knex.Transaction, p: AnnouncementArchivedV1) {
  await trx(ANNOUNCEMENTS).where({ id: p.announcementId }).update({ status: 'archived' });
}

/** A claim on it was resolved_claimed: the item went back to its owner. */
export async function announcementResolved(trx: Knex.Transaction, p: AnnouncementResolvedV1) {
  await trx(ANNOUNCEMENTS).where({ id: p.announcementId }).update({ status: 'resolved' });
}

/** Searched by what it says now. */
export async function announcementEdited(trx: Knex.Transaction, p: AnnouncementEditedV1) {
  await trx(ANNOUNCEMENTS)
    .where({ id: p.announcementId })
    .update({
      title: p.title,
      category: p.category,
      location: p.location,
      search_text: searchTextOf(p.title, p.description, p.location),
    });
}

/** Closed by its author (returned, or no longer needed): resolved, like one a claim resolved. */
export async function announcementClosed(trx: Knex.Transaction, p: AnnouncementClosedV1) {
  await trx(ANNOUNCEMENTS).where({ id: p.announcementId }).update({ status: 'resolved' });
}

/**
 * Removed: still one of the announcements ever posted (the KPIs), but no longer found by the
 * search (its row stays so exported requests keep its title).
 */
export async function announcementDeleted(trx: Knex.Transaction, p: AnnouncementDeletedV1) {
  await trx(ANNOUNCEMENTS).where({ id: p.announcementId }).update({ status: DELETED });
}

/** Open again for another archiving period. */
export async function announcementRenewed(trx: Knex.Transaction, p: AnnouncementRenewedV1) {
  await trx(ANNOUNCEMENTS)
    .where({ id: p.announcementId })
    .whereNot({ status: DELETED })
    .update({ status: 'open' });
}

/** Organisations are searched by name. */
export async function organizationCreated(trx: Knex.Transaction, p: OrganizationCreatedV1) {
  await trx(ORGANIZATIONS)
    .insert({
      id: p.organizationId,
      name: p.name,
      type: p.type,
      is_active: p.isActive,
      created_at: p.createdAt,
      search_text: searchTextOf(p.name),
    })
    .onConflict('id')
    .ignore();
}

export async function organizationUpdated(trx: Knex.Transaction, p: OrganizationUpdatedV1) {
  const { name, type } = p.after;
  if (name === undefined && type === undefined) return;
  await trx(ORGANIZATIONS)
    .where({ id: p.organizationId })
    .update({
      ...(name === undefined ? {} : { name, search_text: searchTextOf(name) }),
      ...(type === undefined ? {} : { type }),
    });
}

export async function organizationDeactivated(trx: Knex.Transaction, p: OrganizationDeactivatedV1) {
  await trx(ORGANIZATIONS).where({ id: p.organizationId }).update({ is_active: false });
}

export async function organizationReactivated(trx: Knex.Transaction, p: OrganizationReactivatedV1) {
  await trx(ORGANIZATIONS).where({ id: p.organizationId }).update({ is_active: true });
}

export async function requestFiled(trx: Knex.Transaction, p: RequestFiledV1) {
  await trx(REQUESTS)
    .insert({
      id: p.requestId,
      announcement_id: p.announcementId,
      organization_id: p.organizationId,
      status: p.status,
      created_at: p.createdAt,
    })
    .onConflict('id')
    .ignore();
}

export async function requestStatusChanged(trx: Knex.Transaction, p: RequestStatusChangedV1) {
  await trx(REQUESTS).where({ id: p.requestId }).update({ status: p.to });
}
