import { randomUUID } from 'node:crypto';
import type { Knex } from '@tapinti/platform/db';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { rebuildDirectory } from '../../src/application/rebuild';
import { remindDue } from '../../src/jobs/reminders';
import { setEmailPreferences, userRecipient } from '../../src/store/preferences';
import {
  announcementCreated,
  applicationSubmitted,
  becameOrgAdmin,
  event,
  organizationCreated,
  consumingNotifications,
  registered,
  until,
} from './support';

const DAY = 24 * 3600 * 1000;
const PERIOD = 30 * DAY;

describe('notification triggers on PGlite (consumed events → rows, once)', () => {
  let knex: Knex;
  let now = new Date('2025-08-10T08:00:00.000Z');
  let service: Awaited<ReturnType<typeof consumingNotifications>>;
  let context: ServiceContext;

  beforeAll(async () => {
    service = await consumingNotifications(() => now, { ANNOUNCEMENT_ARCHIVE_AFTER_MS: PERIOD });
    knex = service.knex;
    context = service.context;
  });
  afterAll(() => service.close());

  const rowsAbout = (subjectId: string) =>
    knex('notifications.notifications')
      .where('subject_id', 'like', `${subjectId}%`)
      .orderBy(['channel', 'user_id', 'recipient']);
  const consumed = async (eventId: string) =>
    Boolean(await knex('notifications.processed_events').where({ event_id: eventId }).first());
  async function publish(topic: string, ...events: Array<ReturnType<typeof event>>) {
    await service.bus.publish(topic, events);
    await until(async () => (await Promise.all(events.map((e) => consumed(e.eventId)))).every(Boolean));
  }

  test('registration → a welcome in-app row and a pending e-mail for that user only; a redelivery adds nothing', async () => {
    const userId = randomUUID();
    const e = registered(userId, 'leyla');
    await publish('auth.events', e);
    await publish('auth.events', e, e);
    const rows = await rowsAbout(userId);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => [r.channel, r.status, r.user_id, r.type])).toEqual([
      ['email', 'pending', userId, 'welcome'],
      ['in_app', 'sent', userId, 'welcome'],
    ]);
    expect(rows[1]).toMatchObject({ title: 'Tapıntıya xoş gəlmisiniz!', link: '/', retry_count: 0 });
    expect(rows[1].message).toContain('Salam, leyla!');
    expect(rows[1].sent_at).not.toBeNull();
    // The seeded super admin gets nothing.
    const admin = randomUUID();
    await publish('auth.events', registered(admin, 'root', { role: 'super_admin', via: 'seed' }));
    expect(await rowsAbout(admin)).toHaveLength(0);
  });

  test('an application: received (2–3 business days) and rejected (the reason) go to its contact address', async () => {
    const applicationId = randomUUID();
    const submitted = applicationSubmitted(applicationId);
    await publish('organizations.events', submitted);
    const contact = submitted.payload.contactEmail;
    let rows = await rowsAbout(applicationId);
    // No account behind it: e-mail only.
    expect(rows.map((r) => [r.channel, r.type, r.recipient, r.user_id])).toEqual([
      ['email', 'application-received', contact, null],
    ]);
    expect(rows[0].message).toContain('2–3 iş günü');
    expect(rows[0].message).toContain('«Park Bulvar»');

    await publish(
      'organizations.events',
      event('organizations.application.rejected', {
        applicationId,
        reviewedBy: randomUUID(),
        reviewedAt: '2025-08-03T10:00:00.000Z',
        status: 'rejected',
        rejectionReason: 'Ünvan təsdiqlənmədi',
      }),
    );
    rows = await rowsAbout(applicationId);
    const rejected = rows.filter((r) => r.type === 'application-rejected');
    expect(rejected.map((r) => [r.channel, r.recipient])).toEqual([['email', contact]]);
    expect(rejected[0].message).toContain('Səbəb: Ünvan təsdiqlənmədi');
  });

  test.each([
    ['the organisation first', true],
    ['the approval first', false],
  ])('approval → the organisation’s details once, whichever event comes first (%s)', async (_, orgFirst) => {
    const applicationId = randomUUID();
    const organizationId = randomUUID();
    const applicant = randomUUID();
    await publish('auth.events', registered(applicant, `applicant${applicationId.slice(0, 6)}`));
    await publish('organizations.events', applicationSubmitted(applicationId, { submittedBy: applicant }));
    const approved = event('organizations.application.approved', {
      applicationId,
      reviewedBy: randomUUID(),
      reviewedAt: '2025-08-03T10:00:00.000Z',
      status: 'approved',
      organizationId,
      subscriptionId: null,
    });
    const created = organizationCreated(organizationId, applicationId);
    if (orgFirst) await publish('organizations.events', created, approved);
    else await publish('organizations.events', approved, created);
    const rows = (await rowsAbout(applicationId)).filter((r) => r.type === 'application-approved');
    expect(rows.map((r) => [r.channel, r.user_id])).toEqual([
      ['email', applicant],
      ['in_app', applicant],
    ]);
    expect(rows[0].recipient).toMatch(/^apply-/);
    expect(rows[0].message).toContain('• Ad: Park Bulvar');
    expect(rows[0].message).toContain('• Növ: Ticarət mərkəzi');
    expect(rows[0].link).toBe('/org-admin');
  });

  test.each([
    ['application, organisation, subscription', [0, 1, 2]],
    ['subscription, organisation, application', [2, 1, 0]],
    ['organisation, application, subscription', [1, 0, 2]],
  ])('approval with a subscription → written once all three are known (%s)', async (_, order) => {
    const applicationId = randomUUID();
    const organizationId = randomUUID();
    const subscriptionId = randomUUID();
    await publish('organizations.events', applicationSubmitted(applicationId));
    const events = [
      event('organizations.application.approved', {
        applicationId,
        reviewedBy: randomUUID(),
        reviewedAt: '2025-08-03T10:00:00.000Z',
        status: 'approved',
        organizationId,
        subscriptionId,
      }),
      organizationCreated(organizationId, applicationId),
      event('organizations.subscription.started', {
        subscriptionId,
        organizationId,
        plan: 'pro',
        status: 'active',
        startDate: '2025-08-03',
        endDate: '2025-09-02',
        monthlyPrice: 99.99,
        features: {},
      }),
    ];
    for (const [i, index] of order.entries()) {
      await publish('organizations.events', events[index]!);
      const rows = (await rowsAbout(applicationId)).filter((r) => r.type === 'application-approved');
      expect(rows).toHaveLength(i === 2 ? 1 : 0);
    }
    const [row] = (await rowsAbout(applicationId)).filter((r) => r.type === 'application-approved');
    expect(row.message).toContain('• Abunə: Pro (aktiv), 03.08.2025 – 02.09.2025');
  });

  test('a claim → its handler (the author, or the organisation’s admins, else its address); a status change → the claimant', async () => {
    const author = randomUUID();
    const claimant = randomUUID();
    const admins = [randomUUID(), randomUUID()];
    const otherUser = randomUUID();
    const organizationId = randomUUID();
    const bare = randomUUID();
    for (const [id, name] of [
      [author, 'author'],
      [claimant, 'claimant'],
      [admins[0]!, 'admin0'],
      [admins[1]!, 'admin1'],
      [otherUser, 'other'],
    ] as const)
      await publish('auth.events', registered(id, `${name}${organizationId.slice(0, 6)}`));
    await publish(
      'auth.events',
      becameOrgAdmin(admins[0]!, organizationId),
      becameOrgAdmin(admins[1]!, organizationId),
    );
    await publish(
      'organizations.events',
      organizationCreated(organizationId, null),
      organizationCreated(bare, null),
    );
    const own = randomUUID();
    const orgs = randomUUID();
    await publish(
      'announcements.events',
      announcementCreated(own, author, '2025-08-05T10:00:00.000Z', { title: 'Göy çanta' }),
      announcementCreated(orgs, otherUser, '2025-08-05T10:00:00.000Z', { organizationId }),
    );
    const filed = (
      requestId: string,
      announcementId: string,
      organization: string | null,
      handler: string | null,
    ) =>
      event('requests.request.filed', {
        requestId,
        announcementId,
        organizationId: organization,
        userId: claimant,
        handlerUserId: handler,
        contactMethod: 'phone',
        status: 'pending',
        createdAt: '2025-08-06T10:00:00.000Z',
      });
    const [toAuthor, toAdmins, toAddress] = [randomUUID(), randomUUID(), randomUUID()];
    await publish(
      'requests.events',
      filed(toAuthor, own, null, author),
      filed(toAdmins, orgs, organizationId, null),
      filed(toAddress, orgs, bare, null),
    );
    expect((await rowsAbout(toAuthor)).map((r) => [r.channel, r.user_id, r.link])).toEqual([
      ['email', author, `/profile?tab=incoming&request=${toAuthor}`],
      ['in_app', author, `/profile?tab=incoming&request=${toAuthor}`],
    ]);
    expect((await rowsAbout(toAuthor))[0].message).toContain('«Göy çanta» elanına yeni müraciət göndərildi');
    const adminRows = await rowsAbout(toAdmins);
    expect(adminRows.map((r) => r.user_id).sort()).toEqual([...admins, ...admins].sort());
    expect(adminRows.every((r) => r.link === `/org-admin?tab=requests&request=${toAdmins}`)).toBe(true);
    expect((await rowsAbout(toAddress)).map((r) => [r.channel, r.recipient])).toEqual([
      ['email', `org-${bare.slice(0, 8)}@example.az`],
    ]);

    await publish(
      'requests.events',
      event('requests.request.status-changed', {
        requestId: toAuthor,
        announcementId: own,
        from: 'pending',
        to: 'contacted',
        handledBy: author,
        handledAt: '2025-08-07T10:00:00.000Z',
      }),
    );
    const changed = (await rowsAbout(toAuthor)).filter((r) => r.type === 'request-status-changed');
    expect(changed.map((r) => [r.channel, r.user_id])).toEqual([
      ['email', claimant],
      ['in_app', claimant],
    ]);
    expect(changed[0].message).toContain('yeni statusu: Əlaqə saxlanıldı');
  });

  test('archived → its author, with how to post again; e-mails of a type the user turned off are not written', async () => {
    const author = randomUUID();
    await publish('auth.events', registered(author, `arch${author.slice(0, 6)}`));
    await setEmailPreferences(knex, userRecipient(author), { 'announcement-archived': false }, now);
    const a = randomUUID();
    await publish(
      'announcements.events',
      announcementCreated(a, author, '2025-07-01T10:00:00.000Z', { type: 'found' }),
    );
    await publish(
      'announcements.events',
      event('announcements.announcement.archived', {
        announcementId: a,
        reason: 'expired',
        archivedAt: '2025-07-31T10:00:00.000Z',
      }),
    );
    const rows = await rowsAbout(a);
    expect(rows.map((r) => [r.channel, r.type, r.user_id])).toEqual([
      ['in_app', 'announcement-archived', author],
    ]);
    expect(rows[0].message).toContain('aktivlik müddəti (30 gün)');
    expect(rows[0].link).toBe('/create?type=found');
  });

  test('reminders: 3 days before archiving, and 7 days before a subscription ends, once each', async () => {
    const author = randomUUID();
    await publish('auth.events', registered(author, `rem${author.slice(0, 6)}`));
    const a = randomUUID();
    const resolved = randomUUID();
    const createdAt = new Date('2025-09-01T12:00:00.000Z');
    await publish(
      'announcements.events',
      announcementCreated(a, author, createdAt.toISOString()),
      announcementCreated(resolved, author, createdAt.toISOString()),
      event('announcements.announcement.resolved', {
        announcementId: resolved,
        requestId: randomUUID(),
        resolvedAt: '2025-09-02T12:00:00.000Z',
      }),
    );
    const organizationId = randomUUID();
    const admin = randomUUID();
    await publish('auth.events', registered(admin, `subadm${admin.slice(0, 6)}`));
    await publish('auth.events', becameOrgAdmin(admin, organizationId));
    await publish('organizations.events', organizationCreated(organizationId, null));
    const subscriptionId = randomUUID();
    await publish(
      'organizations.events',
      event('organizations.subscription.started', {
        subscriptionId,
        organizationId,
        plan: 'basic',
        status: 'trial',
        startDate: '2025-09-01',
        endDate: '2025-10-05',
        monthlyPrice: 49.99,
        features: {},
      }),
    );

    // 26 days in: neither is due.
    now = new Date(createdAt.getTime() + 26 * DAY);
    await remindDue(context);
    expect(await rowsAbout(a)).toHaveLength(0);
    expect(await rowsAbout(subscriptionId)).toHaveLength(0);
    // 27 days and a minute in: the announcement (archived at day 30); 2025-09-28 is 7 days before the end.
    now = new Date(createdAt.getTime() + 27 * DAY + 60_000);
    await remindDue(context);
    const reminders = await rowsAbout(a);
    expect(reminders.map((r) => [r.channel, r.type, r.user_id])).toEqual([
      ['email', 'announcement-archive-reminder', author],
      ['in_app', 'announcement-archive-reminder', author],
    ]);
    expect(reminders[0].message).toContain('01.10.2025 16:00 tarixində avtomatik arxivləşdiriləcək');
    const subscriptionRows = await rowsAbout(subscriptionId);
    expect(subscriptionRows.map((r) => [r.channel, r.user_id, r.title])).toEqual([
      ['email', admin, 'Abunəliyin bitməsinə 7 gün qalır'],
      ['in_app', admin, 'Abunəliyin bitməsinə 7 gün qalır'],
    ]);
    // A resolved announcement (its item went back to its owner) is not reminded of.
    expect(await rowsAbout(resolved)).toHaveLength(0);
    // Again: nothing more.
    await remindDue(context);
    expect(await rowsAbout(a)).toHaveLength(2);
    expect(await rowsAbout(subscriptionId)).toHaveLength(2);

    // Expired → the admins.
    await publish(
      'organizations.events',
      event('organizations.subscription.expired', {
        subscriptionId,
        organizationId,
        status: 'expired',
        endDate: '2025-10-05',
        expiredAt: '2025-10-05T00:00:00.000Z',
      }),
    );
    const expired = (await rowsAbout(subscriptionId)).filter((r) => r.type === 'subscription-expired');
    expect(expired.map((r) => [r.channel, r.user_id])).toEqual([
      ['email', admin],
      ['in_app', admin],
    ]);
    expect(expired[0].message).toContain('Basic abunəliyi 05.10.2025 tarixində bitdi');
  });

  test('the office’s daily digest: written by the first run from INVENTORY_DIGEST_HOUR of the Baku day, once', async () => {
    const organizationId = randomUUID();
    const admin = randomUUID();
    await publish('auth.events', registered(admin, `digadm${admin.slice(0, 6)}`));
    await publish('auth.events', becameOrgAdmin(admin, organizationId));
    await publish('organizations.events', organizationCreated(organizationId, null));
    // A bag found on 1 September is kept 30 days (v1: the category's default): due on 1 October.
    await publish(
      'inventory.events',
      event('inventory.item.logged', {
        itemId: randomUUID(),
        organizationId,
        number: 1,
        referenceNumber: 'PBV-000001',
        category: 'bags',
        title: 'Qara çanta',
        foundArea: 'Lobbi',
        foundAt: '2025-09-01T10:00:00.000Z',
        foundBy: null,
        valuable: false,
        listedWithoutDetails: false,
        photoUrls: [],
        storagePlaceId: randomUUID(),
        loggedBy: admin,
        loggedAt: '2025-09-01T10:00:00.000Z',
      }),
    );
    const digests = async () =>
      (await rowsAbout(organizationId))
        .filter((r) => r.type === 'inventory-disposal-digest')
        .map((r) => [r.channel, r.user_id, r.title]);
    context.config.INVENTORY_DIGEST_HOUR = 8;
    // 30 September, 07:59 in Baku: the bag is due tomorrow, but the office's hour has not come.
    now = new Date('2025-09-30T03:59:00.000Z');
    await remindDue(context);
    expect(await digests()).toEqual([]);
    // 08:00 in Baku: the digest, to the admin in the app and by e-mail; later runs that day add nothing.
    now = new Date('2025-09-30T04:00:00.000Z');
    await remindDue(context);
    const written = [
      ['email', admin, 'Çıxarılmalı əşyalar (30.09.2025): 1'],
      ['in_app', admin, 'Çıxarılmalı əşyalar (30.09.2025): 1'],
    ];
    expect(await digests()).toEqual(written);
    now = new Date('2025-09-30T12:00:00.000Z');
    await remindDue(context);
    expect(await digests()).toEqual(written);
  });

  test('rebuilding the directory from the consumed events gives the live tables', async () => {
    const tables = ['users', 'announcements', 'applications', 'organizations', 'subscriptions', 'requests'];
    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const t of tables)
        out[t] = (await knex(`notifications.${t}`).select('*')).map((r) => JSON.stringify(r)).sort();
      return out;
    };
    const live = await snapshot();
    expect(live.users!.length).toBeGreaterThan(5);
    const notifications = await knex('notifications.notifications').count({ n: '*' });
    const replayed = await rebuildDirectory(knex);
    expect(replayed).toBeGreaterThan(20);
    expect(await snapshot()).toEqual(live);
    // Nothing is notified again by a rebuild.
    expect(await knex('notifications.notifications').count({ n: '*' })).toEqual(notifications);
  });
});
