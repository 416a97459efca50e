import { randomBytes } from 'node:crypto';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { mailboxOf, REGISTRATION_SUBJECTS } from '../support/mailbox';
import { selectedModes, startPlatform, type Platform } from '../support/platform';
import { notificationsOf } from '../support/notifications';

/**
 * The reminders and the archiving notification, on platforms of their own: a 2-day archiving
 * period (under 3 days, so an announcement is due its reminder at once), and the repeated jobs
 * (archiving, subscription expiry, reminders) left to run only at start-up (a period of an hour),
 * so a restart decides when they run and the organisations' admins exist by then. The
 * announcements service is then restarted with a 1-second period: the announcement is past it, and
 * archived by that start-up's run. The reminders are computed from the notifications service's own
 * read models.
 */
jest.setTimeout(600_000);

const ARCHIVE_AFTER_MS = 2 * 24 * 3600 * 1000;
const WAIT = { timeoutMs: 60_000, intervalMs: 500 };
const DAY = 24 * 3600 * 1000;
const bakuDay = (offsetDays = 0) =>
  new Date(Date.now() + 4 * 3600 * 1000 + offsetDays * DAY).toISOString().slice(0, 10);

describe.each(selectedModes())('reminders and archiving notifications (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: {
        ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(ARCHIVE_AFTER_MS),
        ARCHIVE_CHECK_EVERY_MS: '3600000',
        SUBSCRIPTION_CHECK_EVERY_MS: '3600000',
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
      const mails = (await mailbox.to(contactEmail)).filter((m) => /accept-invitation\?token=/.test(m.text));
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

    await restart(['organizations', 'notifications']);

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
      const mails = (await mailbox.to(author.email)).filter((m) => m.subject === 'Elanınız arxivləşdirildi');
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
});
