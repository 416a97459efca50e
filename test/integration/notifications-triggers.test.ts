import { randomBytes } from 'node:crypto';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { mailboxOf, REGISTRATION_SUBJECTS, type ReceivedMail } from '../support/mailbox';
import { sharedPlatforms } from '../support/platform';

/**
 * Each trigger → the right in-app row and e-mail, to the right person only; through the gateway,
 * on the shared platforms: embedded (mail as `.eml` under DATA_DIR/mail) and distributed (real
 * Kafka, BullMQ on Redis, the SMTP sink). Reminders and archiving have their own platforms
 * (notifications-reminders.test.ts), delivery failures too (notifications-delivery.test.ts).
 */
const WAIT = { timeoutMs: 30_000, intervalMs: 250 };

interface InboxItem {
  id: string;
  userId: string;
  type: string;
  channel: string;
  title: string;
  message: string;
  status: string;
  link: string | null;
  readAt: string | null;
  data: Record<string, unknown>;
}

const announcement = {
  type: 'lost',
  title: 'Qəhvəyi dəri pulqabı',
  description: 'Nizami küçəsində itirilmiş qəhvəyi dəri pulqabı, içində vəsiqə var',
  category: 'bags',
  location: 'Bakı, Nizami küçəsi',
};

/** Names no item or place the matching engine knows, so no other suite's post matches it. */
const unmatchable = {
  type: 'lost',
  title: 'Zorqvel qutusu',
  description: 'Heç kimin tanımadığı zorqvel qutusu',
  category: 'other',
  location: 'Qlimfard dalanı',
};

