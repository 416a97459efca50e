import type {
  Application,
  Invitation,
  Member,
  Organization,
  OrganizationAnnouncement,
  Subscription,
} from '@tapinti/contracts/organizations-api';
import type { ApplicationStatus } from '@tapinti/contracts/organizations-events';
import type { Knex } from '@tapinti/platform/db';
import { TABLES } from './tables';

/** Lists have no paging in the spec; one answer carries at most this many, newest first. */
export const MAX_LIST = 1000;

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const json = (v: unknown): Record<string, unknown> =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, unknown>;

interface ApplicationRow {
  id: string;
  organization_name: string;
  organization_type: Application['organizationType'];
  address: string;
  contact_email: string;
  contact_person: string;
  contact_phone: string | null;
  message: string | null;
  status: ApplicationStatus;
  rejection_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  organization_id: string | null;
  created_at: Date;
}

const APPLICATION_COLUMNS = [
  'id',
  'organization_name',
  'organization_type',
  'address',
  'contact_email',
  'contact_person',
  'contact_phone',
  'message',
  'status',
  'rejection_reason',
  'reviewed_by',
  'reviewed_at',
  'organization_id',
  'created_at',
];

const toApplication = (r: ApplicationRow): Application => ({
  id: r.id,
  organizationName: r.organization_name,
  organizationType: r.organization_type,
  address: r.address,
  contactEmail: r.contact_email,
  contactPerson: r.contact_person,
  contactPhone: r.contact_phone,
  message: r.message,
  status: r.status,
  rejectionReason: r.rejection_reason,
  reviewedBy: r.reviewed_by,
  reviewedAt: iso(r.reviewed_at),
  organizationId: r.organization_id,
  createdAt: iso(r.created_at)!,
});

export async function findApplication(db: Knex, id: string): Promise<Application | null> {
  const row = await db(TABLES.applications).select(APPLICATION_COLUMNS).where({ id }).first();
  return row ? toApplication(row) : null;
}

/** Newest first, optionally of one status. */
export async function listApplications(db: Knex, status?: ApplicationStatus): Promise<Application[]> {
  const rows: ApplicationRow[] = await db(TABLES.applications)
    .select(APPLICATION_COLUMNS)
    .modify((q) => {
      if (status) q.where({ status });
    })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(MAX_LIST);
  return rows.map(toApplication);
}

/** Whether an application with this (lower-cased) contact e-mail is pending. */
export async function hasPendingApplication(db: Knex, contactEmail: string): Promise<boolean> {
  const row = await db(TABLES.applications)
    .where({ contact_email: contactEmail, status: 'pending' })
    .first('id');
  return Boolean(row);
}

/**
 * Serialises submissions with the same contact e-mail until the transaction ends, so two at once
 * cannot both find no pending application.
 */
export async function lockContactEmail(trx: Knex.Transaction, contactEmail: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`organizations:application:${contactEmail}`]);
}

interface SubscriptionRow {
  id: string;
  organization_id: string;
  plan: Subscription['plan'];
  status: Subscription['status'];
  start_date: string;
  end_date: string;
  monthly_price: number | string;
  features: unknown;
  created_at: Date;
}

const toSubscription = (r: SubscriptionRow): Subscription => ({
  id: r.id,
  organizationId: r.organization_id,
  plan: r.plan,
  status: r.status,
  startDate: r.start_date,
  endDate: r.end_date,
  monthlyPrice: Number(r.monthly_price),
  features: json(r.features),
  createdAt: iso(r.created_at)!,
});

export async function findSubscription(db: Knex, id: string): Promise<Subscription | null> {
  const row = await db(TABLES.subscriptions).where({ id }).first();
  return row ? toSubscription(row) : null;
}

/** Running subscriptions whose end date is `today` or earlier, by end date, after `after`. */
export async function runningEndingBy(
  db: Knex,
  today: string,
  options: { after?: { endDate: string; id: string }; limit: number },
): Promise<Array<{ id: string; endDate: string }>> {
  const rows: Array<{ id: string; end_date: string }> = await db(TABLES.subscriptions)
    .select('id', 'end_date')
    .whereNot({ status: 'expired' })
    .where('end_date', '<=', today)
    .modify((q) => {
      if (options.after) q.whereRaw('(end_date, id) > (?, ?)', [options.after.endDate, options.after.id]);
    })
    .orderBy([{ column: 'end_date' }, { column: 'id' }])
    .limit(options.limit);
  return rows.map((r) => ({ id: r.id, endDate: r.end_date }));
}

interface OrganizationRow {
  id: string;
  name: string;
  type: Organization['type'];
  address: string;
  contact_email: string;
  contact_phone: string | null;
  is_active: boolean;
  subscription_id: string | null;
  settings: unknown;
  created_at: Date;
  plan: Subscription['plan'] | null;
  subscription_status: Subscription['status'] | null;
  start_date: string | null;
  end_date: string | null;
  monthly_price: number | string | null;
  admin_count: number | string;
}

