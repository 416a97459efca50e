import { randomBytes } from 'node:crypto';
import { formatDay } from '@tapinti/contracts/baku-calendar';
import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { mailboxOf, REGISTRATION_SUBJECTS } from '../support/mailbox';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { selectedModes, startPlatform, type Platform } from '../support/platform';
import { notificationsOf } from '../support/notifications';

/**
 * The reminders, the archiving notification, the subscription expiry and the lost-property
 * office's daily digest, on platforms of their own: a 2-day archiving
 * period (under 3 days, so an announcement is due its reminder at once), and the repeated jobs
 * (archiving, subscription expiry, reminders) left to run only at start-up (a period of an hour),
 * so a restart decides when they run and the organisations' admins exist by then. The
 * announcements service is then restarted with a 1-second period: the announcement is past it, and
 * archived by that start-up's run. The reminders are computed from the notifications service's own
 * read models. The subscription expiry is the organisations service's start-up run too: what
 * expires a subscription after its end date came is the run a (re)start makes, from the data. The
 * digest hour is 0, so the reminders job's start-up run writes the venues' digest whatever the time.
 */
jest.setTimeout(600_000);

const ARCHIVE_AFTER_MS = 2 * 24 * 3600 * 1000;
const WAIT = { timeoutMs: 60_000, intervalMs: 500 };
const DAY = 24 * 3600 * 1000;
const bakuDay = (offsetDays = 0) =>
  new Date(Date.now() + 4 * 3600 * 1000 + offsetDays * DAY).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(selectedModes())(
  'reminders, archiving, subscription expiry and the venues’ digest (%s)',
  (mode) => {
    let platform: Platform;

    beforeAll(async () => {
      platform = await startPlatform(mode, {
        env: {
          ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(ARCHIVE_AFTER_MS),
          ARCHIVE_CHECK_EVERY_MS: '3600000',
          SUBSCRIPTION_CHECK_EVERY_MS: '3600000',
          INVENTORY_DIGEST_HOUR: '0',
        },
      });
    }, 240_000);
    afterAll(async () => {
      await platform?.stop();
    });

    const restart = async (
      services: Array<'announcements' | 'organizations' | 'notifications'>,
      env?: Record<string, string>,
    ) => {
      if (mode === 'embedded') await platform.restart(undefined, { env });
      else for (const service of services) await platform.restart(service, { env });
    };

    /** An approved organisation whose contact person accepted the invitation: its admin, signed in. */
    async function organisationWithAdmin(
      admin: HttpClient,
      subscription: { startDate: string; endDate: string },
    ) {
      const tag = randomBytes(4).toString('hex');
      const contactEmail = `remind-${tag}@example.az`;
      const applied = await new HttpClient(platform.url).post('/api/applications', {
        organizationName: `Xatırlatma Mərkəzi ${tag}`,
        organizationType: 'business_center',
        address: 'Bakı, Xətai rayonu 45',
        contactEmail,
        contactPerson: 'Səbinə Hüseynova',
      });
      expect(applied.status).toBe(201);
      const approved = await admin.post(`/api/applications/${applied.body.id}/approve`, {
        subscriptionData: subscription,
      });
      expect(approved.status).toBe(200);
      const mailbox = mailboxOf(platform);
      const invitation = await eventually(async () => {
        const mails = (await mailbox.to(contactEmail)).filter((m) =>
          /accept-invitation\?token=/.test(m.text),
        );
        expect(mails).toHaveLength(1);
        return mails[0]!;
      }, WAIT);
      const token = decodeURIComponent(/accept-invitation\?token=([^\s"&<]+)/.exec(invitation.text)![1]!);
      const client = new HttpClient(platform.url);
      const accepted = await client.post('/api/invitations/accept', {
        token,
        username: uniqueName('remadm'),
        password: 'Parol-12345',
        confirmPassword: 'Parol-12345',
      });
      expect(accepted.status).toBe(201);
      return {
        client,
        userId: accepted.body.id as string,
        email: contactEmail,
        name: `Xatırlatma Mərkəzi ${tag}`,
        organizationId: approved.body.organization.id as string,
        subscriptionId: approved.body.subscription.id as string,
      };
    }

    test('3 days before archiving → a reminder, archived → how to post again; 7 days before a subscription ends and when it has → its admins', async () => {
      const mailbox = mailboxOf(platform);
      const admin = await signInSuperAdmin(platform.url);
      const author = await registerUser(platform.url, 'remauthor');
      const bystander = await registerUser(platform.url, 'rembystander');
      const posted = await author.client.post('/api/announcements', {
        type: 'lost',
        title: 'Gümüş üzük',
        description: 'Fəvvarələr meydanında itirilmiş gümüş üzük, içində yazı var',
        category: 'other',
        location: 'Bakı, Fəvvarələr meydanı',
      });
      expect(posted.status).toBe(201);
      // Ends in 3 days: its reminder is due. Ends today: expired at the next expiry run.
      const ending = await organisationWithAdmin(admin, { startDate: bakuDay(), endDate: bakuDay(3) });
      const ended = await organisationWithAdmin(admin, { startDate: bakuDay(), endDate: bakuDay() });
      const statusOf = async (id: string) =>
        (await admin.get(`/api/organizations/${id}`)).body.subscription?.status as string;
      // The run at start came before the approval and the next is an hour away: nothing expires it
      // until the restart runs the job again (no wait: a wait cannot prove that something never happens).
      expect(await statusOf(ended.organizationId)).toBe('trial');

      await restart(['organizations', 'notifications']);

      await eventually(async () => expect(await statusOf(ended.organizationId)).toBe('expired'), WAIT);
      expect(await statusOf(ending.organizationId)).toBe('trial');
      const list = (await admin.get('/api/organizations')).body as Array<{
        id: string;
        subscription: unknown;
      }>;
      expect(list.find((o) => o.id === ended.organizationId)?.subscription).toMatchObject({
        plan: 'basic',
        status: 'expired',
        endDate: bakuDay(),
      });
      await eventually(async () => {
        const rows = await allAuditRows(admin);
        expect(
          rows.find(
            (r) => r.action === 'organizations.subscription.expired' && r.entityId === ended.subscriptionId,
          ),
        ).toMatchObject({ organizationId: ended.organizationId });
      }, WAIT);

      const [reminder] = await eventually(async () => {
        const items = await notificationsOf(author.client, 'announcement-archive-reminder');
        expect(items).toHaveLength(1);
        return items;
      }, WAIT);
      expect(reminder).toMatchObject({
        title: 'Elanınız tezliklə arxivləşdiriləcək',
        link: `/profile?tab=announcements&announcement=${posted.body.id}`,
        userId: author.id,
      });
      expect(reminder!.message).toContain('«Gümüş üzük» elanınız');
      await eventually(async () => {
        const mails = (await mailbox.to(author.email)).filter(
          (m) => m.subject === 'Elanınız tezliklə arxivləşdiriləcək',
        );
        expect(mails).toHaveLength(1);
      }, WAIT);

      const [expiring] = await eventually(async () => {
        const items = await notificationsOf(ending.client, 'subscription-expiring');
        expect(items).toHaveLength(1);
        return items;
      }, WAIT);
      expect(expiring).toMatchObject({
        title: 'Abunəliyin bitməsinə 3 gün qalır',
        link: '/org-admin',
        userId: ending.userId,
      });
      expect(expiring!.message).toContain(`«${ending.name}» təşkilatının Basic abunəliyi`);
      await eventually(async () => {
        const mails = (await mailbox.to(ending.email)).filter(
          (m) => m.subject === 'Abunəliyin bitməsinə 3 gün qalır',
        );
        expect(mails).toHaveLength(1);
      }, WAIT);

      const [expired] = await eventually(async () => {
        const items = await notificationsOf(ended.client, 'subscription-expired');
        expect(items).toHaveLength(1);
        return items;
      }, WAIT);
      expect(expired).toMatchObject({ title: 'Abunəliyin müddəti bitdi', userId: ended.userId });
      await eventually(async () => {
        const mails = (await mailbox.to(ended.email)).filter((m) => m.subject === 'Abunəliyin müddəti bitdi');
        expect(mails).toHaveLength(1);
      }, WAIT);
      // Each organisation's admin heard only of their own organisation.
      expect(await notificationsOf(ending.client, 'subscription-expired')).toHaveLength(0);

      // Past a 1-second period: archived at the archiving job's next (start-up) run.
      await restart(['announcements'], { ANNOUNCEMENT_ARCHIVE_AFTER_MS: '1000' });
      const [archived] = await eventually(async () => {
        const items = await notificationsOf(author.client, 'announcement-archived');
        expect(items).toHaveLength(1);
        return items;
      }, WAIT);
      expect(archived).toMatchObject({ title: 'Elanınız arxivləşdirildi', link: '/create?type=lost' });
      expect(archived!.message).toContain('yenidən elan yerləşdirin');
      const [mail] = await eventually(async () => {
        const mails = (await mailbox.to(author.email)).filter(
          (m) => m.subject === 'Elanınız arxivləşdirildi',
        );
        expect(mails).toHaveLength(1);
        return mails;
      }, WAIT);
      expect(mail!.text).toMatch(/Keçid: http:\/\/127\.0\.0\.1:\d+\/create\?type=lost/);

      // Nobody else heard of any of it.
      expect((await notificationsOf(bystander.client)).map((n) => n.type)).toEqual(['welcome']);
      // Registration's own e-mails only (the welcome and the address verification).
      await eventually(
        async () =>
          expect((await mailbox.to(bystander.email)).map((m) => m.subject).sort()).toEqual(
            REGISTRATION_SUBJECTS,
          ),
        WAIT,
      );
    });

    /** An organisation with its register set up: its admin, one staff member, a prefix and a shelf. */
    async function office(superAdmin: HttpClient, prefix: string) {
      const applicant = await registerUser(platform.url, `dig${prefix.toLowerCase()}`);
      const { organization } = await approvedOrganization(superAdmin, applicant.client, `dig${prefix}`);
      const admin = await organizationAdmin(platform, superAdmin, organization.id, `digadm${prefix}`);
      const staff = await organizationMember(
        platform,
        admin.client,
        organization.id,
        'org_staff',
        `digst${prefix}`,
      );
      const base = `/api/organizations/${organization.id}/inventory`;
      expect((await admin.client.put(`${base}/prefix`, { prefix })).status).toBe(200);
      const shelf = await admin.client.post(`${base}/storage-places`, { name: 'Rəf 1', kind: 'shelf' });
      expect(shelf.status).toBe(201);
      const log = async (overrides: Record<string, unknown>) => {
        const logged = await staff.client.post(`${base}/items`, {
          category: 'bags',
          title: 'Qara çanta',
          foundArea: 'Lobbi',
          storagePlaceId: shelf.body.id,
          ...overrides,
        });
        expect(logged.status).toBe(201);
        return logged.body as { id: string; referenceNumber: string; disposeAfter: string };
      };
      return { organization, admin, staff, log };
    }

    // The lost-property office's daily digest (issue 25 point 5), written by the same reminders job: one
    // organisation holds items due within 3 Baku days: its admin and staff get one e-mail listing
    // them, once a day (a second run writes nothing); another holds nothing due and gets nothing.
    test('staff and admins get one e-mail a day listing the items due within 3 days; nothing due, no e-mail', async () => {
      const superAdmin = await signInSuperAdmin(platform.url);
      const busy = await office(superAdmin, 'DGA');
      const quiet = await office(superAdmin, 'DGB');
      // Documents are kept 10 days, bags 30: found 8 days ago, a passport is due in 2 days; found
      // 31 days ago, a bag is overdue; a bag found today is not due; quiet holds only a fresh bag.
      const passport = await busy.log({ category: 'documents', title: 'Pasport', foundAt: daysAgo(8) });
      const overdue = await busy.log({ title: 'Göy çanta', foundAt: daysAgo(31) });
      const fresh = await busy.log({ title: 'Təzə çanta' });
      await quiet.log({ title: 'Boz çanta' });

      await restart(['notifications']);

      const subject = `Çıxarılmalı əşyalar (${formatDay(bakuDay())}): 2`;
      const mailbox = mailboxOf(platform);
      for (const member of [busy.admin, busy.staff]) {
        const [mail] = await eventually(async () => {
          const mails = (await mailbox.to(member.email)).filter((m) => m.subject === subject);
          expect(mails).toHaveLength(1);
          return mails;
        }, WAIT);
        // The longest due first, each with its due day and the days left or overdue.
        expect(mail!.text).toContain(
          `${overdue.referenceNumber} — Göy çanta: ${formatDay(bakuDay(-1))} (1 gün gecikib)`,
        );
        expect(mail!.text).toContain(
          `${passport.referenceNumber} — Pasport: ${formatDay(bakuDay(2))} (2 gün qalıb)`,
        );
        expect(mail!.text.indexOf(overdue.referenceNumber)).toBeLessThan(
          mail!.text.indexOf(passport.referenceNumber),
        );
        expect(mail!.text).not.toContain(fresh.referenceNumber);
        expect(mail!.text).toContain('/org-admin/inventory/queue');
      }

      // Once a day: another run (a restart) writes nothing more; the quiet office never got one.
      await restart(['notifications']);
      const inbox = (client: HttpClient) => notificationsOf(client, 'inventory-disposal-digest');
      await eventually(async () => {
        expect(await inbox(busy.staff.client)).toHaveLength(1);
      }, WAIT);
      expect(await inbox(busy.admin.client)).toHaveLength(1);
      expect(await inbox(quiet.admin.client)).toEqual([]);
      expect(await inbox(quiet.staff.client)).toEqual([]);
      for (const member of [busy.admin, busy.staff])
        expect((await mailbox.to(member.email)).filter((m) => m.subject === subject)).toHaveLength(1);
      for (const member of [quiet.admin, quiet.staff])
        expect(
          (await mailbox.to(member.email)).filter((m) => m.subject.startsWith('Çıxarılmalı əşyalar')),
        ).toEqual([]);
    });
  },
);
