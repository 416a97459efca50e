import { addDays, bakuDay } from '@tapinti/contracts/baku-calendar';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { HttpClient, uniqueName } from '../support/http-client';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';

/**
 * `GET /api/announcements?search=` with words of 1–2 characters: answered from the word-start
 * index (a word of the title, description or location starts with it), never by reading every
 * listed announcement. The unique marker keeps other suites' announcements out of the answers.
 */
describe.each(sharedPlatforms())('announcements search, 1–2 letter words ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);
  const marker = uniqueName('qs');
  let author: TestUser;
  let phone: string;
  let wallet: string;

  const search = async (query: string) => {
    const res = await anonymous.get(`/api/announcements?search=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    return (res.body as Array<{ id: string }>).map((a) => a.id).sort();
  };

  beforeAll(async () => {
    author = await registerUser(url, 'qisa');
    const post = async (title: string, description: string, location: string) => {
      const res = await author.client.post('/api/announcements', {
        type: 'lost',
        category: 'other',
        title: `${title} ${marker}`,
        description,
        location,
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    phone = await post('iPhone 8 itib', 'Qara rəngli telefon, arxasında cızıq var', 'Nərimanov');
    wallet = await post('Qara pulqabı', 'İçində şəxsiyyət vəsiqəsi (ŞV) var idi', 'Sahil bağı');
  });

  it('finds a 1–2 letter word at the start of a word, with Azerbaijani letters folded', async () => {
    expect(await search(`${marker} IP`)).toEqual([phone]);
    expect(await search(`${marker} 8,`)).toEqual([phone]);
    expect(await search(`${marker} şv`)).toEqual([wallet]);
    expect(await search(`${marker} ı`)).toEqual([phone, wallet].sort());
    expect(await search(`SA ${marker}`)).toEqual([wallet]);
  });

  it('does not find it inside a word', async () => {
    // 'qara' holds 'ar' in both; only the phone has a word starting with it ('arxasında').
    expect(await search(`${marker} ar`)).toEqual([phone]);
    expect(await search(`${marker} zq`)).toEqual([]);
  });

  it('answers a search of only 1–2 letters with matching announcements', async () => {
    const found = await anonymous.get('/api/announcements?search=zq');
    expect(found.status).toBe(200);
    for (const a of found.body as Array<{ title: string; description: string; location: string }>)
      expect(`${a.title} ${a.description} ${a.location}`.toLowerCase()).toMatch(/(^|[\s\p{P}])zq/u);
  });
});

const nextOf = (link: string | null) => link?.match(/^<([^>]+)>; rel="next"$/)?.[1];

/**
 * `GET /api/announcements?search=` reads text as matching does (issue 24): Azerbaijani letters
 * typed or not, Cyrillic, another form of a word, the same thing in another language, a one-letter
 * typo; the best matches first, the total in `X-Total-Count` true on every page.
 */
describe.each(sharedPlatforms())('announcements search, one text pipeline ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);
  const marker = uniqueName('axtar');
  let author: TestUser;
  const ids: Record<string, string> = {};

  const search = async (query: string, limit = 50) => {
    const res = await anonymous.get(`/api/announcements?search=${encodeURIComponent(query)}&limit=${limit}`);
    expect(res.status).toBe(200);
    return res;
  };
  const titlesFound = async (query: string) =>
    ((await search(`${query} ${marker}`)).body as Array<{ title: string }>).map((a) =>
      a.title.replace(` ${marker}`, ''),
    );

  beforeAll(async () => {
    author = await registerUser(url, 'axtar');
    // Posted worst match first (for 'çantamı'), so newest first would give the opposite order.
    for (const [key, title, location] of [
      ['bagRu', 'Сумка', 'Nərimanov'],
      ['bag', 'Qara çanta', 'Gənclik m/st'],
      ['bagAscii', 'Cantami tapdim', 'Yasamal'],
      ['bagTyped', 'Çantamı itirmişəm', 'Xətai'],
      ['samovarLid', 'Samovar qapağı', 'Səbail'],
      ['samovar', 'Mis samovar', 'Səbail'],
      ['samovarTypo', 'Köhnə samavar', 'Səbail'],
    ] as const) {
      const res = await author.client.post('/api/announcements', {
        type: 'lost',
        category: 'other',
        title: `${title} ${marker}`,
        description: 'Təsviri kifayət qədər uzun olan elan, tapan zəng etsin',
        location,
      });
      expect(res.status).toBe(201);
      ids[key] = res.body.id as string;
    }
  });

  it("finds 'Qara çanta' by 'canta', 'ÇANTA', 'çantamı', 'сумка' and 'bag'", async () => {
    for (const query of ['canta', 'ÇANTA', 'çantamı', 'сумка', 'bag', 'CANTA'])
      expect(await titlesFound(query)).toContain('Qara çanta');
  });

  it("finds 'Gənclik m/st' by 'Genclik', 'Гянджлик' and 'Ganjlik'", async () => {
    for (const query of ['Genclik', 'Гянджлик', 'Ganjlik', 'GƏNCLİK'])
      expect(await titlesFound(query)).toEqual(['Qara çanta']);
  });

  it('finds a word of 5+ letters with a one-letter typo, after the words as written', async () => {
    expect(await titlesFound('cnata')).toContain('Qara çanta');
    // The typo ('samavar') is the newest: newest first would show it first; it comes last.
    expect(await titlesFound('samovar')).toEqual(['Mis samovar', 'Samovar qapağı', 'Köhnə samavar']);
  });

  it('orders by relevance: as typed, letters folded, another form, another language; newest first without a query', async () => {
    expect(await titlesFound('çantamı')).toEqual([
      'Çantamı itirmişəm',
      'Cantami tapdim',
      'Qara çanta',
      'Сумка',
    ]);
    const newest = (await anonymous.get(`/api/announcements?limit=500`)).body as Array<{ id: string }>;
    const ours = newest.map((a) => a.id).filter((id) => Object.values(ids).includes(id));
    expect(ours).toEqual(Object.values(ids).reverse());
  });

  it('keeps X-Total-Count true and the relevance order across pages', async () => {
    const first = await search(`çantamı ${marker}`, 3);
    expect(first.headers.get('x-total-count')).toBe('4');
    const next = nextOf(first.headers.get('link'));
    expect(next).toBeDefined();
    const second = await anonymous.get(next!);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-total-count')).toBe('4');
    expect(nextOf(second.headers.get('link'))).toBeUndefined();
    expect([...first.body, ...second.body].map((a: { id: string }) => a.id)).toEqual([
      ids.bagTyped,
      ids.bagAscii,
      ids.bag,
      ids.bagRu,
    ]);
    const none = await search(`samovar zzqqxx ${marker}`);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
  });

  it('answers a query of any odd characters with 200', async () => {
    for (const query of [
      `%_\\'"; drop table x; -- ${marker}`,
      '%%%',
      '_',
      "\\'",
      '🔑👜 ©®™ ½ ﷺ',
      'a\u200bb \u00ad \u202e',
      '中文 العربية ქართული ١٢٣',
      '(((( [[ {{ ** ++ ?? || ^^ $$',
      'ǅ ß ﬁ İ̇ ı̇ ё Ё',
      'x'.repeat(200),
      'sözsöz '.repeat(28),
    ]) {
      const res = await search(query);
      expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual((res.body as unknown[]).length);
    }
  });
});

