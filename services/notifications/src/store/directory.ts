import {
  ANNOUNCEMENT_EVENTS,
  type AnnouncementArchivedV1,
  type AnnouncementClosedV1,
  type AnnouncementCreatedV1,
  type AnnouncementDeletedV1,
  type AnnouncementEditedV1,
  type AnnouncementRenewedV1,
  type AnnouncementResolvedV1,
} from '@tapinti/contracts/announcements-events';
import {
  AUTH_EVENTS,
  type UserProfileUpdatedV1,
  type UserRegisteredV1,
  type UserRoleChangedV1,
} from '@tapinti/contracts/auth-events';
import {
  ORGANIZATION_EVENTS,
  type ApplicationApprovedV1,
  type ApplicationContractRequestedV1,
  type ApplicationRejectedV1,
  type ApplicationSubmittedV1,
  type OrganizationCreatedV1,
  type OrganizationDeactivatedV1,
  type OrganizationReactivatedV1,
  type OrganizationUpdatedV1,
  type SubscriptionExpiredV1,
  type SubscriptionStartedV1,
} from '@tapinti/contracts/organizations-events';
import {
  REQUEST_EVENTS,
  type RequestFiledV1,
  type RequestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { DAY_MS } from '@tapinti/contracts/baku-calendar';
import {
  DEFAULT_RETENTION_DAYS,
  INVENTORY_EVENTS,
  type ItemLoggedV1,
  type ItemLoggedV2,
} from '@tapinti/contracts/inventory-events';
import type { Knex } from '@tapinti/platform/db';

/**
 * The directory: what the notifications service knows of users, announcements, applications,
 * organisations, subscriptions and requests, from the events it consumed (never another service's
 * tables). `projectDirectory` is the one place these tables change, live and in a rebuild; every
 * value comes from the event, so replaying the same events gives the same rows.
 */
const T = {
  users: 'notifications.users',
  announcements: 'notifications.announcements',
  applications: 'notifications.applications',
  organizations: 'notifications.organizations',
  subscriptions: 'notifications.subscriptions',
  requests: 'notifications.requests',
  inventoryItems: 'notifications.inventory_items',
} as const;

type Projector = (db: Knex | Knex.Transaction, payload: any) => Promise<void>;

const definedOnly = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/** An item leaves the digest once it is no longer held (claimed, returned or disposed of). */
const itemLeft =
  (state: string): Projector =>
  async (db, p: { itemId: string }) => {
    await db(T.inventoryItems).where({ item_id: p.itemId }).update({ state });
  };

const PROJECTORS: Record<string, Projector> = {
  /** v1 (before retention) is due after its category's default; v2 and v3 say when. */
  [INVENTORY_EVENTS.itemLogged]: async (
    db,
    p: ItemLoggedV1 & Partial<Pick<ItemLoggedV2, 'disposeAfter'>>,
  ) => {
    const disposeAfter =
      p.disposeAfter ??
      new Date(Date.parse(p.foundAt) + DEFAULT_RETENTION_DAYS[p.category] * DAY_MS).toISOString();
    await db(T.inventoryItems)
      .insert({
        item_id: p.itemId,
        organization_id: p.organizationId,
        reference_number: p.referenceNumber,
        title: p.title,
        category: p.category,
        dispose_after: disposeAfter,
        state: 'stored',
      })
      .onConflict('item_id')
      .ignore();
  },
  [INVENTORY_EVENTS.itemClaimed]: itemLeft('claimed'),
  [INVENTORY_EVENTS.itemReturned]: itemLeft('returned'),
  [INVENTORY_EVENTS.itemDisposed]: itemLeft('disposed'),
  [AUTH_EVENTS.registered]: async (db, p: UserRegisteredV1) => {
    const row = {
      user_id: p.userId,
      username: p.username,
      email: p.email,
      role: p.role,
      organization_id: p.organizationId,
    };
    await db(T.users).insert(row).onConflict('user_id').merge();
  },
  [AUTH_EVENTS.profileUpdated]: async (db, p: UserProfileUpdatedV1) => {
    const changes = definedOnly({ username: p.after.username, email: p.after.email });
    if (Object.keys(changes).length) await db(T.users).where({ user_id: p.userId }).update(changes);
  },
  /** A purged account (issue 15): its name and address are forgotten here too. */
  [AUTH_EVENTS.purged]: async (db, p: { userId: string }) => {
    await db(T.users)
      .where({ user_id: p.userId })
      .update({ username: `deleted-${p.userId}`, email: `${p.userId}@deleted.invalid` });
  },
  [AUTH_EVENTS.roleChanged]: async (db, p: UserRoleChangedV1) => {
    await db(T.users)
      .where({ user_id: p.userId })
      .update({ role: p.after.role, organization_id: p.after.organizationId });
  },
  [ANNOUNCEMENT_EVENTS.created]: async (db, p: AnnouncementCreatedV1) => {
    await db(T.announcements)
      .insert({
        announcement_id: p.announcementId,
        user_id: p.userId,
        organization_id: p.organizationId,
        type: p.type,
        title: p.title,
        status: 'open',
        created_at: p.createdAt,
        archived_at: null,
        period_started_at: p.createdAt,
        period_subject_id: p.announcementId,
      })
      .onConflict('announcement_id')
      .ignore();
  },
  /** Only an open one is archived (the archived notice looks for `archived`: never a closed or deleted one). */
  [ANNOUNCEMENT_EVENTS.archived]: async (db, p: AnnouncementArchivedV1) => {
    await db(T.announcements)
      .where({ announcement_id: p.announcementId, status: 'open' })
      .update({ status: 'archived', archived_at: p.archivedAt });
  },
  /** The title match and claim notices name follows the edit. */
  [ANNOUNCEMENT_EVENTS.edited]: async (db, p: AnnouncementEditedV1) => {
    await db(T.announcements).where({ announcement_id: p.announcementId }).update({ title: p.title });
  },
  /** Closed by its author: like `resolved`, no reminder nor archived notice any more. */
  [ANNOUNCEMENT_EVENTS.closed]: async (db, p: AnnouncementClosedV1) => {
    await db(T.announcements)
      .where({ announcement_id: p.announcementId, status: 'open' })
      .update({ status: 'resolved' });
  },
  /** Deleted: never reminded nor told about again; kept so claim notices still name it. */
  [ANNOUNCEMENT_EVENTS.deleted]: async (db, p: AnnouncementDeletedV1) => {
    await db(T.announcements).where({ announcement_id: p.announcementId }).update({ status: 'deleted' });
  },
  /** A new archiving period from `renewedAt`, with its own reminder and archived notice. */
  [ANNOUNCEMENT_EVENTS.renewed]: async (db, p: AnnouncementRenewedV1) => {
    await db(T.announcements)
      .where({ announcement_id: p.announcementId })
      .whereNot({ status: 'deleted' })
      .update({
        status: 'open',
        archived_at: null,
        period_started_at: p.renewedAt,
        period_subject_id: `${p.announcementId}:${p.renewedAt}`,
      });
  },
  /** Its item went back to its owner: no archiving reminder for it any more. */
  [ANNOUNCEMENT_EVENTS.resolved]: async (db, p: AnnouncementResolvedV1) => {
    await db(T.announcements)
      .where({ announcement_id: p.announcementId, status: 'open' })
      .update({ status: 'resolved' });
  },
  [ORGANIZATION_EVENTS.applicationSubmitted]: async (db, p: ApplicationSubmittedV1) => {
    await db(T.applications)
      .insert({
        application_id: p.applicationId,
        organization_name: p.organizationName,
        organization_type: p.organizationType,
        contact_email: p.contactEmail,
        contact_person: p.contactPerson,
        submitted_by: p.submittedBy,
        status: p.status,
        organization_id: null,
        subscription_id: null,
      })
      .onConflict('application_id')
      .ignore();
  },
  [ORGANIZATION_EVENTS.applicationApproved]: async (db, p: ApplicationApprovedV1) => {
    await db(T.applications)
      .where({ application_id: p.applicationId })
      .update({ status: p.status, organization_id: p.organizationId, subscription_id: p.subscriptionId });
  },
  [ORGANIZATION_EVENTS.applicationRejected]: async (db, p: ApplicationRejectedV1) => {
    await db(T.applications).where({ application_id: p.applicationId }).update({ status: p.status });
  },
  [ORGANIZATION_EVENTS.applicationContractRequested]: async (db, p: ApplicationContractRequestedV1) => {
    await db(T.applications).where({ application_id: p.applicationId }).update({ status: p.status });
  },
  [ORGANIZATION_EVENTS.created]: async (db, p: OrganizationCreatedV1) => {
    await db(T.organizations)
      .insert({
        organization_id: p.organizationId,
        application_id: p.applicationId,
        name: p.name,
        type: p.type,
        address: p.address,
        contact_email: p.contactEmail,
        contact_phone: p.contactPhone,
        is_active: p.isActive,
      })
      .onConflict('organization_id')
      .ignore();
  },
  [ORGANIZATION_EVENTS.updated]: async (db, p: OrganizationUpdatedV1) => {
    const changes = definedOnly({
      name: p.after.name,
      type: p.after.type,
      address: p.after.address,
      contact_email: p.after.contactEmail,
      contact_phone: p.after.contactPhone,
    });
    if (Object.keys(changes).length)
      await db(T.organizations).where({ organization_id: p.organizationId }).update(changes);
  },
  [ORGANIZATION_EVENTS.deactivated]: async (db, p: OrganizationDeactivatedV1) => {
    await db(T.organizations).where({ organization_id: p.organizationId }).update({ is_active: false });
  },
  [ORGANIZATION_EVENTS.reactivated]: async (db, p: OrganizationReactivatedV1) => {
    await db(T.organizations).where({ organization_id: p.organizationId }).update({ is_active: true });
  },
  [ORGANIZATION_EVENTS.subscriptionStarted]: async (db, p: SubscriptionStartedV1) => {
    await db(T.subscriptions)
      .insert({
        subscription_id: p.subscriptionId,
        organization_id: p.organizationId,
        plan: p.plan,
        status: p.status,
        start_date: p.startDate,
        end_date: p.endDate,
      })
      .onConflict('subscription_id')
      .merge();
  },
  [ORGANIZATION_EVENTS.subscriptionExpired]: async (db, p: SubscriptionExpiredV1) => {
    await db(T.subscriptions).where({ subscription_id: p.subscriptionId }).update({ status: p.status });
  },
  [REQUEST_EVENTS.filed]: async (db, p: RequestFiledV1) => {
    await db(T.requests)
      .insert({
        request_id: p.requestId,
        announcement_id: p.announcementId,
        organization_id: p.organizationId,
        user_id: p.userId,
        handler_user_id: p.handlerUserId,
        status: p.status,
      })
      .onConflict('request_id')
      .ignore();
  },
  [REQUEST_EVENTS.statusChanged]: async (db, p: RequestStatusChangedV1) => {
    await db(T.requests).where({ request_id: p.requestId }).update({ status: p.to });
    // A claimed item closes its announcement: no archiving reminder for it any more.
    if (p.to === 'resolved_claimed')
      await db(T.announcements)
        .where({ announcement_id: p.announcementId, status: 'open' })
        .update({ status: 'resolved' });
  },
};

/** The event types the directory is kept from. */
export const DIRECTORY_EVENT_TYPES = Object.keys(PROJECTORS);

/** Applies one consumed event (its payload as its contract parsed it) to the directory. */
export async function projectDirectory(db: Knex | Knex.Transaction, type: string, payload: unknown) {
  await PROJECTORS[type]?.(db, payload);
}

// ---------------------------------------------------------------- lookups

export interface DirectoryUser {
  userId: string;
  username: string;
  email: string;
  role: string;
  organizationId: string | null;
}

const userOf = (r: any): DirectoryUser => ({
  userId: r.user_id,
  username: r.username,
  email: r.email,
  role: r.role,
  organizationId: r.organization_id,
});

export async function findUser(db: Knex | Knex.Transaction, userId: string): Promise<DirectoryUser | null> {
  const row = await db(T.users).where({ user_id: userId }).first();
  return row ? userOf(row) : null;
}

/** The organisation's admins as the directory knows them (auth role changes). */
export async function organizationAdmins(
  db: Knex | Knex.Transaction,
  organizationId: string,
): Promise<DirectoryUser[]> {
  const rows = await db(T.users)
    .where({ organization_id: organizationId, role: 'org_admin' })
    .orderBy('user_id');
  return rows.map(userOf);
}

export interface DirectoryAnnouncement {
  announcementId: string;
  userId: string;
  organizationId: string | null;
  type: string;
  title: string;
  /** open, archived, resolved (claimed or closed) or deleted. */
  status: string;
  createdAt: Date;
  /** Its creation, or its latest renewal: the archiving period counts from here. */
  periodStartedAt: Date;
  /** What this period's reminder and archived notice are about (their dedupe key). */
  periodSubjectId: string;
}

const announcementOf = (r: any): DirectoryAnnouncement => ({
  announcementId: r.announcement_id,
  userId: r.user_id,
  organizationId: r.organization_id,
  type: r.type,
  title: r.title,
  status: r.status,
  createdAt: new Date(r.created_at),
  periodStartedAt: new Date(r.period_started_at),
  periodSubjectId: r.period_subject_id,
});

export async function findAnnouncement(
  db: Knex | Knex.Transaction,
  announcementId: string,
): Promise<DirectoryAnnouncement | null> {
  const row = await db(T.announcements).where({ announcement_id: announcementId }).first();
  return row ? announcementOf(row) : null;
}

/**
 * Open announcements whose current period started in (after, upTo] that have no notification of
 * `type` about that period yet (the archiving reminder), oldest first.
 */
export async function openAnnouncementsWithout(
  db: Knex | Knex.Transaction,
  type: string,
  periodStarted: { after: Date; upTo: Date },
  limit: number,
): Promise<DirectoryAnnouncement[]> {
  const rows = await db(`${T.announcements} as a`)
    .where({ 'a.status': 'open' })
    .andWhere('a.period_started_at', '>', periodStarted.after)
    .andWhere('a.period_started_at', '<=', periodStarted.upTo)
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('notifications.notifications as n')
        .where('n.type', type)
        .andWhereRaw('n.subject_id = a.period_subject_id'),
    )
    .orderBy([{ column: 'a.period_started_at' }, { column: 'a.announcement_id' }])
    .limit(limit);
  return rows.map(announcementOf);
}

