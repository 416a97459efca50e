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
