import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { ORGANIZATION_MESSAGES, applicationRequestSchema } from '@tapinti/contracts/organizations-api';
import { ORGANIZATION_EVENTS } from '@tapinti/contracts/organizations-events';
import { sharedConfigSchema } from '@tapinti/platform/config';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import type { Caller } from '@tapinti/platform/session';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createMemoryJobQueue } from '@tapinti/ports/memory-job-queue';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../../migrations/001-read-models';
import { membersMigration } from '../../migrations/003-members';
import { venuesMigration } from '../../migrations/004-venues';
import { createApplications } from '../../src/application/applications';
import { createInvitationAcceptance } from '../../src/application/invitation-acceptance';
import { createPlans } from '../../src/application/plans';
import { createOrganizations } from '../../src/application/organizations';
import { bakuDay } from '@tapinti/contracts/baku-calendar';
import { expireDue } from '../../src/jobs/expire-subscriptions';
import { giveVenuePages } from '../../src/jobs/give-venue-pages';
import { publicUrlOf } from '@tapinti/platform/config';
import { project, READ_MODEL_TABLES } from '../../src/store/projection';

const SECRET = 's'.repeat(40);

/** The auth event that makes an invitation's acceptance known to this service. */
const acceptedBy = (invitationId: string, userId: string, schemaVersion: 1 | 2) => ({
  eventId: randomUUID(),
  type: 'auth.invitation.accepted',
  schemaVersion,
  source: 'auth',
  streamId: `invitation-${invitationId}`,
  streamVersion: 1,
  position: 1,
  payload: {},
  metadata: { ...systemMetadata(), actorId: userId },
});