export interface DirectoryApplication {
  applicationId: string;
  organizationName: string;
  organizationType: string;
  contactEmail: string;
  contactPerson: string;
  submittedBy: string | null;
  status: string;
  organizationId: string | null;
  subscriptionId: string | null;
}

const applicationOf = (r: any): DirectoryApplication => ({
  applicationId: r.application_id,
  organizationName: r.organization_name,
  organizationType: r.organization_type,
  contactEmail: r.contact_email,
  contactPerson: r.contact_person,
  submittedBy: r.submitted_by,
  status: r.status,
  organizationId: r.organization_id,
  subscriptionId: r.subscription_id ?? null,
});

/** The approved application an organisation came from, if it is known. */
export async function applicationOfOrganization(
  db: Knex | Knex.Transaction,
  organizationId: string,
): Promise<DirectoryApplication | null> {
  const row = await db(T.applications).where({ organization_id: organizationId }).first();
  return row ? applicationOf(row) : null;
}

export async function findApplication(
  db: Knex | Knex.Transaction,
  applicationId: string,
): Promise<DirectoryApplication | null> {
  const row = await db(T.applications).where({ application_id: applicationId }).first();
  return row ? applicationOf(row) : null;
}

export interface DirectoryOrganization {
  organizationId: string;
  applicationId: string | null;
  name: string;
  type: string;
  address: string;
  contactEmail: string;
  contactPhone: string | null;
  isActive: boolean;
}

