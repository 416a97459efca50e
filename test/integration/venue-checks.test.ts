import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { mailboxOf } from '../support/mailbox';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { rulesModes, startPlatform, type Platform } from '../support/platform';
import { FOUND, LOST, postAnnouncement, PROPAGATION_MS } from '../support/requests';
import type { Notification } from '@tapinti/contracts/notifications-api';
import { notificationsOf } from '../support/notifications';

/**
 * Issue 26 point 1, "ask the venues", on a platform of its own: one "hour" of an answer deadline
 * lasts 400 ms (`CLAIM_DEADLINE_HOUR_MS`), so a basic plan's 48 hours are 19.2 s; the deadline job
 * looks every 300 ms. The venue-check limits are lowered so they can be reached: 12 venues per user
 * a day, 2 asks of one venue per user a week, 3 asks a venue receives a day.
 *
 * A lost post asks 3 venues → each venue's staff see it in their inbox with their own candidates
 * (no owner contact detail) → one opens it (seen), one answers «Burada yoxdur», one «Tapdıq» with
 * its item: a claim for the owner and its conversation exist → the third misses its deadline: its
 * admins are told, the super admin's overdue list shows it, the owner sees it overdue → the owner
 * was told of each answer in the app and by e-mail → the owner and the venue talk in the claim's
 * conversation (each side told; a card number flagged) → the venue pages' scorecards count the
 * missed and the timely answer. Then the caps and rate limits, and every endpoint for every kind of caller.
 */
jest.setTimeout(600_000);

const WAIT = { timeoutMs: 90_000, intervalMs: 300 };
const HOUR_MS = 400;

const aboutCheck = (venueCheckId: string, type: string) => (n: Notification) =>
  n.type === type && n.data.venueCheckId === venueCheckId;

interface OwnerCheck {
  id: string;
  organizationId: string;
  organizationName: string | null;
  status: string;
  answer: string | null;
  requestId: string | null;
  itemId: string | null;
  overdue: boolean;
  seenAt: string | null;
  dueAt: string;
  askedAt: string;
}

