import { fillMessage } from '@tapinti/contracts/message-template';
import { randomUUID } from 'node:crypto';
import { COMPLAINT_MESSAGES, HANDOVER_MESSAGES } from '@tapinti/contracts/requests-api';
import {
  allAuditRows,
  registerUser,
  registerVerifiedUser,
  signInSuperAdmin,
  type TestUser,
} from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { mailboxOf, type ReceivedMail } from '../support/mailbox';
import {
  approvedOrganization,
  loopbackAddress,
  organizationAdmin,
  requestFrom,
} from '../support/organizations';
import { sharedRulesPlatforms } from '../support/platform';
import { fileRequest, FOUND, LOST, postAnnouncement, PROPAGATION_MS } from '../support/requests';
import { notificationsOf } from '../support/notifications';

const MAIL_MS = 30_000;
const DESCRIPTION = 'Bu elanın müəllifi mükafatı əvvəlcədən köçürməyimi tələb edir, əşyanı göstərmir.';
const NUMBER = /^ŞK-[0-9]{6}$/;
const sequenceOf = (number: string) => Number(number.slice(3));

describe.each(sharedRulesPlatforms())('complaints and the safe hand-over ($mode)', (platform) => {
  const { url } = platform;
  const mailbox = mailboxOf(platform);
  let superAdmin: HttpClient;
  let member: TestUser;
  let stranger: TestUser;

  /** The first e-mail to `address` whose text contains `needle`. */
  const mailWith = (address: string, needle: string): Promise<ReceivedMail> =>
    eventually(
      async () => {
        const found = (await mailbox.to(address)).find((m) => m.text.includes(needle));
        expect(found).toBeDefined();
        return found!;
      },
      { timeoutMs: MAIL_MS, intervalMs: 250 },
    );

  beforeAll(async () => {
    superAdmin = await signInSuperAdmin(url);
    [member, stranger] = await Promise.all([
      registerVerifiedUser(platform, 'sikayetci'),
      registerUser(url, 'kenar'),
    ]);
  });

  describe('complaints', () => {
    const anonymousEmail = `${uniqueName('anonim')}@example.az`;
    let anonymous: { id: string; number: string };
    let signedIn: { id: string; number: string };
    let phoneOnly: { id: string; number: string };
    const complaint = (body: Record<string, unknown>) => ({
      type: 'fraud',
      subject: 'Saxta tapan mükafat istəyir',
      description: DESCRIPTION,
      ...body,
    });
    /**
     * An anonymous complaint from a loopback address of its own (the gateway throttles per
     * address), or a signed-in user's from the client's.
     */
    const file = (client: HttpClient | null, body: Record<string, unknown>, address = loopbackAddress()) =>
      client
        ? client.post('/api/complaints', complaint(body), { 'x-forwarded-for': address })
        : requestFrom(address, url, 'POST', '/api/complaints', complaint(body));

    it('files an anonymous complaint: a human-readable number on screen, no mail to the typed address', async () => {
      const res = await file(null, { userInfo: anonymousEmail });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'open', emailed: false });
      expect(res.body.number).toMatch(NUMBER);
      anonymous = res.body;
    });

    it("numbers a signed-in user's complaint next and e-mails it to their verified address", async () => {
      // Requests learns of the verification from auth's event (in distributed mode a moment
      // later): until then a complaint is told in the app only, so file until one is e-mailed.
      const res = await eventually(
        async () => {
          const filed = await file(member.client, { type: 'technical', userInfo: member.email });
          expect(filed.status).toBe(201);
          expect(filed.body).toMatchObject({ emailed: true });
          return filed;
        },
        { timeoutMs: PROPAGATION_MS },
      );
      signedIn = res.body;
      expect(signedIn.number).toMatch(NUMBER);
      expect(sequenceOf(signedIn.number)).toBeGreaterThan(sequenceOf(anonymous.number));
      await mailWith(member.email, signedIn.number);
      // …and tells them in the app too.
      await eventually(
        async () => {
          expect(JSON.stringify(await notificationsOf(member.client))).toContain(signedIn.number);
        },
        { timeoutMs: PROPAGATION_MS },
      );
    });

    it('e-mails no address typed into the form, however many addresses ask; an unverified account is told in the app', async () => {
      // Issue 21, 4 c: the form once mailed any address typed as the contact (55 mails from 11 addresses).
      const victim = `${uniqueName('qurban')}@example.az`;
      for (let i = 0; i < 6; i++) {
        const res = await file(null, { type: 'other', userInfo: victim });
        expect(res.status).toBe(201);
        expect(res.body.emailed).toBe(false);
      }
      // Signed in without a verified address, typing someone else's: in the app only.
      const unverified = await file(stranger.client, { type: 'other', userInfo: victim });
      expect(unverified.status).toBe(201);
      expect(unverified.body.emailed).toBe(false);
      await eventually(
        async () => {
          expect(JSON.stringify(await notificationsOf(stranger.client))).toContain(unverified.body.number);
        },
        { timeoutMs: PROPAGATION_MS },
      );
      // A complaint mail written after these has been delivered; none went to the typed address.
      const later = await file(member.client, { type: 'other', userInfo: victim });
      await mailWith(member.email, later.body.number);
      expect(await mailbox.to(victim)).toEqual([]);
      expect(
        await mailbox.to(stranger.email).then((m) => m.filter((x) => x.subject.includes('ŞK-'))),
      ).toEqual([]);
    });

    it('takes an anonymous complaint with a phone only: the number is shown, nothing is e-mailed', async () => {
      const res = await file(null, { type: 'other', userInfo: '+994 50 123 45 67' });
      expect(res.status).toBe(201);
      expect(res.body.emailed).toBe(false);
      phoneOnly = res.body;
    });

    it('refuses a complaint that breaks the form rules with the spec messages (400)', async () => {
      const short = await file(null, { subject: 'Qısa', userInfo: anonymousEmail });
      expect(short.status).toBe(400);
      expect(short.body.message).toBe(COMPLAINT_MESSAGES.subject);
      const noType = await file(null, { type: '', userInfo: anonymousEmail });
      expect(noType.status).toBe(400);
      expect(noType.body.message).toBe('Şikayət növünü seçin');
    });

    it('lists complaints to super admins only (403 for others, 401 signed out)', async () => {
      const list = await superAdmin.get('/api/complaints');
      expect(list.status).toBe(200);
      const byId = new Map((list.body as Array<{ id: string }>).map((c) => [c.id, c]));
      expect(byId.get(anonymous.id)).toMatchObject({
        number: anonymous.number,
        type: 'fraud',
        subject: 'Saxta tapan mükafat istəyir',
        description: DESCRIPTION,
        contact: anonymousEmail,
        userId: null,
        status: 'open',
      });
      expect(byId.get(signedIn.id)).toMatchObject({ userId: member.id, username: member.username });
      expect(byId.get(phoneOnly.id)).toMatchObject({ contact: '+994 50 123 45 67', contactEmail: null });
      expect((await member.client.get('/api/complaints')).status).toBe(403);
      expect((await new HttpClient(url).get('/api/complaints')).status).toBe(401);
      const put = await member.client.put(`/api/complaints/${anonymous.id}`, { status: 'resolved' });
      expect(put.status).toBe(403);
    });

    it('lets a super admin move a complaint on and reply; the reply is e-mailed to a verified complainant only', async () => {
      const progress = await superAdmin.put(`/api/complaints/${anonymous.id}`, { status: 'in_progress' });
      expect(progress.status).toBe(200);
      expect(progress.body.status).toBe('in_progress');
      const reply = `Elanı yoxladıq və gizlətdik ${uniqueName('cavab')}`;
      const resolved = await superAdmin.put(`/api/complaints/${anonymous.id}`, { status: 'resolved', reply });
      expect(resolved.status).toBe(200);
      expect(resolved.body).toMatchObject({ status: 'resolved', reply });
      // The anonymous complainant reads the reply by following the complaint; a signed-in,
      // verified complainant gets it by e-mail as well.
      const answered = await superAdmin.put(`/api/complaints/${signedIn.id}`, { status: 'resolved', reply });
      expect(answered.status).toBe(200);
      const mail = await mailWith(member.email, reply);
      expect(mail.text).toContain(signedIn.number);
      expect(await mailbox.to(anonymousEmail)).toEqual([]);
      const open = await superAdmin.get('/api/complaints?status=open');
      expect((open.body as Array<{ id: string }>).map((c) => c.id)).not.toContain(anonymous.id);
      const unknown = await superAdmin.put(`/api/complaints/${randomUUID()}`, { status: 'resolved' });
      expect(unknown.status).toBe(404);
    });

    it('lets the complainant follow it with its number and their contact only', async () => {
      const follow = (body: Record<string, unknown>) =>
        requestFrom(loopbackAddress(), url, 'POST', '/api/complaints/status', body);
      const res = await follow({ number: anonymous.number, contact: anonymousEmail.toUpperCase() });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ number: anonymous.number, status: 'resolved' });
      expect(res.body.reply).toMatch(/^Elanı yoxladıq və gizlətdik/);
      const wrongContact = await follow({ number: anonymous.number, contact: 'başqası@example.az' });
      expect(wrongContact.status).toBe(404);
      expect(wrongContact.body.message).toBe(COMPLAINT_MESSAGES.statusNotFound);
      const malformed = await follow({ number: '123abc', contact: anonymousEmail });
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(COMPLAINT_MESSAGES.numberFormat);
    });

    it("records complaints in the audit log without the contact's address", async () => {
      const rows = await eventually(
        async () => {
          const all = await allAuditRows(superAdmin);
          const mine = all.filter((r) => r.entityId === anonymous.id);
          expect(mine.map((r) => r.action)).toEqual(
            expect.arrayContaining([
              'requests.complaint.filed',
              'requests.complaint.status-changed',
              'requests.complaint.replied',
            ]),
          );
          return all;
        },
        { timeoutMs: PROPAGATION_MS },
      );
      expect(JSON.stringify(rows)).not.toContain(anonymousEmail);
    });

    it('throttles complaints per address: the default allows 5 in 10 minutes, then 429 with Retry-After', async () => {
      const address = loopbackAddress();
      for (let i = 1; i <= 5; i++) {
        const body = i === 3 ? { subject: 'Qısa' } : { userInfo: '+994 55 000 00 00' };
        // Every request counts, refused ones included.
        expect((await file(null, body, address)).status).toBe(i === 3 ? 400 : 201);
      }
      const refused = await file(null, { userInfo: '+994 55 000 00 00' }, address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[0-9]+$/);
      expect(refused.body.message).toBe('Çox sayda cəhd edildi. Bir az sonra yenidən cəhd edin');
      // Another address is not held back.
      expect((await file(null, { userInfo: '+994 55 000 00 00' })).status).toBe(201);
    });
  });

  describe('the hand-over of a claimed item', () => {
    let finder: TestUser;
    let owner: TestUser;
    let item: { id: string; title: string };
    let requestId: string;

    const handoverOf = async (user: HttpClient) => {
      const res = await user.get('/api/requests/handovers');
      expect(res.status).toBe(200);
      return (res.body as Array<Record<string, any>>).find((h) => h.requestId === requestId);
    };
    const enter = (user: HttpClient, code: string) =>
      user.post(`/api/requests/${requestId}/handover`, { code });
    const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    beforeAll(async () => {
      [finder, owner] = await Promise.all([registerUser(url, 'tapan'), registerUser(url, 'sahib')]);
      item = await postAnnouncement(finder.client, { ...FOUND, rewardAmount: 0 });
      requestId = (await fileRequest(owner.client, { announcementId: item.id })).body.id;
    });

    it('has no hand-over before the claim is resolved_claimed (409)', async () => {
      const early = await enter(finder.client, '123456');
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(HANDOVER_MESSAGES.notClaimed);
    });

    it('gives the owner a 6-digit code, shown only to them and e-mailed', async () => {
      const resolved = await finder.client.put(`/api/requests/${requestId}`, { status: 'resolved_claimed' });
      expect(resolved.status).toBe(200);
      const mine = await handoverOf(owner.client);
      expect(mine).toMatchObject({ role: 'owner', state: 'awaiting', attemptsLeft: 5 });
      expect(mine!.code).toMatch(/^[0-9]{6}$/);
      const theirs = await handoverOf(finder.client);
      expect(theirs).toMatchObject({ role: 'finder', state: 'awaiting', code: null });
      expect(await handoverOf(stranger.client)).toBeUndefined();
      await mailWith(owner.email, `Təhvil kodunuz: ${mine!.code}`);
      expect((await mailbox.to(finder.email)).some((m) => m.text.includes(mine!.code))).toBe(false);
    });

    it('is confirmed by the finder side only (403 for the owner and others)', async () => {
      const { code } = (await handoverOf(owner.client))!;
      for (const client of [owner.client, stranger.client, superAdmin]) {
        const res = await enter(client, code);
        expect(res.status).toBe(403);
        expect(res.body.message).toBe(HANDOVER_MESSAGES.notFinder);
      }
      expect((await enter(new HttpClient(url), code)).status).toBe(401);
      const malformed = await enter(finder.client, '12ab');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(HANDOVER_MESSAGES.codeFormat);
    });

    it('locks after 5 wrong codes; only a super admin unlocks it, with a new code', async () => {
      const { code } = (await handoverOf(owner.client))!;
      const wrong = wrongCodeFor(code);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const res = await enter(finder.client, wrong);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          message: fillMessage(HANDOVER_MESSAGES.wrongCode, { left: 5 - attempt }),
          field: 'code',
        });
      }
      const fifth = await enter(finder.client, wrong);
      expect(fifth.status).toBe(409);
      expect(fifth.body.message).toBe(HANDOVER_MESSAGES.locked);
      const rightButLocked = await enter(finder.client, code);
      expect(rightButLocked.status).toBe(409);
      expect(await handoverOf(owner.client)).toMatchObject({ state: 'locked', code: null, attemptsLeft: 0 });
      expect(await handoverOf(superAdmin)).toMatchObject({ role: 'super_admin', state: 'locked' });

      expect((await finder.client.post(`/api/requests/${requestId}/handover/unlock`)).status).toBe(403);
      const unlocked = await superAdmin.post(`/api/requests/${requestId}/handover/unlock`);
      expect(unlocked.status).toBe(200);
      expect(unlocked.body).toMatchObject({ state: 'awaiting', code: null, attemptsLeft: 5 });
      const renewed = (await handoverOf(owner.client))!;
      expect(renewed.state).toBe('awaiting');
      expect(renewed.code).toMatch(/^[0-9]{6}$/);
      await mailWith(owner.email, `Təhvil kodunuz: ${renewed.code}`);
      if (renewed.code !== code) expect((await enter(finder.client, code)).status).toBe(400);
    });

    it('with the right code marks the item handed over: in the public answer and the audit log', async () => {
      const { code } = (await handoverOf(owner.client))!;
      const res = await enter(finder.client, code);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ role: 'finder', state: 'handed_over' });
      expect(res.body.handedOverAt).toEqual(expect.any(String));
      expect(await handoverOf(owner.client)).toMatchObject({ state: 'handed_over', code: null });
      expect((await enter(finder.client, code)).status).toBe(409);

      await eventually(
        async () => {
          const details = await stranger.client.get(`/api/announcements/${item.id}`);
          expect(details.status).toBe(200);
          expect(details.body).toMatchObject({ status: 'resolved', outcome: 'returned' });
          expect(details.body.handedOverAt).toEqual(expect.any(String));
        },
        { timeoutMs: PROPAGATION_MS },
      );
      const rows = await eventually(
        async () => {
          const all = await allAuditRows(superAdmin);
          const actions = all.filter((r) => r.entityId === requestId).map((r) => r.action);
          expect(actions).toEqual(
            expect.arrayContaining([
              'requests.handover.code-issued',
              'requests.handover.failed-attempt',
              'requests.handover.locked',
              'requests.request.handed-over',
            ]),
          );
          const onItem = all.filter((r) => r.entityId === item.id).map((r) => r.action);
          expect(onItem).toContain('announcements.announcement.handed-over');
          return all;
        },
        { timeoutMs: PROPAGATION_MS },
      );
      // The code itself is in no audit row.
      expect(JSON.stringify(rows)).not.toContain(`"${code}"`);
    });

    it("gives a lost item's code to its author; the claimant who found it enters it", async () => {
      const lost = await postAnnouncement(owner.client, { ...LOST, rewardAmount: 50 });
      requestId = (await fileRequest(finder.client, { announcementId: lost.id })).body.id;
      expect(
        (await owner.client.put(`/api/requests/${requestId}`, { status: 'resolved_claimed' })).status,
      ).toBe(200);
      const mine = (await handoverOf(owner.client))!;
      expect(mine).toMatchObject({ role: 'owner', state: 'awaiting' });
      expect(await handoverOf(finder.client)).toMatchObject({ role: 'finder', code: null });
      expect((await enter(owner.client, mine.code)).status).toBe(403);
      const res = await enter(finder.client, mine.code);
      expect(res.status).toBe(200);
      expect(res.body.state).toBe('handed_over');
    });

    it("lets an organisation's admins confirm the hand-over of its item", async () => {
      const applicant = await registerUser(url, 'otelci');
      const organizationId = (await approvedOrganization(superAdmin, applicant.client, 'tehvil')).organization
        .id;
      const admin = (await organizationAdmin(platform, superAdmin, organizationId, 'tehvilci')).client;
      const orgItem = await postAnnouncement(admin, FOUND);
      requestId = (await fileRequest(owner.client, { announcementId: orgItem.id })).body.id;
      expect((await admin.put(`/api/requests/${requestId}`, { status: 'resolved_claimed' })).status).toBe(
        200,
      );
      expect(await handoverOf(admin)).toMatchObject({ role: 'finder', organizationId, code: null });
      const { code } = (await handoverOf(owner.client))!;
      const res = await enter(admin, code);
      expect(res.status).toBe(200);
      expect(res.body.state).toBe('handed_over');
    });
  });
});