/**
 * Places and dates (issue 24): an announcement's location resolved to a gazetteer place (old names,
 * Cyrillic) and shown as one; the list filtered by a place (a district finds its stations) and by
 * when it was posted, `X-Total-Count` true; the map's places; places suggested for a typed name to every caller.
 */
describe.each(sharedPlatforms())('announcements places and dates ($mode)', (platform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  const marker = uniqueName('yer');
  let author: TestUser;
  const ids: Record<string, string> = {};
  const today = bakuDay(new Date());

  const body = (title: string, location: string) => ({
    type: 'lost',
    category: 'other',
    title: `${title} ${marker}`,
    description: 'Təsviri kifayət qədər uzun olan elan, tapan zəng etsin',
    location,
  });
  /** Our announcements the list answers with these filters (sorted ids) and its X-Total-Count. */
  const listed = async (filters: string) => {
    const res = await anonymous.get(`/api/announcements?search=${marker}&${filters}`);
    expect(res.status).toBe(200);
    return {
      ids: (res.body as Array<{ id: string }>).map((a) => a.id).sort(),
      total: res.headers.get('x-total-count'),
    };
  };
  const idsOf = (...keys: string[]) => keys.map((key) => ids[key]!).sort();

  beforeAll(async () => {
    author = await registerUser(url, 'yer');
    for (const [key, title, location] of [
      ['keys', 'Açar dəsti', 'м. Азизбекова, çıxışda'],
      ['phone', 'Telefon', 'Koroglu metrosunun yanı'],
      ['bag', 'Çanta', '28 May m/st'],
      ['wallet', 'Pulqabı', 'evin qarşısında'],
    ] as const) {
      const res = await author.client.post('/api/announcements', body(title, location));
      expect(res.status).toBe(201);
      ids[key] = res.body.id as string;
    }
  });

  it('resolves the location to a place of the gazetteer, old names and Cyrillic too, and shows it', async () => {
    const keys = await anonymous.get(`/api/announcements/public/${ids.keys}`);
    expect(keys.body.place).toEqual({
      id: 'm-koroglu',
      kind: 'metro',
      name: 'Koroğlu metrosu',
      nameEn: 'Koroglu metro station',
      nameRu: 'метро Кёроглу',
    });
    const page = (await anonymous.get(`/api/announcements?search=${marker}`)).body as Array<{
      id: string;
      place: { id: string } | null;
    }>;
    const placeOf = (id: string) => page.find((a) => a.id === id)?.place?.id ?? null;
    expect([ids.keys, ids.phone, ids.bag, ids.wallet].map((id) => placeOf(id!))).toEqual([
      'm-koroglu',
      'm-koroglu',
      'm-28-may',
      null,
    ]);
  });

  it('filters by a place, a district finding its stations, with a true X-Total-Count', async () => {
    expect(await listed('place=m-koroglu')).toEqual({ ids: idsOf('keys', 'phone'), total: '2' });
    expect(await listed('place=d-sabunchu')).toEqual({ ids: idsOf('keys', 'phone'), total: '2' });
    expect(await listed('place=d-nasimi')).toEqual({ ids: idsOf('bag'), total: '1' });
    expect(await listed('place=m-sahil')).toEqual({ ids: [], total: '0' });
  });

  it('resolves the place again when the location is edited', async () => {
    const edited = await author.client.put(`/api/announcements/${ids.wallet}`, body('Pulqabı', 'Гянджлик'));
    expect(edited.status).toBe(200);
    expect(edited.body.place.id).toBe('m-ganjlik');
    expect(await listed('place=m-ganjlik')).toEqual({ ids: idsOf('wallet'), total: '1' });
  });

  it('filters by when it was posted: the last 24 hours, 7 or 30 days, or a range of days', async () => {
    const all = idsOf('keys', 'phone', 'bag', 'wallet');
    for (const posted of ['24h', '7d', '30d'])
      expect(await listed(`posted=${posted}`)).toEqual({ ids: all, total: '4' });
    expect(await listed(`from=${today}&to=${today}`)).toEqual({ ids: all, total: '4' });
    expect(await listed(`to=${addDays(today, -1)}`)).toEqual({ ids: [], total: '0' });
    expect(await listed(`from=${addDays(today, 1)}`)).toEqual({ ids: [], total: '0' });
    expect(await listed(`place=m-koroglu&posted=24h&from=${today}`)).toEqual({
      ids: idsOf('keys', 'phone'),
      total: '2',
    });
  });

  it('refuses a bad place or date with 400 and an Azerbaijani message', async () => {
    for (const [filters, message] of [
      ['place=naməlum-yer', 'Belə yer tapılmadı: yeri siyahıdan seçin'],
      ['place=no-such-place', 'Belə yer tapılmadı: yeri siyahıdan seçin'],
      ['posted=2d', 'Tarix filtri 24h, 7d və ya 30d olmalıdır'],
      ['from=2026-02-30', 'Tarix İİİİ-AA-GG şəklində olmalıdır'],
      ['to=dünən', 'Tarix İİİİ-AA-GG şəklində olmalıdır'],
      // The fuzz stage's year 0 once answered 500 on PGlite.
      ['from=0000-01-01', 'Tarix İİİİ-AA-GG şəklində olmalıdır'],
      ['from=2026-05-02&to=2026-05-01', 'Başlanğıc tarixi son tarixdən sonra ola bilməz'],
    ]) {
      const res = await anonymous.get(`/api/announcements?${encodeURI(filters!)}`);
      expect({ filters, status: res.status, message: res.body.message }).toEqual({
        filters,
        status: 400,
        message,
      });
    }
  });

  it('puts the listed announcements on the map at their places, newest cards first; held, hidden and placeless ones are not on it', async () => {
    const superAdmin = await signInSuperAdmin(url);
    const held = await author.client.post('/api/announcements', {
      ...body('Saat', 'Koroğlu metrosu'),
      description: 'Təsviri kifayət qədər uzun olan elan, şəkli https://example.com saytında',
    });
    expect(held.body.moderationStatus).toBe('pending_review');
    const hidden = await author.client.post('/api/announcements', body('Eynək', 'Sahil metrosu'));
    expect(
      (
        await superAdmin.post(`/api/moderation/announcements/${hidden.body.id}/hide`, {
          reason: 'Yoxlanılır',
        })
      ).status,
    ).toBe(200);

    const res = await anonymous.get(`/api/announcements/map?search=${marker}`);
    expect(res.status).toBe(200);
    expect(res.body.tiles).toEqual({
      url: expect.stringMatching(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/),
      attribution: expect.stringContaining('OpenStreetMap'),
    });
    const places = res.body.places as Array<{
      place: { id: string; name: string; lat: number; lng: number };
      count: number;
      announcements: Array<Record<string, unknown>>;
    }>;
    // The wallet was moved to Gənclik by the edit above; the hidden one at Sahil and the held one are absent.
    expect(places.map((p) => [p.place.id, p.count, p.announcements.map((a) => a.id)])).toEqual([
      ['m-koroglu', 2, [ids.phone, ids.keys]],
      ['m-28-may', 1, [ids.bag]],
      ['m-ganjlik', 1, [ids.wallet]],
    ]);
    expect(places[0]!.place).toEqual({
      id: 'm-koroglu',
      kind: 'metro',
      name: 'Koroğlu metrosu',
      nameEn: 'Koroglu metro station',
      nameRu: 'метро Кёроглу',
      lat: expect.closeTo(40.421, 2),
      lng: expect.closeTo(49.918, 2),
    });
    // A card carries what the public list shows, no contacts, no author.
    expect(places[1]!.announcements[0]).toEqual({
      id: ids.bag,
      type: 'lost',
      title: `Çanta ${marker}`,
      category: 'other',
      location: '28 May m/st',
      rewardAmount: 0,
      createdAt: expect.any(String),
      thumbnailUrl: null,
    });

    const inSabunchu = await anonymous.get(
      `/api/announcements/map?search=${marker}&place=d-sabunchu&posted=24h`,
    );
    expect(inSabunchu.body.places.map((p: { place: { id: string } }) => p.place.id)).toEqual(['m-koroglu']);
    const bad = await anonymous.get('/api/announcements/map?place=no-such-place');
    expect({ status: bad.status, message: bad.body.message }).toEqual({
      status: 400,
      message: 'Belə yer tapılmadı: yeri siyahıdan seçin',
    });
  });

  it('suggests places for a name typed any way: folded, Cyrillic, old names', async () => {
    const suggested = async (q: string) => {
      const res = await anonymous.get(`/api/announcements/places?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return (res.body as Array<{ id: string }>).map((p) => p.id);
    };
    expect((await suggested('Азизбекова'))[0]).toBe('m-koroglu');
    expect((await suggested('azizb'))[0]).toBe('m-koroglu');
    expect((await suggested('26-lar bağı'))[0]).toBe('m-sahil');
    expect(await suggested('GENCLIK')).toEqual(expect.arrayContaining(['m-ganjlik', 'ganjlik-mall']));
    expect((await suggested('Гянджлик'))[0]).toBe('m-ganjlik');
    expect((await suggested('sumqayit vagzal'))[0]).toBe('sumqayit-railway-station');
    expect(await suggested('')).toEqual([]);
    expect(await suggested('zzqqxx')).toEqual([]);
    const one = await anonymous.get('/api/announcements/places/m-koroglu');
    expect(one.body).toMatchObject({ id: 'm-koroglu', name: 'Koroğlu metrosu' });
    expect((await anonymous.get('/api/announcements/places/no-such-place')).status).toBe(404);
  });

  it('lets every caller read places: anonymous, a user, org admins of this and another organisation, the super admin', async () => {
    const superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'yermuraciet');
    const org = await approvedOrganization(superAdmin, applicant.client, 'yerorg');
    const otherOrg = await approvedOrganization(superAdmin, applicant.client, 'yerdiger');
    const [orgAdmin, otherAdmin] = await Promise.all([
      organizationAdmin(platform, superAdmin, org.organization.id, 'yerrehber'),
      organizationAdmin(platform, superAdmin, otherOrg.organization.id, 'yeryad'),
    ]);
    const callers = {
      anonymous,
      user: author.client,
      'org admin of this organisation': orgAdmin.client,
      'org admin of another organisation': otherAdmin.client,
      'super admin': superAdmin,
    };
    const statuses: Record<string, number[]> = {};
    for (const [who, client] of Object.entries(callers))
      statuses[who] = [
        (await client.get('/api/announcements/places?q=koroglu')).status,
        (await client.get('/api/announcements/places/m-koroglu')).status,
        (await client.get(`/api/announcements?place=m-koroglu&posted=7d`)).status,
        (await client.get(`/api/announcements/map?search=${marker}&place=m-koroglu`)).status,
      ];
    expect(statuses).toEqual(
      Object.fromEntries(Object.keys(callers).map((who) => [who, [200, 200, 200, 200]])),
    );
  });
});