describe.each(rulesModes())('ask the venues (%s)', (mode) => {
  let platform: Platform;
  let superAdmin: HttpClient;
  let owner: TestUser;
  let stranger: TestUser;
  let venues: Array<{ id: string; name: string }>;
  let extra: Array<{ id: string; name: string }>;
  let adminA: HttpClient;
  let staffA: HttpClient;
  let adminB: HttpClient;
  let staffB: HttpClient;
  let adminC: HttpClient;
  let adminCEmail: string;
  let lost: { id: string; title: string };
  let itemA: { id: string; title: string };
  let itemB: { id: string; title: string };
  let checks: Record<'A' | 'B' | 'C', OwnerCheck>;
  /** The claim venue A's «Tapdıq» filed for the owner. */
  let foundClaimId: string;

  /** POST /api/venue-checks, retried while the requests service has not heard of the post yet (404). */
  async function ask(client: HttpClient, announcementId: string, organizationIds: string[], status = 201) {
    return eventually(
      async () => {
        const res = await client.post('/api/venue-checks', { announcementId, organizationIds });
        expect(
          res.status === 404 && res.body.message === 'Elan tapılmadı' ? 'not known yet' : res.status,
        ).toBe(status);
        return res;
      },
      { timeoutMs: PROPAGATION_MS, intervalMs: 100 },
    );
  }

  async function ownerView(): Promise<OwnerCheck[]> {
    const res = await owner.client.get(`/api/venue-checks?announcementId=${lost.id}`);
    expect(res.status).toBe(200);
    return res.body.checks;
  }

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: {
        CLAIM_DEADLINE_HOUR_MS: String(HOUR_MS),
        CLAIM_DEADLINE_CHECK_EVERY_MS: '300',
        VENUE_CHECKS_MAX_PER_USER_PER_DAY: '12',
        VENUE_CHECKS_MAX_PER_USER_VENUE_PER_WEEK: '2',
        VENUE_CHECKS_MAX_PER_VENUE_PER_DAY: '3',
      },
    });
    superAdmin = await signInSuperAdmin(platform.url);
    // A fresh applicant each: one account may apply only a few times an hour.
    const approved = (prefix: string) =>
      registerUser(platform.url, `${prefix}x`).then(
        async (applicant) => (await approvedOrganization(superAdmin, applicant.client, prefix)).organization,
      );
    [venues, extra] = await Promise.all([
      Promise.all(['mekana', 'mekanb', 'mekanc'].map(approved)),
      Promise.all(Array.from({ length: 8 }, (_, i) => approved(`elave${i}`))),
    ]);
    const [a, b, c] = venues.map((v) => v.id) as [string, string, string];
    adminA = (await organizationAdmin(platform, superAdmin, a, 'aadm')).client;
    let cMember: { client: HttpClient; email: string };
    [staffA, adminB, cMember, owner, stranger] = await Promise.all([
      organizationMember(platform, adminA, a, 'org_staff', 'ast').then((m) => m.client),
      organizationAdmin(platform, superAdmin, b, 'badm').then((m) => m.client),
      organizationAdmin(platform, superAdmin, c, 'cadm'),
      registerUser(platform.url, 'sahib'),
      registerUser(platform.url, 'yad'),
    ]);
    adminC = cMember.client;
    adminCEmail = cMember.email;
    staffB = (await organizationMember(platform, adminB, b, 'org_staff', 'bst')).client;
  }, 400_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('a lost post asks 3 venues; each sees it in its inbox with its own candidates and no owner contact', async () => {
    itemA = await postAnnouncement(staffA, {
      ...FOUND,
      title: 'Qara dəri pulqabı tapılıb',
      description: 'Gənclik metrosunda qara dəri pulqabı tapılıb, içində sənədlər var',
      category: 'bags',
      location: 'Gənclik metrosu',
    });
    itemB = await postAnnouncement(staffB, {
      ...FOUND,
      title: 'Qara pulqabı tapdıq',
      description: 'Qara dəri pulqabı, Gənclik metrosu yaxınlığında tapılıb',
      category: 'bags',
      location: 'Gənclik metrosu',
    });
    lost = await postAnnouncement(owner.client, { ...LOST, title: 'Qara pulqabı' });
    const ids = venues.map((v) => v.id);
    const asked = await ask(owner.client, lost.id, ids);
    expect(asked.body.announcementId).toBe(lost.id);
    expect(asked.body.venuesLeft).toBe(7);
    const list = asked.body.checks as OwnerCheck[];
    expect(list.map((c) => c.organizationId).sort()).toEqual([...ids].sort());
    for (const check of list) {
      expect(check).toMatchObject({ status: 'asked', answer: null, seenAt: null, overdue: false });
      expect(check.organizationName).toBe(venues.find((v) => v.id === check.organizationId)!.name);
      // The basic plan's 48 "hours".
      expect(Date.parse(check.dueAt) - Date.parse(check.askedAt)).toBe(48 * HOUR_MS);
    }
    const byVenue = (i: number) => list.find((c) => c.organizationId === ids[i])!;
    checks = { A: byVenue(0), B: byVenue(1), C: byVenue(2) };

    const ownerDetails = [owner.email, owner.phone, owner.username, owner.id];
    for (const [client, i, item] of [
      [staffA, 0, itemA],
      [adminB, 1, itemB],
      [adminC, 2, null],
    ] as const) {
      const inbox = await client.get(`/api/organizations/${ids[i]}/venue-checks`);
      expect(inbox.status).toBe(200);
      expect(inbox.body).toHaveLength(1);
      expect(inbox.body[0]).toMatchObject({
        announcementId: lost.id,
        organizationId: ids[i],
        announcementTitle: lost.title,
        announcementStatus: 'open',
        status: 'asked',
      });
      const candidates = await eventually(async () => {
        const res = await client.get(`/api/announcements/${lost.id}/venue-checks/${ids[i]}`);
        expect(res.status).toBe(200);
        return res;
      }, WAIT);
      expect(candidates.body.announcement).toMatchObject({ id: lost.id, title: lost.title, type: 'lost' });
      const candidateIds = (candidates.body.candidates as Array<{ announcement: { id: string } }>).map(
        (m) => m.announcement.id,
      );
      // Only the venue's own items.
      if (item) expect(candidateIds).toEqual([item.id]);
      else expect(candidateIds).toEqual([]);
      for (const body of [JSON.stringify(inbox.body), JSON.stringify(candidates.body)])
        for (const detail of ownerDetails) expect(body).not.toContain(detail);
    }
    // The venue's staff and admins were told in the app.
    await eventually(async () => {
      expect((await notificationsOf(staffA)).some(aboutCheck(checks.A.id, 'venue-check-asked'))).toBe(true);
      expect((await notificationsOf(adminA)).some(aboutCheck(checks.A.id, 'venue-check-asked'))).toBe(true);
    }, WAIT);
  });

  it('opening marks it seen; «Burada yoxdur» and «Tapdıq» answer it; «Tapdıq» files a claim with a conversation', async () => {
    const seen = await staffA.post(`/api/venue-checks/${checks.A.id}/seen`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: checks.A.id, status: 'seen' });
    expect((await ownerView()).find((c) => c.id === checks.A.id)).toMatchObject({ status: 'seen' });

    const notHere = await adminB.post(`/api/venue-checks/${checks.B.id}/answer`, { answer: 'not_here' });
    expect(notHere.status).toBe(200);
    expect(notHere.body).toMatchObject({ status: 'answered', answer: 'not_here', requestId: null });

    // Another venue's item, and a missing one: 400 naming the field.
    const wrongItem = await staffA.post(`/api/venue-checks/${checks.A.id}/answer`, {
      answer: 'found',
      itemId: itemB.id,
    });
    expect(wrongItem.status).toBe(400);
    expect(wrongItem.body).toEqual({
      message: 'Seçilən əşya bu məkanın açıq «tapılıb» elanı deyil',
      field: 'itemId',
    });
    const noItem = await staffA.post(`/api/venue-checks/${checks.A.id}/answer`, { answer: 'found' });
    expect(noItem.status).toBe(400);
    const found = await eventually(async () => {
      // The requests service learns of the item from its event.
      const res = await staffA.post(`/api/venue-checks/${checks.A.id}/answer`, {
        answer: 'found',
        itemId: itemA.id,
      });
      expect(res.status).toBe(200);
      return res;
    }, WAIT);
    expect(found.body).toMatchObject({ status: 'answered', answer: 'found', itemId: itemA.id });
    const requestId = found.body.requestId as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    foundClaimId = requestId;
    // Answered once only.
    const again = await adminA.post(`/api/venue-checks/${checks.A.id}/answer`, { answer: 'not_here' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Bu sorğu artıq cavablandırılıb');

    // The claim is the owner's, on the venue's item, handled by the venue.
    const mine = await owner.client.get('/api/requests/my');
    expect(mine.body.find((r: { id: string }) => r.id === requestId)).toMatchObject({
      announcementId: itemA.id,
      organizationId: venues[0]!.id,
      status: 'pending',
      contactMethod: 'in_person',
    });
    const handled = await adminA.get(`/api/organizations/${venues[0]!.id}/requests`);
    const claim = handled.body.find((r: { id: string }) => r.id === requestId);
    expect(claim).toMatchObject({ userId: owner.id, contact: null });
    // Its conversation opens by itself (the claim's id), for the owner and the venue.
    await eventually(async () => {
      expect((await owner.client.get(`/api/conversations/${requestId}`)).status).toBe(200);
      expect((await staffA.get(`/api/conversations/${requestId}`)).status).toBe(200);
    }, WAIT);

    const view = await ownerView();
    expect(view.find((c) => c.id === checks.A.id)).toMatchObject({
      status: 'answered',
      answer: 'found',
      requestId,
      itemId: itemA.id,
      overdue: false,
    });
    expect(view.find((c) => c.id === checks.B.id)).toMatchObject({ status: 'answered', answer: 'not_here' });

    // The owner is told of each answer, in the app and by e-mail.
    await eventually(async () => {
      const mine = await notificationsOf(owner.client);
      expect(mine.some(aboutCheck(checks.A.id, 'venue-check-answered'))).toBe(true);
      expect(mine.some(aboutCheck(checks.B.id, 'venue-check-answered'))).toBe(true);
    }, WAIT);
    const mailbox = mailboxOf(platform);
    const foundMail = await eventually(async () => {
      const mails = (await mailbox.to(owner.email)).filter((m) => m.subject.includes('Məkan əşyanızı tapdı'));
      expect(mails).toHaveLength(1);
      return mails[0]!;
    }, WAIT);
    expect(foundMail.text).toContain(venues[0]!.name);
    expect(foundMail.text).toContain(`/profile?tab=requests&request=${requestId}`);
    await eventually(async () => {
      const mails = await mailbox.to(owner.email);
      expect(mails.filter((m) => m.subject.includes('burada yoxdur'))).toHaveLength(1);
    }, WAIT);
  });

  it("the owner and the venue's staff talk in the claim's conversation: each side is told, a card number is flagged", async () => {
    const written = await owner.client.post(`/api/conversations/${foundClaimId}/messages`, {
      text: 'Salam! Qara çantadır, içində açarlar var. Nə vaxt gələ bilərəm?',
    });
    expect(written.status).toBe(201);
    const reply = await staffA.post(`/api/conversations/${foundClaimId}/messages`, {
      text: 'Bu karta 5 manat köçürün: 4111 1111 1111 1111',
    });
    expect(reply.status).toBe(201);
    const read = await owner.client.get(`/api/conversations/${foundClaimId}`);
    expect(
      read.body.messages.map((m: { side: string; mine: boolean; warnings: string[] }) => [
        m.side,
        m.mine,
        m.warnings.includes('card-number'),
      ]),
    ).toEqual([
      ['claimant', true, false],
      ['holder', false, true],
    ]);
    // Each side is told of the other's message in the app (the venue: its staff), and the owner by e-mail.
    await eventually(async () => {
      const toStaff = await notificationsOf(staffA, 'conversation-message');
      const toOwner = await notificationsOf(owner.client, 'conversation-message');
      expect(toStaff.length).toBeGreaterThan(0);
      expect(toOwner.length).toBeGreaterThan(0);
    }, WAIT);
    await eventually(async () => {
      const mails = (await mailboxOf(platform).to(owner.email)).filter(
        (m) => m.subject === 'Yazışmada yeni mesaj',
      );
      expect(mails.length).toBeGreaterThan(0);
      expect(mails[0]!.text).not.toContain('4111');
    }, WAIT);
  });

  it('a venue that does not answer in time is escalated to its admins, listed for the super admin and shown overdue', async () => {
    await eventually(async () => {
      expect((await notificationsOf(adminC)).some(aboutCheck(checks.C.id, 'claim-answer-overdue'))).toBe(
        true,
      );
    }, WAIT);
    const mail = await eventually(async () => {
      const mails = (await mailboxOf(platform).to(adminCEmail)).filter((m) =>
        m.subject.includes('Soruşulan əşyaya cavab müddəti keçib'),
      );
      expect(mails).toHaveLength(1);
      return mails[0]!;
    }, WAIT);
    expect(mail.text).toContain(lost.title);
    const row = await eventually(async () => {
      const res = await superAdmin.get('/api/requests/overdue');
      expect(res.status).toBe(200);
      const found = res.body.find((r: { requestId: string }) => r.requestId === checks.C.id);
      expect(found).toBeDefined();
      return found;
    }, WAIT);
    expect(row).toMatchObject({
      kind: 'venue-check',
      announcementId: lost.id,
      announcementTitle: lost.title,
      organizationId: venues[2]!.id,
      organizationName: venues[2]!.name,
    });
    const view = await ownerView();
    expect(view.find((c) => c.id === checks.C.id)).toMatchObject({ status: 'asked', overdue: true });
    // Answered ones are not overdue nor in the list.
    const listed = ((await superAdmin.get('/api/requests/overdue')).body as { requestId: string }[]).map(
      (r) => r.requestId,
    );
    expect(listed).not.toContain(checks.A.id);
    expect(listed).not.toContain(checks.B.id);
    // An answer takes it off the list.
    expect(
      (await adminC.post(`/api/venue-checks/${checks.C.id}/answer`, { answer: 'not_here' })).status,
    ).toBe(200);
    const after = ((await superAdmin.get('/api/requests/overdue')).body as { requestId: string }[]).map(
      (r) => r.requestId,
    );
    expect(after).not.toContain(checks.C.id);

    // The venue pages hold them to it in public: C's ask counts missed (answered late), B's in time.
    const anyone = new HttpClient(platform.url);
    const slugs = new Map(
      ((await anyone.get('/api/venues')).body as { organizationId: string; slug: string }[]).map((v) => [
        v.organizationId,
        v.slug,
      ]),
    );
    await eventually(async () => {
      const late = await anyone.get(`/api/venues/${slugs.get(venues[2]!.id)}`);
      expect(late.body.scorecard).toMatchObject({
        claims: 1,
        missedDeadlines: 1,
        answeredWithinDeadlinePercent: 0,
      });
      const inTime = await anyone.get(`/api/venues/${slugs.get(venues[1]!.id)}`);
      expect(inTime.body.scorecard).toMatchObject({
        claims: 1,
        missedDeadlines: 0,
        answeredWithinDeadlinePercent: 100,
      });
    }, WAIT);
  });

  it('only the owner asks, only about an open lost post, only active approved venues, each once', async () => {
    const found = await postAnnouncement(owner.client, { ...FOUND, title: 'Tapılmış açar' });
    const notLost = await ask(owner.client, found.id, [venues[0]!.id], 409);
    expect(notLost.body.message).toBe('Məkanlardan yalnız itirilmiş əşya elanı üçün soruşmaq olar');
    const notOwner = await ask(stranger.client, lost.id, [extra[0]!.id], 403);
    expect(notOwner.body.message).toBe('Məkanlardan yalnız elanın sahibi soruşa bilər');
    const twice = await ask(owner.client, lost.id, [venues[0]!.id], 409);
    expect(twice.body.message).toBe('Bu elan üçün seçilən məkandan artıq soruşmusunuz');
    const unknown = await ask(owner.client, lost.id, [crypto.randomUUID()], 404);
    expect(unknown.body.message).toBe('Məkan tapılmadı və ya aktiv deyil');
    const eleven = Array.from({ length: 11 }, () => crypto.randomUUID());
    const tooMany = await owner.client.post('/api/venue-checks', {
      announcementId: lost.id,
      organizationIds: eleven,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Bir elan üçün ən çox 10 məkandan soruşmaq olar');
    const same = await owner.client.post('/api/venue-checks', {
      announcementId: lost.id,
      organizationIds: [extra[0]!.id, extra[0]!.id],
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('Hər məkanı bir dəfə seçin');
    const empty = await owner.client.post('/api/venue-checks', {
      announcementId: lost.id,
      organizationIds: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Ən azı bir məkan seçin');
    const answerless = await staffA.post(`/api/venue-checks/${checks.A.id}/answer`, { answer: 'belki' });
    expect(answerless.status).toBe(400);
  });

  it('at most 10 venues per post, and the rate limits per user, per user and venue, and per venue are 429s', async () => {
    const [x0, x1, x2, x3, x4, x5, x6, x7] = extra.map((v) => v.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const [a, b, c] = venues.map((v) => v.id) as [string, string, string];
    const spammer = await registerUser(platform.url, 'spam');
    const first = await postAnnouncement(spammer.client, { ...LOST, title: 'Telefon' });
    const ten = [x0, x1, x2, x3, x4, x5, x6, x7, b, c];
    expect((await ask(spammer.client, first.id, ten)).body.venuesLeft).toBe(0);
    const eleventh = await ask(spammer.client, first.id, [a], 409);
    expect(eleventh.body.message).toBe(
      'Bir elan üçün ən çox 10 məkandan soruşmaq olar. Bu elan üçün qalan: 0',
    );
    // 12 venues a day: 10 asked, 2 more on another post, then 429.
    const second = await postAnnouncement(spammer.client, { ...LOST, title: 'Açar' });
    await ask(spammer.client, second.id, [x0, x1]);
    const daily = await ask(spammer.client, second.id, [x2], 429);
    expect(daily.body.message).toBe(
      'Bir gün ərzində ən çox 12 məkandan soruşmaq olar. Bir az sonra yenidən cəhd edin',
    );
    expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(0);

    // One venue at most twice a week by one user.
    const repeater = await registerUser(platform.url, 'tekrar');
    const posts = [];
    for (const title of ['Çanta', 'Saat', 'Eynək'])
      posts.push(await postAnnouncement(repeater.client, { ...LOST, title }));
    await ask(repeater.client, posts[0]!.id, [x5]);
    await ask(repeater.client, posts[1]!.id, [x5]);
    const weekly = await ask(repeater.client, posts[2]!.id, [x5], 429);
    expect(weekly.body.message).toBe('Eyni məkandan bir həftə ərzində ən çox 2 dəfə soruşmaq olar');

    // x5 was asked 3 times today (the spammer once, the repeater twice): the venue's daily cap.
    const late = await registerUser(platform.url, 'gec');
    const latePost = await postAnnouncement(late.client, { ...LOST, title: 'Pasport' });
    const busy = await ask(late.client, latePost.id, [x5], 429);
    expect(busy.body.message).toBe('Bu məkan bu gün çox sorğu alıb. Bir az sonra yenidən cəhd edin');
    // Nothing of a refused ask was kept.
    const view = await late.client.get(`/api/venue-checks?announcementId=${latePost.id}`);
    expect(view.body).toEqual({ announcementId: latePost.id, venuesLeft: 10, checks: [] });
  });

  it("the venue list names each venue's district", async () => {
    const list = (await new HttpClient(platform.url).get('/api/venues')).body as Array<{
      organizationId: string;
      district: unknown;
    }>;
    // The test applications' address: 'Nizami küçəsi 10, Bakı şəhəri' (Səbail).
    const listed = list.filter((v) => venues.some((x) => x.id === v.organizationId));
    expect(listed.length).toBeGreaterThan(0);
    for (const venue of listed)
      expect(venue.district).toEqual({
        id: 'd-sabail',
        name: 'Səbail rayonu',
        nameEn: 'Sabail district',
        nameRu: 'Сабаильский район',
      });
  });

  it('every new endpoint answers each kind of caller as its access says', async () => {
    const anonymous = new HttpClient(platform.url);
    const callers = {
      anonymous,
      user: stranger.client,
      owner: owner.client,
      admin: adminA,
      staff: staffA,
      otherAdmin: adminB,
      otherStaff: staffB,
      superAdmin,
    };
    const a = venues[0]!.id;
    type Row = [string, string, unknown, Record<keyof typeof callers, number>];
    const matrix: Row[] = [
      [
        'POST',
        '/api/venue-checks',
        { announcementId: lost.id, organizationIds: [a] },
        {
          anonymous: 401,
          user: 403,
          owner: 409,
          admin: 403,
          staff: 403,
          otherAdmin: 403,
          otherStaff: 403,
          superAdmin: 403,
        },
      ],
      [
        'GET',
        `/api/venue-checks?announcementId=${lost.id}`,
        null,
        {
          anonymous: 401,
          user: 403,
          owner: 200,
          admin: 403,
          staff: 403,
          otherAdmin: 403,
          otherStaff: 403,
          superAdmin: 200,
        },
      ],
      [
        'GET',
        `/api/organizations/${a}/venue-checks`,
        null,
        {
          anonymous: 401,
          user: 403,
          owner: 403,
          admin: 200,
          staff: 200,
          otherAdmin: 403,
          otherStaff: 403,
          superAdmin: 200,
        },
      ],
      [
        'POST',
        `/api/venue-checks/${checks.A.id}/seen`,
        null,
        {
          anonymous: 401,
          user: 403,
          owner: 403,
          admin: 200,
          staff: 200,
          otherAdmin: 404,
          otherStaff: 404,
          superAdmin: 403,
        },
      ],
      [
        'POST',
        `/api/venue-checks/${checks.A.id}/answer`,
        { answer: 'not_here' },
        {
          anonymous: 401,
          user: 403,
          owner: 403,
          admin: 409,
          staff: 409,
          otherAdmin: 404,
          otherStaff: 404,
          superAdmin: 403,
        },
      ],
      [
        'GET',
        `/api/announcements/${lost.id}/venue-checks/${a}`,
        null,
        {
          anonymous: 401,
          user: 403,
          owner: 403,
          admin: 200,
          staff: 200,
          otherAdmin: 403,
          otherStaff: 403,
          superAdmin: 200,
        },
      ],
    ];
    for (const [method, path, body, expected] of matrix) {
      for (const [name, client] of Object.entries(callers)) {
        const res = method === 'POST' ? await client.post(path, body ?? undefined) : await client.get(path);
        expect(`${method} ${path} as ${name}: ${res.status}`).toBe(
          `${method} ${path} as ${name}: ${expected[name as keyof typeof callers]}`,
        );
        // Staff of the venue see what is theirs, never the owner's contact details.
        if (res.status === 200 && name !== 'owner' && name !== 'superAdmin')
          for (const detail of [owner.email, owner.phone])
            expect(JSON.stringify(res.body)).not.toContain(detail);
      }
    }
    // The venue's candidates of a post it was not asked about: 404 (B asked about the spammer's post, not A's).
    const notAsked = await adminB.get(`/api/announcements/${itemA.id}/venue-checks/${venues[1]!.id}`);
    expect(notAsked.status).toBe(404);
    expect((await superAdmin.get(`/api/venue-checks?announcementId=${crypto.randomUUID()}`)).status).toBe(
      404,
    );
    expect((await adminA.post(`/api/venue-checks/${crypto.randomUUID()}/seen`)).status).toBe(404);
  });
});
