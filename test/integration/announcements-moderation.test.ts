import { registerUser, signInSuperAdmin, type AuditRow, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { mailboxOf } from '../support/mailbox';
import { sharedPlatforms } from '../support/platform';
import { notificationsOf } from '../support/notifications';

const WAIT = { timeoutMs: 30_000, intervalMs: 250 };

type Details = Record<string, unknown> & {
  id: string;
  title: string;
  moderationStatus: string;
  moderationReason: string | null;
};
interface QueueItem {
  announcement: Details;
  rules: string[];
  reportCount: number;
  reportTypes: Array<{ type: string; count: number }>;
  reportNotes: string[];
}

describe.each(sharedPlatforms())('announcement moderation and reports ($mode)', (platform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  const mailbox = mailboxOf(platform);
  const startedAt = new Date(Date.now() - 1000).toISOString();
  let author: TestUser;
  let readers: TestUser[];
  let superAdmin: HttpClient;

  beforeAll(async () => {
    [author, superAdmin, ...readers] = await Promise.all([
      registerUser(url, 'mellif'),
      signInSuperAdmin(url),
      registerUser(url, 'oxucu'),
      registerUser(url, 'oxucu'),
      registerUser(url, 'oxucu'),
    ]);
  });

  const lost = (marker: string, overrides: Record<string, unknown> = {}) => ({
    type: 'lost',
    title: `Qara pulqabı ${marker}`,
    description: 'Metroda qara dəri pulqabı itirmişəm, içində sənədlər var',
    category: 'bags',
    location: 'Gənclik metrosu',
    rewardAmount: 50,
    ...overrides,
  });
  const post = async (body: Record<string, unknown>): Promise<Details> => {
    const res = await author.client.post('/api/announcements', body);
    expect(res.status).toBe(201);
    return res.body;
  };
  /** Ids in the public list (home page, search) for this marker. */
  const listedIds = async (marker: string) => {
    const res = await anonymous.get(`/api/announcements?search=${marker}`);
    expect(res.status).toBe(200);
    return (res.body as Details[]).map((a) => a.id);
  };
  /** What the rewards page shows: the listed ones with a reward. */
  const rewardIds = async (marker: string) => {
    const res = await anonymous.get(`/api/announcements?search=${marker}`);
    return (res.body as Array<Details & { rewardAmount: number }>)
      .filter((a) => a.rewardAmount > 0)
      .map((a) => a.id);
  };
  const mine = async (id: string): Promise<Details> => {
    const res = await author.client.get('/api/announcements/my');
    expect(res.status).toBe(200);
    return (res.body as Details[]).find((a) => a.id === id)!;
  };
  const queueItem = async (id: string): Promise<QueueItem | undefined> => {
    const res = await superAdmin.get('/api/moderation/announcements');
    expect(res.status).toBe(200);
    return (res.body as QueueItem[]).find((item) => item.announcement.id === id);
  };
  /** Audit rows since a time, walking the pages. */
  const auditRowsSince = async (from: string): Promise<AuditRow[]> => {
    const rows: AuditRow[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await superAdmin.get(
        `/api/audit-logs?fromDate=${encodeURIComponent(from)}&limit=100&offset=${offset}`,
      );
      expect(res.status).toBe(200);
      rows.push(...(res.body.items as AuditRow[]));
      if (res.body.items.length < 100) return rows;
    }
  };
  const authorNotification = (title: string, id: string) =>
    eventually(async () => {
      const found = (await notificationsOf(author.client)).filter(
        (n) => n.title === title && n.data.announcementId === id,
      );
      expect(found).toHaveLength(1);
      return found[0]!;
    }, WAIT);

  it('holds announcements matching a risk pattern for review; approves a clean one at once', async () => {
    const marker = uniqueName('riskli');
    const clean = await post(lost(marker));
    expect(clean).toMatchObject({ moderationStatus: 'approved', moderationReason: null });
    const held = await Promise.all([
      post(lost(marker, { title: `Pulqabı ${marker} 050 123 45 67` })),
      post(lost(marker, { title: `Pulqabı ${marker} www.tapdim.az` })),
      post(
        lost(marker, { description: 'Pulqabınızı tapmışam, əvvəlcə 20 manat PUL GÖNDƏRİN, sonra qaytarım' }),
      ),
      post(lost(marker, { description: 'Mükafatı bu karta köçürün: 4111 1111 1111 1111, sonra danışarıq' })),
      post(lost(marker, { rewardAmount: 5000 })),
    ]);
    expect(held.map((a) => a.moderationStatus)).toEqual(Array(5).fill('pending_review'));
    expect(held.map((a) => a.moderationReason)).toEqual([
      'Yoxlamadadır: başlıqda telefon nömrəsi',
      'Yoxlamadadır: başlıqda keçid',
      'Yoxlamadadır: pul göndərilməsi tələbi',
      'Yoxlamadadır: pul göndərilməsi tələbi, kart nömrəsi',
      'Yoxlamadadır: yüksək mükafat məbləği',
    ]);

    // Out of the public list, search and rewards; details only for the author and super admins.
    expect(await listedIds(marker)).toEqual([clean.id]);
    expect(await rewardIds(marker)).toEqual([clean.id]);
    for (const a of held) {
      expect((await readers[0]!.client.get(`/api/announcements/${a.id}`)).status).toBe(404);
      expect((await author.client.get(`/api/announcements/${a.id}`)).body.moderationStatus).toBe(
        'pending_review',
      );
      expect((await superAdmin.get(`/api/announcements/${a.id}`)).status).toBe(200);
    }
    expect((await mine(held[0]!.id)).moderationReason).toBe('Yoxlamadadır: başlıqda telefon nömrəsi');

    const item = await queueItem(held[1]!.id);
    expect(item).toMatchObject({ rules: ['link-in-title'], reportCount: 0 });
    expect(await queueItem(clean.id)).toBeUndefined();
    const told = await authorNotification('Elanınız yoxlamaya göndərildi', held[0]!.id);
    expect(told.message).toContain('başlıqda telefon nömrəsi');

    // Approved: listed, visible to others, told to the author.
    const approved = await superAdmin.post(`/api/moderation/announcements/${held[0]!.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.announcement).toMatchObject({
      moderationStatus: 'approved',
      moderationReason: null,
    });
    expect((await listedIds(marker)).sort()).toEqual([clean.id, held[0]!.id].sort());
    expect((await readers[0]!.client.get(`/api/announcements/${held[0]!.id}`)).status).toBe(200);
    expect(await queueItem(held[0]!.id)).toBeUndefined();
    await authorNotification('Elanınız təsdiqləndi', held[0]!.id);
    // Nothing to approve twice.
    expect((await superAdmin.post(`/api/moderation/announcements/${held[0]!.id}/approve`)).status).toBe(409);
  });

  it('holds look-alike variants of every rule for review, whatever field they are in (issue 21)', async () => {
    const marker = uniqueName('oxsar');
    const fullWidth = (digits: string) =>
      digits.replace(/\d/g, (d) => String.fromCodePoint(0xff10 + Number(d)));
    const variants: Array<[Record<string, unknown>, string]> = [
      [{ description: 'Tapmışam, рul göndərin qaytarım' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Mükafatı kаrtıma köçürün' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Tapmışam, pul\u200b göndərin' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Əvvəlcə p.u.l göndərin' }, 'pul göndərilməsi tələbi'],
      [{ description: 'ə v v ə l c ə d ə n ödəyin' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Mükafatı qabaqcadan köçürün' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Сначала оплатите доставку' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Pay first, then I return it' }, 'pul göndərilməsi tələbi'],
      [{ location: 'Nizami, əvvəlcədən ödəyin' }, 'pul göndərilməsi tələbi'],
      [{ description: 'Kart: 4111/1111/1111/1111' }, 'kart nömrəsi'],
      [{ description: `Kart: ${fullWidth('4111 1111 1111 1111')}` }, 'kart nömrəsi'],
      [{ title: `Pulqabı ${marker} ${fullWidth('050 123 45 67')}` }, 'başlıqda telefon nömrəsi'],
      [{ title: `Pulqabı ${marker} evil-pay．az` }, 'başlıqda keçid'],
      [{ title: `Pulqabı ${marker} evil-pay[.]az` }, 'başlıqda keçid'],
      [{ title: `Pulqabı ${marker} evil-pаy.az` }, 'başlıqda keçid'],
      [{ description: 'Təsdiq: https://evil-pay.xyz/claim' }, 'mətndə keçid'],
      [{ description: 'Yazın t.me/scam_finder' }, 'mətndə keçid'],
      [{ rewardAmount: 20, rewardDescription: 'Mükafat: 5000 AZN' }, 'mükafat mətni məbləğdən çox vəd edir'],
    ];
    const posted = await Promise.all(variants.map(([overrides]) => post(lost(marker, overrides))));
    expect(posted.map((a) => a.moderationReason)).toEqual(
      variants.map(([, label]) => `Yoxlamadadır: ${label}`),
    );
    expect(posted.map((a) => a.moderationStatus)).toEqual(Array(variants.length).fill('pending_review'));
    // Not public: nowhere in the list, and not readable by others.
    expect(await listedIds(marker)).toEqual([]);
    for (const a of posted.slice(0, 3))
      expect((await readers[0]!.client.get(`/api/announcements/${a.id}`)).status).toBe(404);
    // Ordinary posts in Azerbaijani, Russian and English pass.
    const ordinary = await Promise.all([
      post(lost(marker, { description: 'Tapan zəng etsin: 050 123 45 67. Sənədlər var. Az pul da var idi' })),
      post(
        lost(marker, {
          title: `Потерял кошелёк ${marker}`,
          description: 'Чёрный кошелёк, в нём банковская карта',
        }),
      ),
      post(
        lost(marker, { title: `Lost backpack ${marker}`, description: 'Left it on bus 65, reward 50 AZN' }),
      ),
    ]);
    expect(ordinary.map((a) => a.moderationStatus)).toEqual(['approved', 'approved', 'approved']);
  });

  it('hides with a reason (gone, the author sees state, reason and a notification) and restores', async () => {
    const marker = uniqueName('gizli');
    const a = await post(lost(marker));
    expect(await listedIds(marker)).toEqual([a.id]);

    const short = await superAdmin.post(`/api/moderation/announcements/${a.id}/hide`, { reason: 'pis' });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: 'Gizlətmə səbəbi ən azı 5 simvol olmalıdır', field: 'reason' });
    const reason = 'Saxta elan: şəkil başqa saytdan götürülüb';
    const hidden = await superAdmin.post(`/api/moderation/announcements/${a.id}/hide`, { reason });
    expect(hidden.status).toBe(200);
    expect(hidden.body.announcement).toMatchObject({ moderationStatus: 'hidden', moderationReason: reason });
    expect((await superAdmin.post(`/api/moderation/announcements/${a.id}/hide`, { reason })).status).toBe(
      409,
    );

    expect(await listedIds(marker)).toEqual([]);
    expect(await rewardIds(marker)).toEqual([]);
    expect((await readers[0]!.client.get(`/api/announcements/${a.id}`)).status).toBe(404);
    expect(await mine(a.id)).toMatchObject({ moderationStatus: 'hidden', moderationReason: reason });
    expect((await queueItem(a.id))?.announcement.moderationStatus).toBe('hidden');
    const told = await authorNotification('Elanınız gizlədildi', a.id);
    expect(told.message).toContain(`Səbəb: ${reason}`);
    await eventually(async () => {
      const mails = (await mailbox.to(author.email)).filter((m) => m.subject === 'Elanınız gizlədildi');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(reason);
    }, WAIT);

    const restored = await superAdmin.post(`/api/moderation/announcements/${a.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.announcement).toMatchObject({
      moderationStatus: 'approved',
      moderationReason: null,
    });
    expect(await listedIds(marker)).toEqual([a.id]);
    expect((await readers[0]!.client.get(`/api/announcements/${a.id}`)).status).toBe(200);
    await authorNotification('Elanınız bərpa edildi', a.id);
    expect((await superAdmin.post(`/api/moderation/announcements/${a.id}/restore`)).status).toBe(409);
  });

  it('three fresh accounts reporting it do not take it off the board (issue 21); reviews close the reports; notes stay out of the audit trail', async () => {
    const marker = uniqueName('sikayet');
    const a = await post(lost(marker));
    const report = (user: TestUser, body: Record<string, unknown>) =>
      user.client.post(`/api/announcements/${a.id}/report`, body);

    const own = await report(author, { type: 'fraud' });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: 'Öz elanınızdan şikayət edə bilməzsiniz' });
    const badType = await report(readers[0]!, { type: 'boring' });
    expect(badType.status).toBe(400);
    expect(badType.body).toEqual({ message: 'Şikayət növünü seçin', field: 'type' });

    const note = 'Bu adam məndən 050 765 43 21 nömrəsinə pul istədi';
    const first = await report(readers[0]!, { type: 'fraud', note });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Şikayətiniz qəbul edildi. Moderator elanı yoxlayacaq.' });
    // The same user twice counts once.
    const again = await report(readers[0]!, { type: 'spam' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Bu elandan artıq şikayət etmisiniz' });
    expect((await report(readers[1]!, { type: 'fraud' })).status).toBe(201);
    expect(await listedIds(marker)).toEqual([a.id]);
    expect(await queueItem(a.id)).toMatchObject({
      announcement: { moderationStatus: 'approved' },
      reportCount: 2,
      reportTypes: [{ type: 'fraud', count: 2 }],
      reportNotes: [note],
    });

    // The third fresh, unverified account: their reports weigh little (services/announcements/README.md,
    // Moderation), so the announcement stays listed; the super admins see the reports in the queue.
    expect((await report(readers[2]!, { type: 'fake' })).status).toBe(201);
    expect(await listedIds(marker)).toEqual([a.id]);
    expect((await readers[0]!.client.get(`/api/announcements/${a.id}`)).status).toBe(200);
    expect(await mine(a.id)).toMatchObject({ moderationStatus: 'approved' });
    expect(await queueItem(a.id)).toMatchObject({
      announcement: { moderationStatus: 'approved' },
      rules: [],
      reportCount: 3,
      reportTypes: [
        { type: 'fraud', count: 2 },
        { type: 'fake', count: 1 },
      ],
    });

    // Reviewed: the reports are dismissed and the queue forgets it.
    expect((await superAdmin.post(`/api/moderation/announcements/${a.id}/approve`)).status).toBe(200);
    expect(await listedIds(marker)).toEqual([a.id]);
    expect(await queueItem(a.id)).toBeUndefined();

    // The reports are audited without the reporter's note.
    const rows = await eventually(async () => {
      const found = (await auditRowsSince(startedAt)).filter((r) => r.entityId === a.id);
      expect(found.filter((r) => r.action === 'announcements.announcement.reported')).toHaveLength(3);
      return found;
    }, WAIT);
    expect(JSON.stringify(rows)).not.toContain('765 43 21');
  });

  it('only super admins see and work the queue', async () => {
    const a = await post(lost(uniqueName('icaze')));
    expect((await anonymous.get('/api/moderation/announcements')).status).toBe(401);
    expect((await readers[0]!.client.get('/api/moderation/announcements')).status).toBe(403);
    expect(
      (
        await author.client.post(`/api/moderation/announcements/${a.id}/hide`, {
          reason: 'Öz elanımı gizlədirəm',
        })
      ).status,
    ).toBe(403);
    expect((await readers[0]!.client.post(`/api/moderation/announcements/${a.id}/approve`)).status).toBe(403);
    expect((await readers[0]!.client.post(`/api/moderation/announcements/${a.id}/restore`)).status).toBe(403);
    expect(
      (await superAdmin.post('/api/moderation/announcements/00000000-0000-4000-8000-000000000000/restore'))
        .status,
    ).toBe(404);
    expect((await anonymous.post(`/api/announcements/${a.id}/report`, { type: 'spam' })).status).toBe(401);
  });
});
