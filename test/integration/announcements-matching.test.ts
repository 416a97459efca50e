import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { mailboxOf } from '../support/mailbox';
import { caughtUp } from '../support/metrics';
import { sharedPlatforms } from '../support/platform';
import { notificationsOf } from '../support/notifications';

/**
 * Lost ↔ found matching through the gateway, on the shared platforms (embedded and distributed):
 * two people describe one wallet in different words and languages; each sees the other's
 * announcement among their matches, with reasons, and is told once (in the app and by e-mail),
 * however often matching runs again. Other suites post wallets on the same platforms, so the
 * assertions are about this pair, never about whole lists.
 */
const WAIT = { timeoutMs: 45_000, intervalMs: 300 };
const SUBJECT = 'Elanınıza uyğun elan tapıldı';

const LOST_WALLET = {
  type: 'lost',
  title: 'Qara dəri pulqabı itirdim',
  description: 'Qara dəri pulqabı itirdim, 28 May metrosu. İçində bank kartları və vəsiqə var idi.',
  category: 'bags',
  location: '28 May metrosu',
};
const FOUND_WALLET = {
  type: 'found',
  title: 'Кошелёк чёрный найден',
  description: 'Кошелёк чёрный найден у м. 28 Мая, кожаный, внутри карты. Пишите, верну владельцу.',
  category: 'bags',
  location: 'м. 28 Мая',
};

interface Match {
  announcement: Record<string, unknown> & { id: string };
  score: number;
  reasons: string[];
}