const organizationOf = (r: any): DirectoryOrganization => ({
  organizationId: r.organization_id,
  applicationId: r.application_id,
  name: r.name,
  type: r.type,
  address: r.address,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  isActive: r.is_active,
});

export async function findOrganization(
  db: Knex | Knex.Transaction,
  organizationId: string,
): Promise<DirectoryOrganization | null> {
  const row = await db(T.organizations).where({ organization_id: organizationId }).first();
  return row ? organizationOf(row) : null;
}

export interface DirectorySubscription {
  subscriptionId: string;
  organizationId: string;
  plan: string;
  status: string;
  startDate: string;
  endDate: string;
}

const subscriptionOf = (r: any): DirectorySubscription => ({
  subscriptionId: r.subscription_id,
  organizationId: r.organization_id,
  plan: r.plan,
  status: r.status,
  startDate: r.start_date,
  endDate: r.end_date,
});

export async function findSubscription(
  db: Knex | Knex.Transaction,
  subscriptionId: string,
): Promise<DirectorySubscription | null> {
  const row = await db(T.subscriptions).where({ subscription_id: subscriptionId }).first();
  return row ? subscriptionOf(row) : null;
}

/** The organisation's newest subscription, if any. */
export async function subscriptionOfOrganization(
  db: Knex | Knex.Transaction,
  organizationId: string,
): Promise<DirectorySubscription | null> {
  const row = await db(T.subscriptions)
    .where({ organization_id: organizationId })
    .orderBy([{ column: 'start_date', order: 'desc' }, { column: 'subscription_id' }])
    .first();
  return row ? subscriptionOf(row) : null;
}

