import { REQUEST_MESSAGES } from '@tapinti/contracts/requests-api';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { applicationBody } from '../support/organizations';
import { selectedModes, startPlatform, type Platform } from '../support/platform';
import { notificationsOf } from '../support/notifications';

/**
 * The other services' copies of announcements follow an announcement's life (edited, closed,
 * deleted, renewed): claims (requests), an organisation's list (organizations) and the archiving
 * reminder (notifications). A platform of its own with a 45-second archiving period, and the
 * repeated jobs (archiving, reminders) left to run only at start-up, so a restart decides when
 * they run: a period under 3 days makes every open announcement due a reminder at once.
 */
jest.setTimeout(600_000);

const ARCHIVE_AFTER_MS = 45_000;
const WAIT = { timeoutMs: 60_000, intervalMs: 300 };

const item = (title: string) => ({
  type: 'found',
  title,
  description: 'Metroda tapılmış əşya, sahibini axtarırıq',
  category: 'other',
  location: 'Bakı, Gənclik metrosu',
});

describe.each(selectedModes())("an announcement's life in the other services' read models (%s)", (mode) => {
  let platform: Platform;
  let author: TestUser;
  let claimant: TestUser;
  let superAdmin: HttpClient;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: {
        ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(ARCHIVE_AFTER_MS),
        ARCHIVE_CHECK_EVERY_MS: '3600000',
        SUBSCRIPTION_CHECK_EVERY_MS: '3600000',
      },
    });
    [author, claimant] = await Promise.all([
      registerUser(platform.url, 'heyat'),
      registerUser(platform.url, 'iddiaci'),
    ]);
    superAdmin = await signInSuperAdmin(platform.url);
  }, 240_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const post = async (client: HttpClient, body: Record<string, unknown>) => {
    const res = await client.post('/api/announcements', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const claim = (announcementId: string) =>
    claimant.client.post('/api/requests', { announcementId, contactMethod: 'phone' });
  /** Until the requests service knows of the announcement's latest event: the claim is answered so. */
  const claimAnswers = (announcementId: string, status: number, message?: string) =>
    eventually(async () => {
      const res = await claim(announcementId);
      expect(res.status).toBe(status);
      if (message) expect(res.body.message).toBe(message);
      return res;
    }, WAIT);
  const restart = async (...services: Array<'announcements' | 'notifications'>) => {
    if (mode === 'embedded') await platform.restart();
    else for (const service of services) await platform.restart(service);
  };

  it('claims, the organisation list and the reminder follow edits, closes, deletions and renewals', async () => {
    const marker = uniqueName('life');
    // Archived at the restart below, a whole period from now.
    const renewable = await post(author.client, item(`Yenilənən çətir ${marker}`));
    const renewablePostedAt = Date.now();

    // An edit: the claimant's list shows the current title.
    const edited = await post(author.client, item(`Qara telefon ${marker}`));
    await claimAnswers(edited, 201);
    const put = await author.client.put(`/api/announcements/${edited}`, item(`Göy telefon ${marker}`));
    expect(put.status).toBe(200);
    await eventually(async () => {
      const mine = await claimant.client.get('/api/requests/my');
      const request = mine.body.find((r: { announcementId: string }) => r.announcementId === edited);
      expect(request.announcement.title).toBe(`Göy telefon ${marker}`);
    }, WAIT);

    // The organisation's list: an edited title shows, a deleted announcement is gone.
    const applied = await superAdmin.post('/api/applications', applicationBody('heyat'));
    expect(applied.status).toBe(201);
    const approved = await superAdmin.post(`/api/applications/${applied.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    const organizationId: string = approved.body.organization.id;
    const kept = await post(superAdmin, { ...item(`Otel açarı ${marker}`), organizationId });
    const dropped = await post(superAdmin, { ...item(`Otel çantası ${marker}`), organizationId });
    const organizationList = async () => {
      const res = await superAdmin.get(`/api/organizations/${organizationId}/announcements`);
      expect(res.status).toBe(200);
      return (res.body as Array<{ id: string; title: string }>).map((a) => [a.id, a.title]);
    };
    await eventually(async () => expect(await organizationList()).toHaveLength(2), WAIT);
    const renamed = await superAdmin.put(`/api/announcements/${kept}`, {
      ...item(`Otelin qırmızı açarı ${marker}`),
      organizationId,
    });
    expect(renamed.status).toBe(200);
    expect((await superAdmin.delete(`/api/announcements/${dropped}`)).status).toBe(204);
    await eventually(
      async () => expect(await organizationList()).toEqual([[kept, `Otelin qırmızı açarı ${marker}`]]),
      WAIT,
    );

    // Young enough at the restart to be due a reminder were they open.
    await new Promise((r) =>
      setTimeout(r, Math.max(0, renewablePostedAt + ARCHIVE_AFTER_MS + 1000 - Date.now())),
    );
    const closed = await post(author.client, item(`Bağlanan pulqabı ${marker}`));
    const deleted = await post(author.client, item(`Silinən sənəd ${marker}`));
    const open = await post(author.client, item(`Açıq qalan eynək ${marker}`));
    const close = await author.client.post(`/api/announcements/${closed}/close`, { outcome: 'returned' });
    expect(close.status).toBe(200);
    expect((await author.client.delete(`/api/announcements/${deleted}`)).status).toBe(204);
    await claimAnswers(closed, 409, REQUEST_MESSAGES.announcementClosed);
    await claimAnswers(deleted, 404, REQUEST_MESSAGES.announcementNotFound);
    // The notifications service knows the open one (its claim notice names it), posted last.
    await claimAnswers(open, 201);
    await eventually(async () => {
      const notices = await notificationsOf(author.client, 'request-filed');
      expect(notices.some((n) => n.message.includes(`Açıq qalan eynək ${marker}`))).toBe(true);
    }, WAIT);

    // Start-up runs: the renewable one is archived, the open one reminded; never the closed or deleted one.
    await restart('announcements', 'notifications');
    await eventually(async () => {
      const reminders = await notificationsOf(author.client, 'announcement-archive-reminder');
      expect(reminders.filter((n) => n.message.includes(`Açıq qalan eynək ${marker}`))).toHaveLength(1);
    }, WAIT);
    const reminded = (await notificationsOf(author.client, 'announcement-archive-reminder')).map(
      (n) => n.message,
    );
    expect(reminded.filter((m) => m.includes(`Bağlanan pulqabı ${marker}`))).toEqual([]);
    expect(reminded.filter((m) => m.includes(`Silinən sənəd ${marker}`))).toEqual([]);

    // Archived: refused; renewed: claimed.
    await claimAnswers(renewable, 409, REQUEST_MESSAGES.announcementClosed);
    const renewed = await author.client.post(`/api/announcements/${renewable}/renew`);
    expect(renewed.status).toBe(200);
    const accepted = await claimAnswers(renewable, 201);
    expect(accepted.body).toMatchObject({ announcementId: renewable, status: 'pending' });
  });
});
