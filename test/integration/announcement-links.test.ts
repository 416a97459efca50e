import { registerUser, type TestUser } from '../support/accounts';
import { HttpClient, uniqueName } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const CURSOR_MESSAGE = 'Səhifə göstəricisi yanlışdır: siyahını əvvəldən açın';

/** The `content` of `<meta property|name="<name>" content="…">` in a page, as sent (HTML-escaped). */
function metaContent(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)"`));
  return tag?.[1];
}

const nextOf = (link: string | null) => link?.match(/^<([^>]+)>; rel="next"$/)?.[1];

/**
 * An announcement's own link: `/elan/:id` answered with its Open Graph and Twitter tags for
 * crawlers that run no JavaScript, `sitemap.xml`, and the public list by cursor pages with the
 * total in `X-Total-Count` and the next page in `Link`. A unique marker keeps other suites'
 * announcements out of the counted answers.
 */
describe.each(sharedPlatforms())('announcement links and list paging ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);
  let author: TestUser;

  beforeAll(async () => {
    author = await registerUser(url, 'link');
  });

  const post = async (fields: Record<string, unknown>) => {
    const res = await author.client.post('/api/announcements', {
      type: 'lost',
      category: 'other',
      description: 'Təsviri kifayət qədər uzun olan bir elan, tapan zəng etsin',
      location: 'Bakı, Nizami küçəsi',
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  async function uploadedPhoto(): Promise<string> {
    const { uploadURL } = (await author.client.post('/api/objects/upload?contentType=image%2Fpng')).body as {
      uploadURL: string;
    };
    const put = await fetch(new URL(uploadURL, url), {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    await put.arrayBuffer();
    const normalized = await author.client.post('/api/objects/normalize-path', { uploadURL });
    expect(normalized.status).toBe(200);
    return normalized.body.normalizedPath as string;
  }

  describe('/elan/:id without JavaScript', () => {
    const marker = uniqueName('og');
    let id: string;
    let hiddenId: string;
    let photo: string;

    beforeAll(async () => {
      photo = await uploadedPhoto();
      id = await post({
        title: `Qara pulqabı <b>"Gənclik" & 'Nizami'</b> ${marker}`,
        description: 'İçində <sənədlər> & "kartlar" var idi, Gənclik metrosunun yanında itirdim',
        imageUrl: photo,
        rewardAmount: 50,
      });
      hiddenId = await post({ title: `Gizli elan ${marker}`, isPublic: false });
    });

    it("answers with that announcement's og:title, og:description and og:image, HTML-escaped", async () => {
      const res = await fetch(`${url}/elan/${id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      const title = `İtirilib: Qara pulqabı &lt;b&gt;&quot;Gənclik&quot; &amp; &#39;Nizami&#39;&lt;/b&gt; ${marker}`;
      expect(metaContent(html, 'og:title')).toBe(title);
      expect(metaContent(html, 'twitter:title')).toBe(title);
      expect(metaContent(html, 'og:description')).toBe(
        'Bakı, Nizami küçəsi · Mükafat: 50 AZN. İçində &lt;sənədlər&gt; &amp; &quot;kartlar&quot; var idi, Gənclik metrosunun yanında itirdim',
      );
      const image = metaContent(html, 'og:image')!;
      expect(image).toMatch(new RegExp(`^https?://[^/]+${photo}/thumbnail$`));
      expect(metaContent(html, 'twitter:image')).toBe(image);
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'og:url')).toMatch(new RegExp(`^https?://[^/]+/elan/${id}$`));
      // The generic tags of index.html are replaced, not repeated; the app itself still loads.
      expect(html.match(/property="og:title"/g)).toHaveLength(1);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('<b>');
      // The photo (the page's largest paint) is asked for before the scripts, at high priority.
      // Its screen-sized copy on a phone: the candidate of the srcset the page's <img> picks.
      const preload = html.indexOf(
        `<link rel="preload" as="image" imagesrcset="${photo}/medium 960w, ${photo} 2048w" imagesizes="(min-width: 768px) 672px, calc(100vw - 72px)" fetchpriority="high" />`,
      );
      expect(preload).toBeGreaterThan(-1);
      expect(preload).toBeLessThan(html.indexOf('<script'));
      // And painted by the static shell where the page shows it, before any script has arrived.
      expect(html).toContain('<html lang="az" data-first-screen="/elan">');
      expect(html).toContain(
        `<img src="${photo}" srcset="${photo}/medium 960w, ${photo} 2048w" sizes="(min-width: 768px) 672px, calc(100vw - 72px)" alt="Qara pulqabı &lt;b&gt;&quot;Gənclik&quot; &amp; &#39;Nizami&#39;&lt;/b&gt; ${marker}" fetchpriority="high" />`,
      );
      const medium = await fetch(`${url}${photo}/medium`);
      expect(medium.status).toBe(200);
      expect(medium.headers.get('content-type')).toBe('image/webp');
      // The preview picture is served.
      const thumbnail = await fetch(`${url}${new URL(image).pathname}`);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    });

    it('answers an unknown or hidden id with the plain app page and its generic tags (404)', async () => {
      for (const unknown of [hiddenId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await fetch(`${url}/elan/${unknown}`);
        expect(res.status).toBe(404);
        const html = await res.text();
        expect(html).toContain('<div id="root"></div>');
        expect(metaContent(html, 'og:image')).toBeUndefined();
        expect(html).not.toContain(marker);
      }
    });

    it('is readable as public JSON for the page itself, without contact details', async () => {
      const res = await anonymous.get(`/api/announcements/public/${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, rewardAmount: 50, imageUrl: photo });
      expect(res.body).not.toHaveProperty('contactInfo');
      expect((await anonymous.get(`/api/announcements/public/${hiddenId}`)).status).toBe(404);
    });

    it('sitemap.xml lists open public announcements, not hidden ones', async () => {
      const res = await fetch(`${url}/sitemap.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/xml');
      const xml = await res.text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+/elan/${id}</loc><lastmod>[0-9T:.-]+Z</lastmod>`));
      expect(xml).not.toContain(hiddenId);
    });
  });

  describe('GET /api/announcements by pages', () => {
    const marker = uniqueName('pg');
    /** Newest first, as the list orders them. */
    let posted: string[] = [];

    const list = (query: string) => anonymous.get(`/api/announcements?search=${marker}&${query}`);

    beforeAll(async () => {
      posted = [];
      for (let i = 0; i < 7; i++) {
        const rewarded = i % 3 === 0;
        posted.unshift(
          await post({
            title: `Elan ${i} ${marker}`,
            category: i < 2 ? 'bags' : 'other',
            ...(rewarded ? { rewardAmount: 10 * (i + 1) } : {}),
          }),
        );
      }
    });

    it('pages newest first by cursor, stable while new announcements are inserted', async () => {
      const first = await list('limit=3');
      expect(first.status).toBe(200);
      expect(first.headers.get('x-total-count')).toBe('7');
      expect(first.body.map((a: { id: string }) => a.id)).toEqual(posted.slice(0, 3));
      const second = nextOf(first.headers.get('link'))!;
      expect(second).toMatch(/^\/api\/announcements\?.*cursor=[A-Za-z0-9_-]+/);

      // Two newer ones arrive between the pages: they go on top, the next page is unchanged.
      const newer = [
        await post({ title: `Yeni elan A ${marker}` }),
        await post({ title: `Yeni elan B ${marker}` }),
      ];

      const page2 = await anonymous.get(second);
      expect(page2.status).toBe(200);
      expect(page2.headers.get('x-total-count')).toBe('9');
      expect(page2.body.map((a: { id: string }) => a.id)).toEqual(posted.slice(3, 6));
      const page3 = await anonymous.get(nextOf(page2.headers.get('link'))!);
      expect(page3.body.map((a: { id: string }) => a.id)).toEqual(posted.slice(6));
      expect(page3.headers.get('link')).toBeNull();

      const fresh = await list('limit=3');
      expect(fresh.body.map((a: { id: string }) => a.id)).toEqual([...newer.reverse(), posted[0]]);
    });

    it('counts what the filters match on all pages', async () => {
      const rewarded = await list('rewards=1&limit=1');
      expect(rewarded.headers.get('x-total-count')).toBe('3');
      expect(rewarded.body).toHaveLength(1);
      expect(rewarded.body[0].rewardAmount).toBeGreaterThan(0);
      expect(nextOf(rewarded.headers.get('link'))).toContain('rewards=1');

      const bags = await list('category=bags');
      expect(bags.headers.get('x-total-count')).toBe('2');
      expect(bags.body.map((a: { id: string }) => a.id)).toEqual(posted.slice(5));
      expect(bags.headers.get('link')).toBeNull();
      const rewardedBags = await list('category=bags&rewards=1');
      expect(rewardedBags.headers.get('x-total-count')).toBe('1');
    });

    it('totals without a search move at once: posting, a reward, a place, a date filter, closing', async () => {
      const queries = [
        '',
        'category=keys',
        'category=keys&rewards=1',
        'place=d-sabail',
        'category=keys&place=nizami-street',
        'posted=24h',
      ];
      const totals = () =>
        Promise.all(
          queries.map(async (query) => {
            const res = await anonymous.get(`/api/announcements?${query}&limit=1`);
            expect(res.headers.get('x-total-count-capped')).toBeNull();
            return Number(res.headers.get('x-total-count'));
          }),
        );
      const before = await totals();
      const id = await post({ title: `Açar dəsti ${marker}`, category: 'keys', rewardAmount: 15 });
      expect(await totals()).toEqual(before.map((n) => n + 1));
      const closed = await author.client.post(`/api/announcements/${id}/close`, { outcome: 'returned' });
      expect(closed.status).toBe(200);
      expect(await totals()).toEqual(before);
    });

    it('refuses a cursor it did not give with 400 in Azerbaijani', async () => {
      const forged = Buffer.from('not a cursor').toString('base64url');
      for (const cursor of ['%%%', forged, 'MTIz']) {
        const res = await list(`cursor=${cursor}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: CURSOR_MESSAGE, field: 'cursor' });
      }
    });

    it('reports reward statistics of every rewarded public announcement', async () => {
      const res = await anonymous.get('/api/announcements/reward-stats');
      expect(res.status).toBe(200);
      const { count, total, average } = res.body as { count: number; total: number; average: number };
      expect(count).toBeGreaterThanOrEqual(3);
      expect(total).toBeGreaterThanOrEqual(10 + 40 + 70);
      expect(average).toBe(Math.round(total / count));
    });

    it('documents the paging headers in the OpenAPI document', async () => {
      const doc = (await anonymous.get('/api/openapi.json')).body;
      const headers = doc.paths['/api/announcements'].get.responses['200'].headers;
      expect(headers['X-Total-Count']).toMatchObject({ required: true });
      expect(headers.Link).toMatchObject({ required: false });
    });
  });
});
