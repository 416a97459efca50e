import { formatDay } from '@tapinti/contracts/baku-calendar';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import type { HttpClient } from '../support/http-client';
import { mailboxOf } from '../support/mailbox';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { selectedModes, startPlatform, type Platform } from '../support/platform';
import { notificationsOf } from '../support/notifications';

/**
 * The lost-property office's daily digest (issue 25 point 5), on platforms of their own: the
 * repeated reminders job (the notifications service's, on the job port: BullMQ in distributed
 * mode, the memory jobs in embedded) is left to run only at start-up (a period of an hour), as the
 * reminders suite does, so a restart of the notifications service decides when it runs. One
 * organisation holds items due within 3 Baku days: its admin and staff get one e-mail listing
 * them, once a day (a second run writes nothing); another holds nothing due and gets nothing.
 */
jest.setTimeout(600_000);

const WAIT = { timeoutMs: 60_000, intervalMs: 500 };
const DAY = 24 * 3600 * 1000;
const bakuDay = (offsetDays = 0) =>
  new Date(Date.now() + 4 * 3600 * 1000 + offsetDays * DAY).toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe.each(selectedModes())('the lost-property office’s daily digest (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      // The digest hour 0: the start-up run writes it whatever the time of day (the hour: unit tests).
      env: {
        ARCHIVE_CHECK_EVERY_MS: '3600000',
        SUBSCRIPTION_CHECK_EVERY_MS: '3600000',
        INVENTORY_DIGEST_HOUR: '0',
      },
    });
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const restartNotifications = () =>
    mode === 'embedded' ? platform.restart() : platform.restart('notifications');

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

    await restartNotifications();

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
    await restartNotifications();
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
});