describe('organizations on PGlite: use cases, read models, jobs', () => {
  let knex: Knex;
  let es: EventSourcing;
  let now = new Date('2025-08-25T10:00:00.000Z');
  const logger = pino({ level: 'silent' });
  const config = sharedConfigSchema.parse({ JWT_SECRET: SECRET, PUBLIC_URL: 'https://tapinti.example/' });
  let context: EventSourcedContext;
  const admin: Caller = {
    userId: randomUUID(),
    sessionId: randomUUID(),
    role: 'super_admin',
    organizationId: null,
    username: 'admin',
  };
  let ip = 0;
  const meta = () => ({
    ...systemMetadata(),
    addressKey: `address-${++ip}`,
    actorId: admin.userId,
    occurredAt: now.toISOString(),
  });

  const form = (email: string) =>
    applicationRequestSchema.parse({
      organizationName: 'Hilton Baku',
      organizationType: 'hotel',
      address: 'Azadlıq prospekti 1B, Bakı',
      contactEmail: email,
      contactPerson: 'Nigar Əliyeva',
      message: 'Salam',
    });

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'org-')) });
    await migrateSchema(knex, 'organizations', [
      ...eventStoreMigrations('organizations'),
      readModelsMigration,
      membersMigration,
      venuesMigration,
    ]);
    es = createEventSourcing(knex, {
      schema: 'organizations',
      source: 'organizations',
      project,
      readModelTables: READ_MODEL_TABLES,
    });
    context = {
      config,
      logger,
      knex,
      es,
      // No answers are kept here: nothing listens for changes.
      readModels: undefined as never,
      clock: () => now,
      kv: createMemoryKeyValueStore(() => now.getTime()),
      jobs: createMemoryJobQueue(logger),
      mailer: {
        // The notifications service sends every e-mail, invitations included.
        async send() {
          throw new Error('the organizations service sends no e-mail');
        },
        ping: async () => undefined,
        close: async () => undefined,
      },
      bus: undefined as never,
      storage: undefined as never,
    };
  }, 60_000);
  afterAll(() => knex.destroy());

  it('submits, lists newest first, and refuses a second pending application of one e-mail', async () => {
    const applications = createApplications(context);
    const first = await applications.submit(form('Nigar@Hilton.az'), null, meta());
    expect(first).toMatchObject({ status: 'pending', contactEmail: 'nigar@hilton.az', contactPhone: null });
    await expect(applications.submit(form('nigar@hilton.az'), null, meta())).rejects.toMatchObject({
      status: 409,
      message: ORGANIZATION_MESSAGES.duplicatePending,
    });
    now = new Date(now.getTime() + 1000);
    const second = await applications.submit(form('other@hilton.az'), null, meta());
    expect((await applications.list()).slice(0, 2).map((a) => a.id)).toEqual([second.id, first.id]);
    expect((await applications.list('approved')).length).toBe(0);
  });

  it('throttles anonymous applications per address: a handful per hour, then 429', async () => {
    const applications = createApplications(context);
    const from = { ...systemMetadata(), addressKey: 'address-9' };
    for (let i = 0; i < 5; i++) await applications.submit(form(`t${i}@throttle.az`), null, from);
    await expect(applications.submit(form('t6@throttle.az'), null, from)).rejects.toMatchObject({
      status: 429,
      message: ORGANIZATION_MESSAGES.throttled,
    });
    // Another address is not affected; an hour later the address may apply again.
    await applications.submit(form('t7@throttle.az'), null, { ...from, addressKey: 'address-10' });
    now = new Date(now.getTime() + 3601_000);
    await applications.submit(form('t8@throttle.az'), null, from);
  });

  it('approves with the defaults: organisation, subscription (§9) and the contact e-mail invited', async () => {
    const applications = createApplications(context);
    const application = await applications.submit(form('approve@hilton.az'), null, meta());
    const approval = await applications.approve(application.id, {}, admin, meta());
    const today = bakuDay(now);
    expect(approval.application).toMatchObject({
      status: 'approved',
      reviewedBy: admin.userId,
      reviewedAt: now.toISOString(),
      organizationId: approval.organization.id,
    });
    expect(approval.organization).toMatchObject({
      name: 'Hilton Baku',
      type: 'hotel',
      contactEmail: 'approve@hilton.az',
      isActive: true,
      subscriptionId: approval.subscription.id,
      subscription: { plan: 'basic', status: 'trial', startDate: today, monthlyPrice: 49.99 },
      adminCount: 0,
    });
    expect(approval.subscription.endDate).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86400_000).toISOString().slice(0, 10),
    );
    await expect(applications.approve(application.id, {}, admin, meta())).rejects.toMatchObject({
      status: 409,
    });
    await expect(applications.reject(application.id, 'Gec', admin, meta())).rejects.toMatchObject({
      status: 409,
    });
    await expect(applications.approve(randomUUID(), {}, admin, meta())).rejects.toMatchObject({
      status: 404,
    });
    await expect(applications.approve('nope', {}, admin, meta())).rejects.toMatchObject({ status: 404 });

    const [issued] = (await es.store.readAfter(0, 1000)).filter(
      (e) =>
        e.type === ORGANIZATION_EVENTS.invitationIssued &&
        (e.payload as { organizationId: string }).organizationId === approval.organization.id,
    );
    expect(issued!.payload).toEqual({
      invitationId: expect.any(String),
      organizationId: approval.organization.id,
      organizationName: 'Hilton Baku',
      email: 'approve@hilton.az',
      expiresAt: new Date(now.getTime() + 7 * 86400_000).toISOString(),
      issuedBy: admin.userId,
      role: 'org_admin',
    });
  });

  it('a plan sets the price unless given; need_contract can still be approved', async () => {
    const applications = createApplications(context);
    const a = await applications.submit(form('pro@hilton.az'), null, meta());
    expect((await applications.requestContract(a.id, admin, meta())).status).toBe('need_contract');
    await expect(applications.requestContract(a.id, admin, meta())).rejects.toMatchObject({ status: 409 });
    const approval = await applications.approve(
      a.id,
      { organizationData: { name: 'Hilton Pro' }, subscriptionData: { plan: 'pro', status: 'active' } },
      admin,
      meta(),
    );
    expect(approval.subscription).toMatchObject({ plan: 'pro', status: 'active', monthlyPrice: 99.99 });
    expect(approval.organization.name).toBe('Hilton Pro');
    const b = await applications.submit(form('rej@hilton.az'), null, meta());
    const rejected = await applications.reject(b.id, 'Sənədlər natamamdır', admin, meta());
    expect(rejected).toMatchObject({ status: 'rejected', rejectionReason: 'Sənədlər natamamdır' });
  });

  it('counts admins from acceptances (once each), guards organisations, deactivates', async () => {
    const organizations = createOrganizations(context);
    const [org, other] = await organizations.list();
    const invitation = await organizations.invite(
      admin,
      org!.id,
      { email: 'admin@hilton.az', role: 'org_admin' },
      meta(),
    );
    const userId = randomUUID();
    const accept = createInvitationAcceptance(context);
    const cause = acceptedBy(invitation.id, userId, 1);
    const accepted = { invitationId: invitation.id, userId, organizationId: org!.id };
    await knex.transaction((trx) => accept(trx, accepted, cause));
    await knex.transaction((trx) => accept(trx, accepted, cause));
    expect((await organizations.get(admin, org!.id)).adminCount).toBe(1);

    const orgAdmin: Caller = { ...admin, userId, role: 'org_admin', organizationId: org!.id };
    expect((await organizations.get(orgAdmin, org!.id)).id).toBe(org!.id);
    await expect(organizations.get(orgAdmin, other!.id)).rejects.toMatchObject({
      status: 403,
      message: ORGANIZATION_MESSAGES.foreignOrganization,
    });
    const updated = await organizations.update(
      org!.id,
      { isActive: false, name: 'Hilton Baku Hotel' },
      admin,
      meta(),
    );
    expect(updated).toMatchObject({ isActive: false, name: 'Hilton Baku Hotel' });
    for (const call of [
      () => organizations.get(orgAdmin, org!.id),
      () => organizations.announcements(orgAdmin, org!.id),
      () => organizations.invite(orgAdmin, org!.id, { email: 'x@hilton.az', role: 'org_staff' }, meta()),
    ])
      await expect(call()).rejects.toMatchObject({ status: 403, message: ORGANIZATION_MESSAGES.deactivated });
    expect((await organizations.get(admin, org!.id)).isActive).toBe(false);
    expect((await organizations.update(org!.id, { isActive: true }, admin, meta())).isActive).toBe(true);
  });

  it('lists members with their roles (e-mails for admins only) and removes one (issue 25)', async () => {
    const organizations = createOrganizations(context);
    const [org] = await organizations.list();
    // Pro: more members than basic's 3 seats (issue 25 point 8).
    await createPlans(context, organizations).change(admin, org!.id, { plan: 'pro' }, meta());
    const accept = createInvitationAcceptance(context);
    const join = async (email: string, role: 'org_admin' | 'org_staff', username: string) => {
      const invitation = await organizations.invite(admin, org!.id, { email, role }, meta());
      expect(invitation.role).toBe(role);
      const userId = randomUUID();
      const cause = acceptedBy(invitation.id, userId, 2);
      await knex.transaction((trx) =>
        accept(trx, { invitationId: invitation.id, userId, organizationId: org!.id, username }, cause),
      );
      return userId;
    };
    const boss = await join('boss@hilton.az', 'org_admin', 'bossuser');
    const staff = await join('desk@hilton.az', 'org_staff', 'deskuser');
    const orgAdmin: Caller = { ...admin, userId: boss, role: 'org_admin', organizationId: org!.id };
    const orgStaff: Caller = { ...admin, userId: staff, role: 'org_staff', organizationId: org!.id };

    const seen = await organizations.members(orgAdmin, org!.id);
    expect(seen.find((m) => m.userId === staff)).toMatchObject({
      username: 'deskuser',
      email: 'desk@hilton.az',
      role: 'org_staff',
    });
    const byStaff = await organizations.members(orgStaff, org!.id);
    expect(byStaff.map((m) => m.email)).toEqual(byStaff.map(() => null));
    expect(byStaff.map((m) => m.username)).toEqual(expect.arrayContaining(['bossuser', 'deskuser']));

    await expect(organizations.removeMember(orgAdmin, org!.id, boss, meta())).rejects.toMatchObject({
      status: 409,
      message: ORGANIZATION_MESSAGES.removeSelf,
    });
    await expect(organizations.removeMember(orgAdmin, org!.id, randomUUID(), meta())).rejects.toMatchObject({
      status: 404,
      message: ORGANIZATION_MESSAGES.memberNotFound,
    });
    await organizations.removeMember(orgAdmin, org!.id, staff, meta());
    expect((await organizations.members(orgAdmin, org!.id)).map((m) => m.userId)).not.toContain(staff);
  });

  it('expires subscriptions at their end date, once', async () => {
    const applications = createApplications(context);
    const a = await applications.submit(form('expiring@hilton.az'), null, meta());
    const today = bakuDay(now);
    const approval = await applications.approve(
      a.id,
      { subscriptionData: { startDate: today, endDate: today } },
      admin,
      meta(),
    );
    expect(approval.subscription.status).toBe('trial');
    expect(await expireDue(context)).toBeGreaterThanOrEqual(1);
    expect(await expireDue(context)).toBe(0);
    const organization = await createOrganizations(context).get(admin, approval.organization.id);
    expect(organization.subscription?.status).toBe('expired');
  });

  it('gives a venue page to an organisation approved before venue pages had one, once', async () => {
    const applications = createApplications(context);
    const a = await applications.submit(form('before-pages@hilton.az'), null, meta());
    const { organization } = await applications.approve(a.id, {}, admin, meta());
    // Approved before issue 26: no venue profile.
    await knex('organizations.venue_profiles').where({ organization_id: organization.id }).del();
    now = new Date(now.getTime() + 1000);
    expect(await giveVenuePages(context)).toBe(1);
    const page = await knex('organizations.venue_profiles')
      .where({ organization_id: organization.id })
      .first();
    expect(page).toMatchObject({ slug: expect.stringMatching(/^hilton-baku(-\d+)?$/), working_hours: null });
    const [set] = (await es.store.readAfter(0, 10_000))
      .filter(
        (e) =>
          e.type === ORGANIZATION_EVENTS.venueProfileSet &&
          (e.payload as { organizationId: string }).organizationId === organization.id,
      )
      .slice(-1);
    // In the name of the super admin who approved it, as an approval's own default.
    expect(set!.payload).toMatchObject({ slug: page.slug, setBy: admin.userId, setAt: now.toISOString() });
    expect(await giveVenuePages(context)).toBe(0);
  });

  it('rebuilds read models equal to the live ones', async () => {
    const snapshot = async () => {
      const tables: Record<string, string[]> = {};
      for (const table of READ_MODEL_TABLES)
        tables[table] = (await knex(`organizations.${table}`).select('*'))
          .map((r) => JSON.stringify(r))
          .sort();
      return tables;
    };
    const live = await snapshot();
    await es.rebuildReadModels();
    expect(await snapshot()).toEqual(live);
  });

  it('links default to the gateway on this machine', () => {
    expect(publicUrlOf({ PUBLIC_URL: undefined, BUS: 'memory' }, { PORT: '9999' })).toBe(
      'http://127.0.0.1:9999',
    );
    expect(publicUrlOf({ PUBLIC_URL: undefined, BUS: 'kafka' }, { PORT: '8103' })).toBe(
      'http://127.0.0.1:8080',
    );
    expect(publicUrlOf({ PUBLIC_URL: 'https://tapinti.az/', BUS: 'kafka' }, {})).toBe('https://tapinti.az');
  });
});
