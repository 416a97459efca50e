import { registerUser, type TestUser } from '../support/accounts';
import { HttpClient, uniqueName } from '../support/http-client';
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