/** Organisations with their current subscription and their admin count. */
function organizationsQuery(db: Knex) {
  return db({ o: TABLES.organizations })
    .leftJoin({ s: TABLES.subscriptions }, 's.id', 'o.subscription_id')
    .select(
      'o.id',
      'o.name',
      'o.type',
      'o.address',
      'o.contact_email',
      'o.contact_phone',
      'o.is_active',
      'o.subscription_id',
      'o.settings',
      'o.created_at',
      's.plan',
      's.status as subscription_status',
      's.start_date',
      's.end_date',
      's.monthly_price',
      db
        .from({ a: TABLES.organizationMembers })
        .whereRaw('a.organization_id = o.id')
        .where('a.role', 'org_admin')
        .count('*')
        .as('admin_count'),
    );
}

const toOrganization = (r: OrganizationRow): Organization => ({
  id: r.id,
  name: r.name,
  type: r.type,
  address: r.address,
  contactEmail: r.contact_email,
  contactPhone: r.contact_phone,
  isActive: r.is_active,
  subscriptionId: r.subscription_id,
  settings: json(r.settings),
  createdAt: iso(r.created_at)!,
  subscription:
    r.subscription_id && r.plan
      ? {
          plan: r.plan,
          status: r.subscription_status!,
          startDate: r.start_date!,
          endDate: r.end_date!,
          monthlyPrice: Number(r.monthly_price),
        }
      : null,
  adminCount: Number(r.admin_count),
});

export async function findOrganization(db: Knex, id: string): Promise<Organization | null> {
  const row = await organizationsQuery(db).where('o.id', id).first();
  return row ? toOrganization(row) : null;
}

export async function listOrganizations(db: Knex): Promise<Organization[]> {
  const rows: OrganizationRow[] = await organizationsQuery(db)
    .orderBy([
      { column: 'o.created_at', order: 'desc' },
      { column: 'o.id', order: 'desc' },
    ])
    .limit(MAX_LIST);
  return rows.map(toOrganization);
}

interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: Invitation['role'];
  status: Invitation['status'];
  expires_at: Date;
  created_at: Date;
}

export async function findInvitation(db: Knex, id: string): Promise<Invitation | null> {
  const row: InvitationRow | undefined = await db(TABLES.invitations)
    .select('id', 'organization_id', 'email', 'role', 'status', 'expires_at', 'created_at')
    .where({ id })
    .first();
  return row
    ? {
        id: row.id,
        organizationId: row.organization_id,
        email: row.email,
        role: row.role,
        status: row.status,
        expiresAt: iso(row.expires_at)!,
        createdAt: iso(row.created_at)!,
      }
    : null;
}

interface MemberRow {
  user_id: string;
  username: string | null;
  email: string;
  role: Member['role'];
  accepted_at: Date;
}

/**
 * The organisation's members, admins first, then by when they joined; the e-mail is the invited
 * one, and only when `withEmail` (the organisation's admins and the super admin ask).
 */
export async function listMembers(db: Knex, organizationId: string, withEmail: boolean): Promise<Member[]> {
  const rows: MemberRow[] = await db({ m: TABLES.organizationMembers })
    .join({ i: TABLES.invitations }, 'i.id', 'm.invitation_id')
    .select('m.user_id', 'm.username', 'i.email', 'm.role', 'm.accepted_at')
    .where('m.organization_id', organizationId)
    .orderBy([
      { column: 'm.role', order: 'asc' },
      { column: 'm.accepted_at', order: 'asc' },
      { column: 'm.user_id', order: 'asc' },
    ])
    .limit(MAX_LIST);
  return rows.map((r) => ({
    userId: r.user_id,
    username: r.username,
    email: withEmail ? r.email : null,
    role: r.role,
    joinedAt: iso(r.accepted_at)!,
  }));
}

/** One member of the organisation (in `db`, the deciding transaction), or null. */
export async function findMember(
  db: Knex,
  organizationId: string,
  userId: string,
): Promise<{ userId: string; role: Member['role'] } | null> {
  const row = await db(TABLES.organizationMembers)
    .select('user_id', 'role')
    .where({ organization_id: organizationId, user_id: userId })
    .first();
  return row ? { userId: row.user_id, role: row.role } : null;
}

interface AnnouncementRow {
  id: string;
  organization_id: string;
  user_id: string;
  type: OrganizationAnnouncement['type'];
  title: string;
  description: string;
  category: OrganizationAnnouncement['category'];
  location: string;
  room_number: string | null;
  contact_info: string | null;
  image_url: string | null;
  reward_amount: number;
  reward_description: string | null;
  status: OrganizationAnnouncement['status'];
  is_public: boolean;
  created_at: Date;
}

/** Every announcement of the organisation (public or not, archived too), newest first. */
export async function listOrganizationAnnouncements(
  db: Knex,
  organizationId: string,
): Promise<OrganizationAnnouncement[]> {
  const rows: AnnouncementRow[] = await db(TABLES.organizationAnnouncements)
    .where({ organization_id: organizationId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(MAX_LIST);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    organizationId: r.organization_id,
    type: r.type,
    title: r.title,
    description: r.description,
    category: r.category,
    location: r.location,
    roomNumber: r.room_number,
    contactInfo: r.contact_info,
    imageUrl: r.image_url,
    rewardAmount: r.reward_amount,
    rewardDescription: r.reward_description,
    status: r.status,
    isPublic: r.is_public,
    isActive: r.status === 'open',
    createdAt: iso(r.created_at)!,
  }));
}