/**
 * Subscriptions not expired whose end date is within [from, to] (days, inclusive) and that have
 * no notification of `type` yet (the 7-day reminder).
 */
export async function subscriptionsEndingWithout(
  db: Knex | Knex.Transaction,
  type: string,
  end: { from: string; to: string },
  limit: number,
): Promise<DirectorySubscription[]> {
  const rows = await db(`${T.subscriptions} as s`)
    .whereNot({ 's.status': 'expired' })
    .andWhere('s.end_date', '>=', end.from)
    .andWhere('s.end_date', '<=', end.to)
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('notifications.notifications as n')
        .where('n.type', type)
        .andWhereRaw('n.subject_id = s.subscription_id::text'),
    )
    .orderBy('s.subscription_id')
    .limit(limit);
  return rows.map(subscriptionOf);
}

export interface DirectoryRequest {
  requestId: string;
  announcementId: string;
  organizationId: string | null;
  userId: string;
  handlerUserId: string | null;
  status: string;
}

export async function findRequest(
  db: Knex | Knex.Transaction,
  requestId: string,
): Promise<DirectoryRequest | null> {
  const r = await db(T.requests).where({ request_id: requestId }).first();
  return r
    ? {
        requestId: r.request_id,
        announcementId: r.announcement_id,
        organizationId: r.organization_id,
        userId: r.user_id,
        handlerUserId: r.handler_user_id,
        status: r.status,
      }
    : null;
}

export interface DueInventoryItem {
  itemId: string;
  organizationId: string;
  referenceNumber: string;
  title: string;
  disposeAfter: Date;
}

/** Held items due before `before` (overdue ones too), by organisation, the longest due first. */
export async function inventoryItemsDueBefore(
  db: Knex | Knex.Transaction,
  before: Date,
): Promise<DueInventoryItem[]> {
  const rows = await db(T.inventoryItems)
    .where('state', 'stored')
    .andWhere('dispose_after', '<', before)
    .orderBy([{ column: 'organization_id' }, { column: 'dispose_after' }, { column: 'reference_number' }]);
  return rows.map((r) => ({
    itemId: r.item_id,
    organizationId: r.organization_id,
    referenceNumber: r.reference_number,
    title: r.title,
    disposeAfter: new Date(r.dispose_after),
  }));
}

/** The organisation's admins and staff (the office's people). */
export async function organizationMembers(
  db: Knex | Knex.Transaction,
  organizationId: string,
): Promise<DirectoryUser[]> {
  const rows = await db(T.users)
    .where({ organization_id: organizationId })
    .whereIn('role', ['org_admin', 'org_staff'])
    .orderBy('user_id');
  return rows.map(userOf);
}