describe.each(sharedPlatforms())('lost ↔ found matching ($mode)', (platform) => {
  const { url } = platform;
  const mailbox = mailboxOf(platform);
  let loser: TestUser;
  let finder: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [loser, finder, stranger] = await Promise.all([
      registerUser(url, 'mloser'),
      registerUser(url, 'mfinder'),
      registerUser(url, 'mstranger'),
    ]);
  });

  const post = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await user.client.post('/api/announcements', body);
    expect(res.status).toBe(201);
    return res.body as { id: string; title: string };
  };
  const matchesOf = async (user: TestUser, id: string): Promise<Match[]> => {
    const res = await user.client.get(`/api/announcements/${id}/matches`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const matchOf = async (user: TestUser, id: string, candidateId: string) =>
    (await matchesOf(user, id)).find((m) => m.announcement.id === candidateId);
  /** The match notifications of this user about this pair (their announcement, the other one). */
  const toldAbout = async (user: TestUser, own: string, other: string) =>
    (await notificationsOf(user.client, 'announcement-match')).filter(
      (n) => n.data.announcementId === own && n.data.matchedAnnouncementId === other,
    );
  /** The match e-mails to this user about their announcement `own` and the one titled `otherTitle`. */
  const mailsAbout = async (user: TestUser, own: string, otherTitle: string) =>
    (await mailbox.to(user.email)).filter(
      (m) =>
        m.subject === SUBJECT &&
        m.text.includes(`«${otherTitle}»`) &&
        m.text.includes(`/profile?tab=announcements&announcement=${own}`),
    );

  test('each sees the other with reasons; both are told once, in the app and by e-mail; others 403, anonymous 401', async () => {
    const lost = await post(loser, LOST_WALLET);
    const found = await post(finder, FOUND_WALLET);

    const [seenByLoser, seenByFinder] = await eventually(async () => {
      const a = await matchOf(loser, lost.id, found.id);
      const b = await matchOf(finder, found.id, lost.id);
      expect(a).toBeDefined();
      expect(b).toBeDefined();
      return [a!, b!];
    }, WAIT);
    for (const [match, other] of [
      [seenByLoser, found],
      [seenByFinder, lost],
    ] as const) {
      expect(match.announcement).toMatchObject({ id: other.id, title: other.title, status: 'open' });
      expect(match.score).toBeGreaterThan(0);
      expect(match.score).toBeLessThanOrEqual(1);
      expect(match.reasons.length).toBeGreaterThan(0);
      // The public announcement only: never how to reach its author.
      expect(match.announcement).not.toHaveProperty('contactInfo');
      expect(match.announcement).not.toHaveProperty('userId');
    }
    expect(seenByLoser.reasons.join(' ')).toMatch(/kateqoriya|yer|söz/i);
    // Best first, at most ten.
    const list = await matchesOf(loser, lost.id);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list.map((m) => m.score)).toEqual([...list.map((m) => m.score)].sort((x, y) => y - x));

    // Both authors are told, once each: in the app…
    const [inAppLoser, inAppFinder] = await eventually(async () => {
      const a = await toldAbout(loser, lost.id, found.id);
      const b = await toldAbout(finder, found.id, lost.id);
      expect(a).toHaveLength(1);
      expect(b).toHaveLength(1);
      return [a[0]!, b[0]!];
    }, WAIT);
    expect(inAppLoser).toMatchObject({
      title: SUBJECT,
      link: `/profile?tab=announcements&announcement=${lost.id}`,
    });
    expect(inAppLoser.message).toContain(`«${found.title}»`);
    expect(inAppFinder.message).toContain(`«${lost.title}»`);
    // …and by e-mail, with the link to their announcement.
    const [mailToLoser] = await eventually(async () => {
      const a = await mailsAbout(loser, lost.id, found.title);
      const b = await mailsAbout(finder, found.id, lost.title);
      expect(a).toHaveLength(1);
      expect(b).toHaveLength(1);
      return [a[0]!, b[0]!];
    }, WAIT);
    expect(mailToLoser.text).toContain(`/profile?tab=announcements&announcement=${lost.id}`);

    // The super admin sees them too.
    const admin = await signInSuperAdmin(url);
    const asAdmin = await admin.get(`/api/announcements/${lost.id}/matches`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.map((m: Match) => m.announcement.id)).toContain(found.id);
    // Nobody else: a third user 403, anonymous 401, an unknown announcement 404.
    const refused = await stranger.client.get(`/api/announcements/${lost.id}/matches`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Uyğun elanları yalnız elanın müəllifi və ya təşkilatın adminləri görə bilər',
    });
    expect((await new HttpClient(url).get(`/api/announcements/${lost.id}/matches`)).status).toBe(401);
    expect(
      (await loser.client.get('/api/announcements/00000000-0000-4000-8000-000000000000/matches')).status,
    ).toBe(404);
  });

  test('an edit matches again without telling twice; a closed or deleted counterpart leaves the matches', async () => {
    const lost = await post(loser, { ...LOST_WALLET, title: 'Qara dəri pulqabı itirilib' });
    const found = await post(finder, { ...FOUND_WALLET, title: 'Найден чёрный кошелёк' });
    await eventually(async () => expect(await toldAbout(loser, lost.id, found.id)).toHaveLength(1), WAIT);

    // Edited into another item: the pair is no match any more, on either side.
    const umbrella = {
      ...LOST_WALLET,
      title: 'Mavi çətir itirdim',
      description: 'Mavi uşaq çətiri itirdim, Gəncə şəhərində, avtobus dayanacağında qalıb.',
      category: 'other',
      location: 'Gəncə, avtovağzal',
    };
    expect((await loser.client.put(`/api/announcements/${lost.id}`, umbrella)).status).toBe(200);
    await eventually(async () => {
      expect(await matchOf(finder, found.id, lost.id)).toBeUndefined();
      expect(await matchOf(loser, lost.id, found.id)).toBeUndefined();
    }, WAIT);
    // Edited back: matched again, and still told only once.
    const wallet = { ...LOST_WALLET, title: 'Qara dəri pulqabı itirilib' };
    expect((await loser.client.put(`/api/announcements/${lost.id}`, wallet)).status).toBe(200);
    await eventually(async () => expect(await matchOf(finder, found.id, lost.id)).toBeDefined(), WAIT);
    // The event that would tell them again commits with the matches: once the notifications
    // service has applied everything committed so far, a second notice would be there.
    await caughtUp(platform, 'notifications');
    expect(await toldAbout(loser, lost.id, found.id)).toHaveLength(1);
    expect(await toldAbout(finder, found.id, lost.id)).toHaveLength(1);
    // The e-mail of the one notice goes out after it (a send job): waited for, one.
    await eventually(
      async () => expect(await mailsAbout(finder, found.id, 'Qara dəri pulqabı itirilib')).toHaveLength(1),
      WAIT,
    );

    // The finder closes theirs: it is gone from the loser's matches.
    const closed = await finder.client.post(`/api/announcements/${found.id}/close`, { outcome: 'returned' });
    expect(closed.status).toBe(200);
    expect(await matchOf(loser, lost.id, found.id)).toBeUndefined();

    // Another finder's wallet matches, then is deleted: gone as well.
    const other = await registerUser(url, 'mfinder2');
    const second = await post(other, { ...FOUND_WALLET, title: 'Чёрный кожаный кошелёк найден' });
    await eventually(async () => expect(await matchOf(loser, lost.id, second.id)).toBeDefined(), WAIT);
    expect((await other.client.delete(`/api/announcements/${second.id}`)).status).toBe(204);
    expect(await matchOf(loser, lost.id, second.id)).toBeUndefined();
  });
});
