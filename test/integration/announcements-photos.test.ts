import { randomBytes } from 'node:crypto';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { metadataOf, phoneJpeg, uploadPhoto } from '../support/photo-fixtures';
import { sharedPlatforms } from '../support/platform';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const base = {
  type: 'lost',
  title: 'Şəkilli elan',
  description: 'Şəkli olan elan, təsviri kifayət qədər uzundur',
  category: 'other',
  location: 'Sumqayıt',
};

describe.each(sharedPlatforms())('photos ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [owner, stranger] = await Promise.all([registerUser(url, 'foto'), registerUser(url, 'yad')]);
  });

  /** What the browser does: ask for a URL, then PUT the bytes straight to it (gateway or S3). */
  async function upload(user: TestUser, body: Buffer, contentType = 'image/png') {
    const res = await user.client.post(`/api/objects/upload?contentType=${encodeURIComponent(contentType)}`);
    expect(res.status).toBe(200);
    const uploadURL: string = res.body.uploadURL;
    expect(typeof uploadURL).toBe('string');
    const put = await fetch(new URL(uploadURL, url), {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType },
    });
    await put.arrayBuffer().catch(() => undefined);
    return { uploadURL, putStatus: put.status };
  }

  it('round trip: upload URL → PUT a PNG → normalise → GET /objects/<id> returns it (re-encoded) as image/png', async () => {
    const { uploadURL, putStatus } = await upload(owner, PNG);
    expect(putStatus).toBe(200);
    const normalized = await owner.client.post('/api/objects/normalize-path', { uploadURL });
    expect(normalized.status).toBe(200);
    const path: string = normalized.body.normalizedPath;
    expect(path).toMatch(/^\/objects\/[0-9a-f-]{36}$/);

    const res = await fetch(new URL(path, url));
    expect(res.status).toBe(200);
    const kept = Buffer.from(await res.arrayBuffer());
    expect(await metadataOf(kept)).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('max-age=');

    // The checked photo cannot be replaced through the old upload URL (embedded mode; an S3
    // presigned URL still takes a PUT, but nothing serves that key any more).
    if (!/^https?:/.test(uploadURL)) {
      const replaced = await fetch(new URL(uploadURL, url), {
        method: 'PUT',
        body: Buffer.from('<html>'),
        headers: { 'content-type': 'text/html' },
      });
      expect(replaced.status).toBe(403);
    }
    const again = await fetch(new URL(path, url));
    expect(Buffer.from(await again.arrayBuffer()).equals(kept)).toBe(true);

    // Normalising again is harmless and gives the same path.
    expect((await owner.client.post('/api/objects/normalize-path', { uploadURL })).body.normalizedPath).toBe(
      path,
    );

    const created = await owner.client.post('/api/announcements', { ...base, imageUrl: path });
    expect(created.status).toBe(201);
    expect(created.body.imageUrl).toBe(path);
    const listed = await anonymous.get('/api/announcements?limit=500');
    expect(listed.body.find((a: { id: string }) => a.id === created.body.id)?.imageUrl).toBe(path);

    // Someone else's photo cannot be attached.
    const stolen = await stranger.client.post('/api/announcements', { ...base, imageUrl: path });
    expect(stolen.status).toBe(400);
  });

  it("refuses to normalise someone else's upload (403)", async () => {
    const { uploadURL } = await upload(owner, PNG);
    const res = await stranger.client.post('/api/objects/normalize-path', { uploadURL });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Bu fayl sizə aid deyil');
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.concat([PNG, randomBytes(11 * 1024 * 1024)]);
    // Its own user: an upload refused at the PUT stays pending, counted against its user's cap.
    const uploader = await registerUser(url, 'boyuk');
    const { uploadURL, putStatus } = await upload(uploader, big);
    if (putStatus === 200) {
      // S3 presigned PUTs cannot limit the size: normalisation refuses and removes it.
      const res = await uploader.client.post('/api/objects/normalize-path', { uploadURL });
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('Şəkil 10 MB-dan böyük ola bilməz');
    } else {
      expect(putStatus).toBe(413);
      const res = await uploader.client.post('/api/objects/normalize-path', { uploadURL });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it('refuses a text file renamed .png, and removes it', async () => {
    const { uploadURL, putStatus } = await upload(
      owner,
      Buffer.from('Bu şəkil deyil, sadəcə mətndir.\n'.repeat(20)),
    );
    expect(putStatus).toBe(200);
    const res = await owner.client.post('/api/objects/normalize-path', { uploadURL });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Yalnız şəkil faylları (JPEG, PNG, WebP, GIF) yükləmək olar');
    const again = await owner.client.post('/api/objects/normalize-path', { uploadURL });
    expect(again.status).toBe(400);
  });

  it('answers 404 for unknown objects and unusable upload URLs with 4xx', async () => {
    expect((await anonymous.get('/objects/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b')).status).toBe(404);
    expect((await anonymous.get('/objects/..%2f..%2fetc%2fpasswd')).status).toBe(404);
    const bogus = await owner.client.post('/api/objects/normalize-path', {
      uploadURL: 'https://evil.example/x.png',
    });
    expect(bogus.status).toBe(400);
    expect(bogus.body.message).toBe('Şəkil URL-si işlənərkən xəta baş verdi');
    // Normalising before anything was PUT: not found. (The stranger asks: the owner's earlier
    // tests left pending uploads, which count against the owner's cap.)
    const res = await stranger.client.post('/api/objects/upload?contentType=image%2Fpng');
    const early = await stranger.client.post('/api/objects/normalize-path', {
      uploadURL: res.body.uploadURL,
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Yüklənmiş fayl tapılmadı');
  });

  it('several photos (issue 22): 3 kept in order, the first the cover; reordered by an edit; a sixth refused', async () => {
    const author = await registerUser(url, 'fotolar');
    // One at a time, as the web does: each is normalised before the next URL is asked for.
    const photos: string[] = [];
    for (const width of [320, 360, 400])
      photos.push(await uploadPhoto(author.client, await phoneJpeg(width, 240)));

    const created = await author.client.post('/api/announcements', { ...base, imageUrls: photos });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ imageUrl: photos[0], imageUrls: photos });
    expect(created.body.thumbnailUrl).toBe(`${photos[0]}/thumbnail`);
    const id: string = created.body.id;
    const shown = await anonymous.get(`/api/announcements/public/${id}`);
    expect(shown.body).toMatchObject({ imageUrl: photos[0], imageUrls: photos });
    for (const path of photos) expect((await fetch(new URL(path, url))).status).toBe(200);

    // Reordered: the third is the cover now; nobody else may reorder them.
    const reordered = [photos[2]!, photos[0]!, photos[1]!];
    const body = { ...base, imageUrls: reordered };
    expect((await anonymous.put(`/api/announcements/${id}`, body)).status).toBe(401);
    expect((await stranger.client.put(`/api/announcements/${id}`, body)).status).toBe(403);
    const edited = await author.client.put(`/api/announcements/${id}`, body);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ imageUrl: photos[2], imageUrls: reordered });
    // The spec's client sends only the cover it was shown: the other photos stay.
    const legacy = await author.client.put(`/api/announcements/${id}`, { ...base, imageUrl: photos[2] });
    expect(legacy.body.imageUrls).toEqual(reordered);
    // A super admin may reorder another's photos (they stay the author's).
    const admin = await signInSuperAdmin(url);
    const byAdmin = await admin.put(`/api/announcements/${id}`, { ...base, imageUrls: photos });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.imageUrls).toEqual(photos);

    const six = [...photos, ...photos.map((p) => p.replace(/.$/, (c) => (c === '0' ? '1' : '0')))];
    const refused = await author.client.post('/api/announcements', { ...base, imageUrls: six });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Ən çox 5 şəkil əlavə etmək olar');
    // Someone else's photo among them: refused, nothing attached.
    const stolen = await stranger.client.post('/api/announcements', { ...base, imageUrls: [photos[1]] });
    expect(stolen.status).toBe(400);

    // Removing one by an edit stops serving it; deleting the announcement stops serving them all.
    const fewer = await author.client.put(`/api/announcements/${id}`, {
      ...base,
      imageUrls: photos.slice(0, 2),
    });
    expect(fewer.body.imageUrls).toEqual(photos.slice(0, 2));
    expect((await fetch(new URL(photos[2]!, url))).status).toBe(404);
    expect((await author.client.delete(`/api/announcements/${id}`)).status).toBe(204);
    for (const path of photos.slice(0, 2)) expect((await fetch(new URL(path, url))).status).toBe(404);
  });
});
