import { CONVERSATION_MESSAGES, MESSAGES_PER_HOUR } from '@tapinti/contracts/conversations-api';
import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { allAuditRows, registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, type HttpResponse } from '../support/http-client';
import { mailboxOf } from '../support/mailbox';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { sharedRulesPlatforms } from '../support/platform';
import { capturedLogs, fileRequest, FOUND, postAnnouncement, PROPAGATION_MS } from '../support/requests';
import { notificationsOf } from '../support/notifications';

/** A claim's conversation is opened from the claim's event: wait until the caller can read it. */
const conversationOf = (client: HttpClient, id: string) =>
  eventually(
    async () => {
      const res = await client.get(`/api/conversations/${id}`);
      if (res.status !== 200) throw new Error(`conversation ${id}: ${res.status} ${res.text}`);
      return res.body;
    },
    { timeoutMs: PROPAGATION_MS, intervalMs: 100 },
  );

const CARD_MESSAGE = 'Əşya məndədir. Əvvəlcə kartıma 20 manat köçürün: 4111 1111 1111 1111';
/** Full-width digits and a Cyrillic "а": the normalisation of the moderation rules sees through them. */
const DISGUISED_CARD = 'Kаrt: ４１１１ １１１１ １１１１ １１１１';

describe.each(sharedRulesPlatforms())('conversations instead of phone numbers ($mode)', (platform) => {
  const { url } = platform;
  let superAdmin: HttpClient;
  let finder: TestUser;
  let claimant: TestUser;
  let stranger: TestUser;
  let claimId: string;
  const marker = `Salam-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    superAdmin = await signInSuperAdmin(url);
    [finder, claimant, stranger] = await Promise.all([
      registerUser(url, 'tapan'),
      registerUser(url, 'iddiaci'),
      registerUser(url, 'yad'),
    ]);
  });

  it('a claim opens a conversation its two sides can read, and no one else', async () => {
    const item = await postAnnouncement(finder.client, FOUND);
    claimId = (await fileRequest(claimant.client, { announcementId: item.id, contactMethod: 'phone' })).body
      .id;
    const forClaimant = await conversationOf(claimant.client, claimId);
    expect(forClaimant).toMatchObject({
      id: claimId,
      subject: 'claim',
      subjectId: claimId,
      announcementId: item.id,
      heldByOrganization: false,
      reader: 'claimant',
      messages: [],
      sharedContacts: [],
      reportedByMe: false,
    });
    expect((await finder.client.get(`/api/conversations/${claimId}`)).body.reader).toBe('holder');
    const refused = await stranger.client.get(`/api/conversations/${claimId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CONVERSATION_MESSAGES.notPart);
    const admin = await superAdmin.get(`/api/conversations/${claimId}`);
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe(CONVERSATION_MESSAGES.notReported);
  });

  it('carries messages both ways, each with its sender and side', async () => {
    const first = await claimant.client.post(`/api/conversations/${claimId}/messages`, {
      text: `  ${marker}, bu telefon mənimdir  `,
    });
    expect(first.status).toBe(201);
    expect(first.body.messages).toEqual([
      expect.objectContaining({
        side: 'claimant',
        mine: true,
        senderName: claimant.username,
        text: `${marker}, bu telefon mənimdir`,
        warnings: [],
      }),
    ]);
    const reply = await finder.client.post(`/api/conversations/${claimId}/messages`, {
      text: 'Salam! Arxa örtüyün rəngini yazın',
    });
    expect(reply.status).toBe(201);
    const seen = (await claimant.client.get(`/api/conversations/${claimId}`)).body;
    expect(seen.messages.map((m: { side: string; mine: boolean }) => [m.side, m.mine])).toEqual([
      ['claimant', true],
      ['holder', false],
    ]);
    expect(seen.messages[1].senderName).toBe(finder.username);

    const empty = await claimant.client.post(`/api/conversations/${claimId}/messages`, { text: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(CONVERSATION_MESSAGES.textRequired);
    const long = await claimant.client.post(`/api/conversations/${claimId}/messages`, {
      text: 'a'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(CONVERSATION_MESSAGES.textTooLong);
  });

  it('tells the other side of each message in the app and by e-mail (never the text), with one-click unsubscribe', async () => {
    const inApp = (user: TestUser) =>
      eventually(
        async () => {
          const items = await notificationsOf(user.client, 'conversation-message');
          expect(items.length).toBeGreaterThan(0);
          return items;
        },
        { timeoutMs: PROPAGATION_MS, intervalMs: 250 },
      );
    const [toFinder] = await inApp(finder);
    expect(toFinder).toMatchObject({
      title: 'Yazışmada yeni mesaj',
      link: `/profile?tab=incoming&request=${claimId}`,
    });
    expect(JSON.stringify(toFinder)).not.toContain(marker);
    const [toClaimant] = await inApp(claimant);
    expect(toClaimant!.link).toBe(`/profile?tab=requests&request=${claimId}`);

    const mailTo = (user: TestUser) =>
      eventually(
        async () => {
          const mail = (await mailboxOf(platform).to(user.email)).find(
            (m) => m.subject === 'Yazışmada yeni mesaj',
          );
          if (!mail) throw new Error(`no conversation e-mail to ${user.email} yet`);
          return mail;
        },
        { timeoutMs: PROPAGATION_MS, intervalMs: 250 },
      );
    const finderMail = await mailTo(finder);
    expect(finderMail.text).toContain(`/profile?tab=incoming&request=${claimId}`);
    expect(finderMail.text).not.toContain(marker);
    expect(finderMail.headers['list-unsubscribe']).toContain('/api/notifications/unsubscribe?token=');
    expect(finderMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await mailTo(claimant)).text).toContain(`/profile?tab=requests&request=${claimId}`);

    // Unsubscribe as from every e-mail: one click turns this type's e-mails off, the app still tells.
    const link = /^<([^>]+)>$/.exec(finderMail.headers['list-unsubscribe']!)![1]!;
    const done = await new HttpClient(url).request(
      'POST',
      new URL(link).pathname + new URL(link).search,
      undefined,
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(done.status).toBe(200);
    const preference = (await finder.client.get('/api/notifications/preferences')).body.items.find(
      (i: { type: string }) => i.type === 'conversation-message',
    );
    expect(preference).toEqual({
      type: 'conversation-message',
      label: 'Müraciətlərin yazışmalarında yeni mesajlar',
      email: false,
    });
  });

  it("shows the platform's warning next to a card number or a request to pay, also when disguised", async () => {
    await finder.client.post(`/api/conversations/${claimId}/messages`, { text: CARD_MESSAGE });
    await finder.client.post(`/api/conversations/${claimId}/messages`, { text: DISGUISED_CARD });
    await finder.client.post(`/api/conversations/${claimId}/messages`, {
      text: 'Bax: tapinti-scam.example.com/pay',
    });
    const { messages } = (await claimant.client.get(`/api/conversations/${claimId}`)).body;
    const [card, disguised, link] = messages.slice(-3);
    expect(card.warnings).toEqual(expect.arrayContaining(['card-number', 'money-request']));
    expect(disguised.warnings).toContain('card-number');
    expect(link.warnings).toContain('link');
    // The writer sees the same warnings as the reader.
    const own = (await finder.client.get(`/api/conversations/${claimId}`)).body.messages.slice(-3);
    expect(own.map((m: { warnings: string[] }) => m.warnings)).toEqual(
      [card, disguised, link].map((m: { warnings: string[] }) => m.warnings),
    );
  });

  it('keeps phones private until their owner shares one with the button: then only the other side sees it', async () => {
    const before = (await finder.client.get(`/api/conversations/${claimId}`)).body;
    expect(JSON.stringify(before)).not.toContain(claimant.phone);
    expect(JSON.stringify((await claimant.client.get(`/api/conversations/${claimId}`)).body)).not.toContain(
      finder.phone,
    );

    const shared = await claimant.client.post(`/api/conversations/${claimId}/share`, { contact: 'phone' });
    expect(shared.status).toBe(200);
    expect(shared.body.sharedContacts).toEqual([
      expect.objectContaining({ side: 'claimant', mine: true, contact: 'phone', value: claimant.phone }),
    ]);
    const again = await claimant.client.post(`/api/conversations/${claimId}/share`, { contact: 'phone' });
    expect(again.body.sharedContacts).toHaveLength(1);
    const forFinder = (await finder.client.get(`/api/conversations/${claimId}`)).body;
    expect(forFinder.sharedContacts).toEqual([
      expect.objectContaining({
        side: 'claimant',
        mine: false,
        senderName: claimant.username,
        contact: 'phone',
        value: claimant.phone,
      }),
    ]);
    const badKind = await claimant.client.post(`/api/conversations/${claimId}/share`, { contact: 'address' });
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe(CONVERSATION_MESSAGES.contactRequired);
  });

  it('a side reports it; the super admin lists and reads it (without the shared phone) but cannot write', async () => {
    const reported = await finder.client.post(`/api/conversations/${claimId}/report`, { reason: 'scam' });
    expect(reported.status).toBe(200);
    expect(reported.body.reportedByMe).toBe(true);
    expect((await claimant.client.get(`/api/conversations/${claimId}`)).body.reportedByMe).toBe(false);

    const list = await superAdmin.get('/api/conversations/reported');
    expect(list.status).toBe(200);
    expect(list.body.find((c: { id: string }) => c.id === claimId)).toMatchObject({
      subjectId: claimId,
      reports: 1,
      reasons: ['scam'],
      messages: 5,
    });
    const read = await superAdmin.get(`/api/conversations/${claimId}`);
    expect(read.status).toBe(200);
    expect(read.body.reader).toBe('moderator');
    expect(read.body.messages).toHaveLength(5);
    expect(read.body.messages[0].text).toContain(marker);
    expect(read.body.sharedContacts).toEqual([expect.objectContaining({ contact: 'phone', value: null })]);
    expect(JSON.stringify(read.body)).not.toContain(claimant.phone);
    const write = await superAdmin.post(`/api/conversations/${claimId}/messages`, { text: 'Salam' });
    expect(write.status).toBe(403);
    expect((await stranger.client.get(`/api/conversations/${claimId}`)).status).toBe(403);
  });

  it('never puts a message or a shared contact into an event, an audit row or a log line', async () => {
    const rows = await eventually(
      async () => {
        const all = (await allAuditRows(superAdmin)).filter((r) => r.entityId === claimId);
        expect(all.map((r) => r.action)).toEqual(
          expect.arrayContaining([
            'conversations.conversation.opened',
            'conversations.message.posted',
            'conversations.contact.shared',
            'conversations.conversation.reported',
          ]),
        );
        return all;
      },
      { timeoutMs: PROPAGATION_MS, intervalMs: 250 },
    );
    const audit = JSON.stringify(rows);
    for (const secret of [marker, claimant.phone, '4111 1111', '４１１１']) {
      expect(audit).not.toContain(secret);
      expect(capturedLogs(platform.env.NAMESPACE!)).not.toContain(secret);
    }
  });
});

const ROLES = [
  'anonymous',
  'user not part of it',
  'claimant',
  'org admin (holder)',
  'org staff (holder)',
  'org admin of another organisation',
  'org staff of another organisation',
  'super admin',
] as const;
type Role = (typeof ROLES)[number];

describe.each(sharedRulesPlatforms())(
  "access to an organisation's conversation, every role ($mode)",
  (platform) => {
    const { url } = platform;
    let as: Record<Role, HttpClient>;
    let conversationId: string;
    let organizationId: string;
    let finder: HttpClient;
    let personConversationId: string;

    beforeAll(async () => {
      const superAdmin = await signInSuperAdmin(url);
      const applicant = await registerUser(url, 'muraciet');
      const [org, otherOrg] = [
        (await approvedOrganization(superAdmin, applicant.client, 'yazisma')).organization.id,
        (await approvedOrganization(superAdmin, applicant.client, 'diger')).organization.id,
      ];
      organizationId = org;
      const [admin, staff, otherAdmin, otherStaff, claimant, stranger, person] = await Promise.all([
        organizationAdmin(platform, superAdmin, org, 'yresep'),
        organizationMember(platform, superAdmin, org, 'org_staff', 'yisci'),
        organizationAdmin(platform, superAdmin, otherOrg, 'dresep'),
        organizationMember(platform, superAdmin, otherOrg, 'org_staff', 'disci'),
        registerUser(url, 'iddiaci'),
        registerUser(url, 'yad'),
        registerUser(url, 'tapan'),
      ]);
      finder = person.client;
      as = {
        anonymous: new HttpClient(url),
        'user not part of it': stranger.client,
        claimant: claimant.client,
        'org admin (holder)': admin.client,
        'org staff (holder)': staff.client,
        'org admin of another organisation': otherAdmin.client,
        'org staff of another organisation': otherStaff.client,
        'super admin': superAdmin,
      };
      const item = await postAnnouncement(admin.client, FOUND);
      conversationId = (
        await fileRequest(claimant.client, { announcementId: item.id, contactMethod: 'email' })
      ).body.id;
      await conversationOf(claimant.client, conversationId);
      // The same claimant's claim on a person's found item: its finder is the holder.
      const personal = await postAnnouncement(finder, FOUND);
      personConversationId = (
        await fileRequest(claimant.client, { announcementId: personal.id, contactMethod: 'phone' })
      ).body.id;
      await conversationOf(claimant.client, personConversationId);
    });

    const expectStatuses = async (
      call: (client: HttpClient) => Promise<HttpResponse>,
      expected: Record<Role, number>,
    ) => {
      const got: Partial<Record<Role, number>> = {};
      for (const role of ROLES) got[role] = (await call(as[role])).status;
      expect(got).toEqual(expected);
    };

    /** The three sides get `sides`; strangers 403, anonymous 401; the super admin as given. */
    const sidesOnly = (sides: number, { superAdmin }: { superAdmin: number }): Record<Role, number> => ({
      anonymous: 401,
      'user not part of it': 403,
      claimant: sides,
      'org admin (holder)': sides,
      'org staff (holder)': sides,
      'org admin of another organisation': 403,
      'org staff of another organisation': 403,
      'super admin': superAdmin,
    });

    it('reading: the claimant and the organisation admins and staff; the super admin not before a report', () =>
      expectStatuses(
        (c) => c.get(`/api/conversations/${conversationId}`),
        sidesOnly(200, { superAdmin: 403 }),
      ));

    it('writing: the two sides only; the staff write for the organisation', async () => {
      await expectStatuses(
        (c) => c.post(`/api/conversations/${conversationId}/messages`, { text: 'Salam' }),
        sidesOnly(201, { superAdmin: 403 }),
      );
      const seen = (await as.claimant.get(`/api/conversations/${conversationId}`)).body;
      expect(seen.heldByOrganization).toBe(true);
      expect(seen.messages.map((m: { side: string }) => m.side)).toEqual(['claimant', 'holder', 'holder']);
    });

    it('sharing an e-mail: the two sides only; an address shared by the staff reaches the claimant, not the other staff', async () => {
      await expectStatuses(
        (c) => c.post(`/api/conversations/${conversationId}/share`, { contact: 'email' }),
        sidesOnly(200, { superAdmin: 403 }),
      );
      const forClaimant = (await as.claimant.get(`/api/conversations/${conversationId}`)).body.sharedContacts;
      expect(forClaimant.filter((s: { side: string }) => s.side === 'holder')).toHaveLength(2);
      expect(forClaimant.every((s: { value: string | null }) => s.value?.includes('@'))).toBe(true);
      const forStaff = (await as['org staff (holder)'].get(`/api/conversations/${conversationId}`)).body
        .sharedContacts;
      const adminsAddress = forStaff.find(
        (s: { side: string; mine: boolean }) => s.side === 'holder' && !s.mine,
      );
      expect(adminsAddress.value).toBeNull();
      expect(forStaff.find((s: { side: string }) => s.side === 'claimant').value).toContain('@');
    });

    it('the reported list is the super admin’s alone', () =>
      expectStatuses((c) => c.get('/api/conversations/reported'), sidesOnly(403, { superAdmin: 200 })));

    it('reporting: the two sides only; afterwards the super admin reads it, nobody else gains access', async () => {
      await expectStatuses(
        (c) => c.post(`/api/conversations/${conversationId}/report`, { reason: 'abuse' }),
        sidesOnly(200, { superAdmin: 403 }),
      );
      await expectStatuses(
        (c) => c.get(`/api/conversations/${conversationId}`),
        sidesOnly(200, { superAdmin: 200 }),
      );
      const listed = (await as['super admin'].get('/api/conversations/reported')).body;
      expect(listed.find((c: { id: string }) => c.id === conversationId)).toMatchObject({
        reports: 3,
        reasons: ['abuse'],
      });
    });

    it('takes at most 60 messages of one person within an hour (429 with Retry-After), then the other side still writes', async () => {
      const post = (role: Role) =>
        as[role].post(`/api/conversations/${conversationId}/messages`, { text: 'Yenə salam' });
      const mine = () =>
        as.claimant
          .get(`/api/conversations/${conversationId}`)
          .then((r) => r.body.messages.filter((m: { mine: boolean }) => m.mine).length);
      for (let sent = await mine(); sent < MESSAGES_PER_HOUR; sent++)
        expect((await post('claimant')).status).toBe(201);
      const refused = await post('claimant');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(CONVERSATION_MESSAGES.tooManyMessages);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await mine()).toBe(MESSAGES_PER_HOUR);
      expect((await post('org staff (holder)')).status).toBe(201);
    });

    it("a person's item: the claimant and the finder; every organisation's admins and staff are strangers", async () => {
      const statuses = async (call: (client: HttpClient) => Promise<HttpResponse>) => {
        const got: Record<string, number> = {};
        for (const [role, client] of Object.entries({
          anonymous: as.anonymous,
          'user not part of it': as['user not part of it'],
          claimant: as.claimant,
          finder,
          'org admin (of an organisation)': as['org admin (holder)'],
          'org staff (of an organisation)': as['org staff (holder)'],
          'org admin of another organisation': as['org admin of another organisation'],
          'org staff of another organisation': as['org staff of another organisation'],
          'super admin': as['super admin'],
        }))
          got[role] = (await call(client)).status;
        return got;
      };
      const path = `/api/conversations/${personConversationId}`;
      const refusedToOthers = {
        anonymous: 401,
        'user not part of it': 403,
        'org admin (of an organisation)': 403,
        'org staff (of an organisation)': 403,
        'org admin of another organisation': 403,
        'org staff of another organisation': 403,
        'super admin': 403,
      };
      expect(await statuses((c) => c.get(path))).toEqual({ ...refusedToOthers, claimant: 200, finder: 200 });
      expect(await statuses((c) => c.post(`${path}/messages`, { text: 'Salam' }))).toEqual({
        ...refusedToOthers,
        claimant: 201,
        finder: 201,
      });
      expect(await statuses((c) => c.post(`${path}/share`, { contact: 'phone' }))).toEqual({
        ...refusedToOthers,
        claimant: 200,
        finder: 200,
      });
      expect(await statuses((c) => c.post(`${path}/report`, { reason: 'other' }))).toEqual({
        ...refusedToOthers,
        claimant: 200,
        finder: 200,
      });
      expect(await statuses((c) => c.get(path))).toEqual({
        ...refusedToOthers,
        claimant: 200,
        finder: 200,
        'super admin': 200,
      });
    });

    it("a deactivated organisation's admins and staff act in nothing; its claimant still reads", async () => {
      const deactivated = await as['super admin'].put(`/api/organizations/${organizationId}`, {
        isActive: false,
      });
      expect(deactivated.status).toBe(200);
      for (const role of ['org admin (holder)', 'org staff (holder)'] as const)
        await eventually(
          async () => {
            const res = await as[role].get(`/api/conversations/${conversationId}`);
            expect([res.status, res.body.message]).toEqual([403, ORGANIZATION_MESSAGES.deactivated]);
          },
          { timeoutMs: PROPAGATION_MS, intervalMs: 250 },
        );
      expect((await as.claimant.get(`/api/conversations/${conversationId}`)).status).toBe(200);
    });

    it('unknown and malformed ids', async () => {
      const unknown = await as.claimant.get('/api/conversations/00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(CONVERSATION_MESSAGES.notFound);
      const malformed = await as.claimant.get('/api/conversations/bu-id-deyil');
      expect(malformed.status).toBe(400);
      expect(malformed.body.message).toBe(CONVERSATION_MESSAGES.conversationId);
    });
  },
);