describe.each(sharedPlatforms())('notification triggers ($mode)', (platform) => {
  const { url } = platform;
  const mailbox = mailboxOf(platform);
  // Links point at PUBLIC_URL (unset here): embedded, its own gateway; distributed, the default 8080.
  const base = platform.mode === 'embedded' ? url : 'http://127.0.0.1:8080';

  const inbox = async (client: HttpClient, query = 'limit=100'): Promise<InboxItem[]> => {
    const res = await client.get(`/api/notifications?${query}`);
    expect(res.status).toBe(200);
    return res.body.items;
  };
  const inboxOfType = async (user: TestUser, type: string) =>
    (await inbox(user.client)).filter((n) => n.type === type);
  /** Waits for exactly `count` e-mails to `address` with this subject, and returns them. */
  const mailsTo = (address: string, subject: string, count = 1) =>
    eventually(async () => {
      const mails = (await mailbox.to(address)).filter((m) => m.subject === subject);
      expect(mails).toHaveLength(count);
      return mails;
    }, WAIT);
  /**
   * Files a claim; the requests service learns of announcements from their events, so a claim on
   * one posted a moment ago may find it unknown (404) for a moment in distributed mode.
   */
  const fileClaim = (client: HttpClient, body: Record<string, unknown>) =>
    eventually(async () => {
      const res = await client.post('/api/requests', body);
      expect(res.status).toBe(201);
      return res;
    }, WAIT);
  const expectMailFrame = (mail: ReceivedMail, path: string) => {
    for (const [part, link] of [
      [mail.text, `${base}${path}`],
      [mail.html, `${base}${path}`.replace(/&/g, '&amp;')],
    ]) {
      expect(part).toContain('Tapıntı');
      expect(part).toContain('destek@tapinti.az');
      expect(part).toContain(link);
      expect(part).toContain(`${base}/abunelikden-cix?token=`);
    }
    // The text links to the web page (in the reader's language), the header to the one-click API: one token.
    const token = /\/abunelikden-cix\?token=([^\s"&<]+)/.exec(mail.text)![1]!;
    expect(mail.headers['list-unsubscribe']).toBe(`<${base}/api/notifications/unsubscribe?token=${token}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.messageId).toMatch(/^[0-9a-f-]{36}\.notification@tapinti\.az$/);
  };

  test('registration → a welcome in the new user’s inbox and mailbox, and nobody else’s', async () => {
    const [ali, vali] = [await registerUser(url, 'ntfali'), await registerUser(url, 'ntfvali')];
    const [welcome] = await eventually(async () => {
      const items = await inboxOfType(ali, 'welcome');
      expect(items).toHaveLength(1);
      return items;
    }, WAIT);
    expect(welcome).toMatchObject({
      userId: ali.id,
      channel: 'in_app',
      status: 'sent',
      title: 'Tapıntıya xoş gəlmisiniz!',
      link: '/',
      readAt: null,
    });
    expect(welcome!.message).toContain(`Salam, ${ali.username}!`);
    const [mail] = await mailsTo(ali.email, 'Tapıntıya xoş gəlmisiniz!');
    expect(mail!.text).toContain(`Salam, ${ali.username}!`);
    expectMailFrame(mail!, '/');
    // Vali has his own welcome, not Ali's; no mail of Ali's went to Vali.
    await eventually(async () => expect(await inboxOfType(vali, 'welcome')).toHaveLength(1), WAIT);
    expect((await inbox(vali.client)).map((n) => n.id)).not.toContain(welcome!.id);
    const [valisMail] = await mailsTo(vali.email, 'Tapıntıya xoş gəlmisiniz!');
    expect(valisMail!.text).not.toContain(ali.username);
    // Not visible without a session.
    expect((await new HttpClient(url).get('/api/notifications')).status).toBe(401);
  });

  test('the inbox: newest first, paged, unread filter and count; marking another user’s is 404', async () => {
    const owner = await registerUser(url, 'ntfinbox');
    const other = await registerUser(url, 'ntfother');
    // Two notifications: the welcome, then a claim on the owner's announcement by the other user
    // (an announcement no match notice can join).
    await eventually(async () => expect(await inboxOfType(owner, 'welcome')).toHaveLength(1), WAIT);
    const posted = await owner.client.post('/api/announcements', unmatchable);
    expect(posted.status).toBe(201);
    await fileClaim(other.client, {
      announcementId: posted.body.id,
      contactMethod: 'email',
    });
    const items = await eventually(async () => {
      const all = await inbox(owner.client);
      expect(all.map((n) => n.type).sort()).toEqual(['request-filed', 'welcome']);
      return all;
    }, WAIT);
    expect(items[0]!.type).toBe('request-filed');
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 2 });

    const first = await owner.client.get('/api/notifications?limit=1');
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextBefore).toEqual(expect.any(String));
    const second = await owner.client.get(`/api/notifications?limit=1&before=${first.body.nextBefore}`);
    expect(second.body.items.map((n: InboxItem) => n.id)).toEqual([items[1]!.id]);
    expect(second.body.nextBefore).toBeNull();
    expect((await owner.client.get('/api/notifications?before=nonsense!')).status).toBe(400);
    // A cursor from far in the future is "from the newest", not a database error.
    const far = await owner.client.get(`/api/notifications?before=999999999999999_${items[0]!.id}`);
    expect(far.status).toBe(200);
    expect(far.body.items).toHaveLength(2);
    expect((await owner.client.get('/api/notifications?limit=0')).body).toEqual({
      message: 'Limit 1 ilə 100 arasında tam ədəd olmalıdır',
      field: 'limit',
    });

    // Someone else's notification: 404 alike for reading it and for an unknown id.
    const theirs = await other.client.post(`/api/notifications/${items[0]!.id}/read`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: 'Bildiriş tapılmadı' });
    expect(
      (await other.client.post('/api/notifications/00000000-0000-4000-8000-000000000000/read')).status,
    ).toBe(404);
    expect((await other.client.post('/api/notifications/not-an-id/read')).body).toEqual({
      message: 'Bildirişin identifikatoru yanlışdır',
      field: 'id',
    });
    expect((await inbox(owner.client)).every((n) => n.readAt === null)).toBe(true);

    const read = await owner.client.post(`/api/notifications/${items[0]!.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).toEqual(expect.any(String));
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 1 });
    expect((await inbox(owner.client, 'unread=true')).map((n) => n.id)).toEqual([items[1]!.id]);
    expect((await owner.client.post('/api/notifications/read-all')).body).toEqual({ updated: 1 });
    expect((await owner.client.get('/api/notifications/unread-count')).body).toEqual({ count: 0 });
    // The other user's own notifications are untouched by the owner's read-all.
    expect((await other.client.get('/api/notifications/unread-count')).body.count).toBeGreaterThan(0);
  });

  test('a claim → the announcement’s author only; its status change → the claimant only', async () => {
    const author = await registerUser(url, 'ntfauthor');
    const claimant = await registerUser(url, 'ntfclaim');
    const bystander = await registerUser(url, 'ntfby');
    const posted = await author.client.post('/api/announcements', announcement);
    expect(posted.status).toBe(201);
    const claim = await fileClaim(claimant.client, {
      announcementId: posted.body.id,
      contactMethod: 'phone',
      message: 'Bu pulqabı mənimdir',
    });

    const [filed] = await eventually(async () => {
      const items = await inboxOfType(author, 'request-filed');
      expect(items).toHaveLength(1);
      return items;
    }, WAIT);
    // The claim itself in the author's «Gələn müraciətlər» tab; the interface's word, 'müraciət'.
    const incoming = `/profile?tab=incoming&request=${claim.body.id}`;
    expect(filed).toMatchObject({ title: 'Elana yeni müraciət göndərildi', link: incoming });
    expect(filed!.message).toContain(`«${announcement.title}» elanına yeni müraciət göndərildi`);
    expect(filed!.message).toContain('Əlaqə üsulu: telefon');
    const [mail] = await mailsTo(author.email, 'Elana yeni müraciət göndərildi');
    expectMailFrame(mail!, incoming);
    expect(mail!.text).not.toMatch(/sorğu/i);

    const update = await author.client.put(`/api/requests/${claim.body.id}`, { status: 'contacted' });
    expect(update.status).toBe(200);
    const [changed] = await eventually(async () => {
      const items = await inboxOfType(claimant, 'request-status-changed');
      expect(items).toHaveLength(1);
      return items;
    }, WAIT);
    expect(changed!.message).toContain('yeni statusu: Əlaqə saxlanıldı');
    const [statusMail] = await mailsTo(claimant.email, 'Müraciətinizin statusu yeniləndi');
    expectMailFrame(statusMail!, `/profile?tab=requests&request=${claim.body.id}`);
    expect(statusMail!.text).not.toMatch(/sorğu/i);

    // Nobody else was told: not the claimant about the claim, not the author about the change.
    expect(await inboxOfType(claimant, 'request-filed')).toHaveLength(0);
    expect(await inboxOfType(author, 'request-status-changed')).toHaveLength(0);
    expect((await inbox(bystander.client)).map((n) => n.type)).toEqual(['welcome']);
    // Registration's own e-mails only (the welcome and the address verification).
    await eventually(
      async () =>
        expect((await mailbox.to(bystander.email)).map((m) => m.subject).sort()).toEqual(
          REGISTRATION_SUBJECTS,
        ),
      WAIT,
    );
  });

  test('an organisation: received → approved (its details) and rejected (the reason) to the contact address; claims on its items → its admins', async () => {
    const admin = await signInSuperAdmin(url);
    const anonymous = new HttpClient(url);
    const tag = randomBytes(4).toString('hex');
    const contactEmail = `org-${tag}@example.az`;
    const applied = await anonymous.post('/api/applications', {
      organizationName: `Dəniz Mall ${tag}`,
      organizationType: 'mall',
      address: 'Bakı, Neftçilər prospekti 9',
      contactEmail,
      contactPerson: 'Nigar Əliyeva',
    });
    expect(applied.status).toBe(201);
    const [received] = await mailsTo(contactEmail, 'Müraciətiniz qəbul edildi');
    expect(received!.text).toContain('Hörmətli Nigar Əliyeva');
    expect(received!.text).toContain('2–3 iş günü');
    expectMailFrame(received!, '/');

    const approved = await admin.post(`/api/applications/${applied.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    const [details] = await mailsTo(contactEmail, 'Müraciətiniz təsdiq edildi');
    expect(details!.text).toContain(`• Ad: Dəniz Mall ${tag}`);
    expect(details!.text).toContain('• Növ: Ticarət mərkəzi');
    expect(details!.text).toContain('• Ünvan: Bakı, Neftçilər prospekti 9');
    expect(details!.text).toContain('• Abunə: Basic (sınaq)');
    expectMailFrame(details!, '/org-admin');

    const rejectedEmail = `rejected-${tag}@example.az`;
    const second = await anonymous.post('/api/applications', {
      organizationName: `Kiçik Otel ${tag}`,
      organizationType: 'hotel',
      address: 'Bakı, Səbail rayonu 12',
      contactEmail: rejectedEmail,
      contactPerson: 'Rəşad Quliyev',
    });
    expect(second.status).toBe(201);
    expect(
      (await admin.post(`/api/applications/${second.body.id}/reject`, { reason: 'Sənədlər natamamdır' }))
        .status,
    ).toBe(200);
    const [rejected] = await mailsTo(rejectedEmail, 'Müraciətiniz rədd edildi');
    expect(rejected!.text).toContain('Səbəb: Sənədlər natamamdır');
    // Each address got its own application's mails only.
    expect((await mailbox.to(rejectedEmail)).map((m) => m.subject).sort()).toEqual([
      'Müraciətiniz qəbul edildi',
      'Müraciətiniz rədd edildi',
    ]);
    expect((await mailbox.to(contactEmail)).some((m) => m.subject === 'Müraciətiniz rədd edildi')).toBe(
      false,
    );

    // The contact person accepts the invitation (the organizations service's e-mail) and becomes its admin.
    const invitation = await eventually(async () => {
      const mails = (await mailbox.to(contactEmail)).filter((m) => /accept-invitation\?token=/.test(m.text));
      expect(mails).toHaveLength(1);
      return mails[0]!;
    }, WAIT);
    const token = decodeURIComponent(/accept-invitation\?token=([^\s"&<]+)/.exec(invitation.text)![1]!);
    const orgAdmin = new HttpClient(url);
    const username = uniqueName('ntforgadm');
    const accepted = await orgAdmin.post('/api/invitations/accept', {
      token,
      username,
      password: 'Parol-12345',
      confirmPassword: 'Parol-12345',
    });
    expect(accepted.status).toBe(201);
    const organizationId = approved.body.organization.id as string;
    const orgAdminId = accepted.body.id as string;

    // A found item of the organisation, claimed by a user: its admin is told, nobody else.
    const item = await orgAdmin.post('/api/announcements', {
      ...announcement,
      type: 'found',
      title: 'Tapılmış qara çətir',
      description: 'Ticarət mərkəzinin ikinci mərtəbəsində tapılmış qara çətir',
      category: 'other',
      roomNumber: 'B-12',
    });
    expect(item.status).toBe(201);
    expect(item.body.organizationId).toBe(organizationId);
    const claimant = await registerUser(url, 'ntforgclaim');
    const orgClaim = await fileClaim(claimant.client, {
      announcementId: item.body.id,
      contactMethod: 'in_person',
    });
    const [filed] = await eventually(async () => {
      const items = (await inbox(orgAdmin)).filter((n) => n.type === 'request-filed');
      expect(items).toHaveLength(1);
      return items;
    }, WAIT);
    const orgClaimLink = `/org-admin?tab=requests&request=${orgClaim.body.id}`;
    expect(filed).toMatchObject({ userId: orgAdminId, link: orgClaimLink });
    expect(filed!.message).toContain('«Tapılmış qara çətir» elanına');
    // The admin's account has the invited address.
    const adminMails = await mailsTo(contactEmail, 'Elana yeni müraciət göndərildi');
    expectMailFrame(adminMails[0]!, orgClaimLink);
    expect(await inboxOfType(claimant, 'request-filed')).toHaveLength(0);
  });

  test('preferences: a type’s e-mails off (in-app stays); the one-click unsubscribe link turns one off too', async () => {
    const user = await registerUser(url, 'ntfpref');
    const prefs = await user.client.get('/api/notifications/preferences');
    expect(prefs.status).toBe(200);
    expect(prefs.body.items.every((i: { email: boolean }) => i.email)).toBe(true);
    expect(prefs.body.items.find((i: { type: string }) => i.type === 'request-filed')).toEqual({
      type: 'request-filed',
      label: 'Elanlarınıza gələn yeni müraciətlər',
      email: true,
    });
    const bad = await user.client.put('/api/notifications/preferences', { email: { teleported: false } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Bildiriş növü yanlışdır');
    const off = await user.client.put('/api/notifications/preferences', {
      email: { 'request-filed': false },
    });
    expect(off.status).toBe(200);
    expect(off.body.items.find((i: { type: string }) => i.type === 'request-filed').email).toBe(false);

    // A claim on the user's announcement: in the inbox, not in the mailbox.
    const posted = await user.client.post('/api/announcements', announcement);
    const claimant = await registerUser(url, 'ntfprefclaim');
    await fileClaim(claimant.client, { announcementId: posted.body.id, contactMethod: 'phone' });
    await eventually(async () => expect(await inboxOfType(user, 'request-filed')).toHaveLength(1), WAIT);

    // The welcome's unsubscribe link: GET shows a button and changes nothing; POST (one click) turns it off.
    const [welcome] = await mailsTo(user.email, 'Tapıntıya xoş gəlmisiniz!');
    const link = /^<([^>]+)>$/.exec(welcome!.headers['list-unsubscribe']!)![1]!;
    expect(link.startsWith(`${base}/api/notifications/unsubscribe?token=`)).toBe(true);
    const path = new URL(link).pathname + new URL(link).search;
    const anonymous = new HttpClient(url);
    const page = await anonymous.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('Abunəlikdən çıx');
    expect(
      (await user.client.get('/api/notifications/preferences')).body.items.find(
        (i: { type: string }) => i.type === 'welcome',
      ).email,
    ).toBe(true);
    const done = await anonymous.request('POST', path, undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Abunəlikdən çıxdınız');
    expect(
      (await user.client.get('/api/notifications/preferences')).body.items.find(
        (i: { type: string }) => i.type === 'welcome',
      ).email,
    ).toBe(false);
    const forged = await anonymous.request('POST', path.replace(/token=[^.]+/, 'token=dXNlcjp4'));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({
      message: 'Abunəlikdən çıxma linki yanlışdır və ya natamamdır',
      field: 'token',
    });
    // The e-mail of the claim never went out.
    await eventually(
      async () =>
        expect((await mailbox.to(user.email)).map((m) => m.subject).sort()).toEqual(REGISTRATION_SUBJECTS),
      WAIT,
    );
  });

  test('operations: stats, the list and retry are for the super admin only', async () => {
    const user = await registerUser(url, 'ntfops');
    const admin = await signInSuperAdmin(url);
    for (const path of ['/api/notifications/stats', '/api/notifications/admin']) {
      expect((await new HttpClient(url).get(path)).status).toBe(401);
      expect((await user.client.get(path)).status).toBe(403);
    }
    const stats = await eventually(async () => {
      const res = await admin.get('/api/notifications/stats?range=1d');
      expect(res.status).toBe(200);
      expect(res.body.sent).toBeGreaterThan(0);
      return res.body;
    }, WAIT);
    expect(stats).toEqual({
      sent: expect.any(Number),
      pending: expect.any(Number),
      failed: expect.any(Number),
    });
    const onlyFailed = await admin.get('/api/notifications/stats?status=failed&range=all');
    expect(onlyFailed.body).toMatchObject({ sent: 0, pending: 0 });
    expect((await admin.get('/api/notifications/stats?range=2d')).body).toEqual({
      message: 'Tarix aralığı 1d, 7d, 30d, 90d və ya all olmalıdır',
      field: 'range',
    });
    const list = await admin.get('/api/notifications/admin?status=sent&channel=email&limit=5');
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    expect(
      list.body.items.every(
        (n: { status: string; channel: string }) => n.status === 'sent' && n.channel === 'email',
      ),
    ).toBe(true);
    expect(list.body.items[0]).toHaveProperty('recipient');
    // Retrying a sent one is refused; an unknown one is 404; a user may not retry at all.
    const sentOne = list.body.items[0].id as string;
    expect((await admin.post(`/api/notifications/${sentOne}/retry`)).status).toBe(409);
    expect((await admin.post('/api/notifications/00000000-0000-4000-8000-000000000000/retry')).status).toBe(
      404,
    );
    expect((await user.client.post(`/api/notifications/${sentOne}/retry`)).status).toBe(403);
  });
});
