import { randomUUID } from 'node:crypto';
import { registerUser, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

const base = {
  title: 'Qara pulqabı itirilib',
  description: 'Metroda qara dəri pulqabı itirmişəm, içində sənədlər var',
  category: 'bags',
  location: 'Gənclik metrosu',
};

describe.each(sharedPlatforms())('announcements API ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [author, other] = await Promise.all([registerUser(url, 'elan'), registerUser(url, 'diger')]);
  });

  it('creates a lost announcement with a reward and a found one; both are listed publicly, newest first, without contact details', async () => {
    const marker = uniqueName('m');
    const lost = await author.client.post('/api/announcements', {
      ...base,
      type: 'lost',
      title: `Pulqabı ${marker}`,
      rewardAmount: 50,
      rewardDescription: 'Tapana 50 AZN',
      contactInfo: '+994501112233',
    });
    expect(lost.status).toBe(201);
    expect(lost.body).toMatchObject({
      id: expect.any(String),
      type: 'lost',
      title: `Pulqabı ${marker}`,
      category: 'bags',
      rewardAmount: 50,
      rewardDescription: 'Tapana 50 AZN',
      contactInfo: '+994501112233',
      imageUrl: null,
      status: 'open',
      isActive: true,
      isPublic: true,
      userId: author.id,
    });
    expect(new Date(lost.body.createdAt).toISOString()).toBe(lost.body.createdAt);

    const found = await author.client.post('/api/announcements', {
      ...base,
      type: 'found',
      category: 'keys',
      title: `Açar tapılıb ${marker}`,
      rewardAmount: 0,
    });
    expect(found.status).toBe(201);
    expect(found.body).toMatchObject({ type: 'found', rewardAmount: 0, rewardDescription: null });

    const list = await anonymous.get(`/api/announcements?search=${marker}`);
    expect(list.status).toBe(200);
    expect(list.body.map((a: { id: string }) => a.id)).toEqual([found.body.id, lost.body.id]);
    for (const item of list.body) {
      expect(item).not.toHaveProperty('contactInfo');
      expect(item).not.toHaveProperty('userId');
      expect(Object.keys(item).sort()).toEqual(
        [
          'id',
          'type',
          'title',
          'description',
          'location',
          'place',
          'category',
          'roomNumber',
          'imageUrl',
          'imageUrls',
          'thumbnailUrl',
          'rewardAmount',
          'rewardDescription',
          'status',
          'organizationId',
          'createdAt',
          'authorVerified',
          'handedOverAt',
        ].sort(),
      );
    }
  });

  it("defaults the contact info to the author's phone (learnt from auth events)", async () => {
    const fresh = await registerUser(url, 'elaqe');
    // The phone reaches this service through auth.events (Kafka in distributed mode).
    await eventually(
      async () => {
        const res = await fresh.client.post('/api/announcements', { ...base, type: 'lost' });
        expect(res.status).toBe(201);
        expect(res.body.contactInfo).toBe(fresh.phone);
      },
      { timeoutMs: 5000, intervalMs: 300 },
    );
  });

  it.each([
    [{ title: 'Açar' }, 'Başlıq ən azı 5 simvol olmalıdır'],
    [{ title: undefined }, 'Başlıq ən azı 5 simvol olmalıdır'],
    [{ description: 'Qısa təsvir' }, 'Təsvir ən azı 20 simvol olmalıdır'],
    [{ location: 'Ba' }, 'Yer ən azı 3 simvol olmalıdır'],
    [{ rewardAmount: -10 }, 'Mükafat məbləği müsbət olmalıdır'],
    [{ rewardAmount: 'çox' }, 'Mükafat məbləği müsbət olmalıdır'],
  ])('refuses %j with 400 and its §5 message', async (change, message) => {
    const res = await author.client.post('/api/announcements', { ...base, type: 'lost', ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses an unknown category or type, and a reward on a found item', async () => {
    const badCategory = await author.client.post('/api/announcements', {
      ...base,
      type: 'lost',
      category: 'electronics',
    });
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.message).toBe('Kateqoriyanı seçin');
    expect((await author.client.post('/api/announcements', { ...base, type: 'stolen' })).status).toBe(400);
    const reward = await author.client.post('/api/announcements', {
      ...base,
      type: 'found',
      rewardAmount: 20,
    });
    expect(reward.status).toBe(400);
  });

  it('asks anonymous callers to sign in for create, my, details, upload and normalise', async () => {
    const anyId = randomUUID();
    const calls = await Promise.all([
      anonymous.post('/api/announcements', { ...base, type: 'lost' }),
      anonymous.get('/api/announcements/my'),
      anonymous.get(`/api/announcements/${anyId}`),
      anonymous.post('/api/objects/upload?contentType=image%2Fpng'),
      anonymous.post('/api/objects/normalize-path', { uploadURL: '/api/objects/uploads/x' }),
    ]);
    expect(calls.map((c) => c.status)).toEqual([401, 401, 401, 401, 401]);
  });

  it("searches title, description and location case-insensitively with Azerbaijani letters ('PULQABI' finds 'pulqabı')", async () => {
    const marker = uniqueName('s');
    const wallet = await author.client.post('/api/announcements', {
      ...base,
      type: 'lost',
      title: `Köhnə pulqabı ${marker}`,
    });
    const phone = await author.client.post('/api/announcements', {
      ...base,
      type: 'found',
      category: 'phones',
      title: `Telefon tapılıb ${marker}`,
      description: 'Ağ rəngli telefon, ekranı sınıqdır, skamyada qalmışdı',
      location: 'İçərişəhər, Qoşa Qala',
    });
    const ids = async (query: string) => {
      const res = await anonymous.get(`/api/announcements?${query}`);
      expect(res.status).toBe(200);
      return res.body.map((a: { id: string }) => a.id);
    };
    expect(await ids(`search=PULQABI%20${marker}`)).toEqual([wallet.body.id]);
    expect(await ids(`search=${encodeURIComponent(`İÇƏRİŞƏHƏR ${marker.toUpperCase()}`)}`)).toEqual([
      phone.body.id,
    ]);
    expect(await ids(`search=${encodeURIComponent(`SINIQDIR ${marker}`)}`)).toEqual([phone.body.id]);
    expect(await ids(`search=${marker}&category=phones`)).toEqual([phone.body.id]);
    expect(await ids(`search=${marker}&category=all`)).toEqual([phone.body.id, wallet.body.id]);
    expect(await ids(`search=${marker}&category=`)).toEqual([phone.body.id, wallet.body.id]);
    expect(await ids(`search=${marker}&category=keys`)).toEqual([]);
    const bad = await anonymous.get('/api/announcements?category=electronics');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Kateqoriya yanlışdır');
  });

  it('lists at most `limit` (default 200, at most 500) announcements', async () => {
    const two = await anonymous.get('/api/announcements?limit=2');
    expect(two.status).toBe(200);
    expect(two.body.length).toBeLessThanOrEqual(2);
    expect((await anonymous.get('/api/announcements?limit=0')).status).toBe(400);
    expect((await anonymous.get('/api/announcements?limit=100000')).status).toBe(200);
  });

  it("shows the caller's own announcements in `my`, and only theirs", async () => {
    const mine = await other.client.post('/api/announcements', {
      ...base,
      type: 'found',
      category: 'documents',
    });
    const res = await other.client.get('/api/announcements/my');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { id: string }) => a.id)).toContain(mine.body.id);
    expect(res.body.every((a: { userId: string }) => a.userId === other.id)).toBe(true);
    expect(res.body[0]).toHaveProperty('contactInfo');
    const authors = await author.client.get('/api/announcements/my');
    expect(authors.body.map((a: { id: string }) => a.id)).not.toContain(mine.body.id);
  });

  it('answers details with contact info to signed-in users, 404 for unknown or malformed ids', async () => {
    const created = await author.client.post('/api/announcements', {
      ...base,
      type: 'lost',
      contactInfo: 'nömrə: +994551234567',
    });
    const details = await other.client.get(`/api/announcements/${created.body.id}`);
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      id: created.body.id,
      contactInfo: 'nömrə: +994551234567',
      userId: author.id,
    });
    for (const id of [randomUUID(), 'not-a-uuid', '1', "1'%20or%20'1'='1"]) {
      const res = await other.client.get(`/api/announcements/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Elan tapılmadı');
    }
  });

  it('refuses an imageUrl that is not a photo this user uploaded', async () => {
    for (const imageUrl of [
      `/objects/${randomUUID()}`,
      'https://evil.example/x.png',
      '/objects/../../etc/passwd',
    ]) {
      const res = await author.client.post('/api/announcements', { ...base, type: 'lost', imageUrl });
      expect(res.status).toBe(400);
    }
  });
});
