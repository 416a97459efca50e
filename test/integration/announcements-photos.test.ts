import { randomBytes } from 'node:crypto';
import { registerUser, type TestUser } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { metadataOf } from '../support/photo-fixtures';
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
    const res = await user.client.post('/api/objects/upload');
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
    const res = await stranger.client.post('/api/objects/upload');
    const early = await stranger.client.post('/api/objects/normalize-path', {
      uploadURL: res.body.uploadURL,
    });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Yüklənmiş fayl tapılmadı');
  });
});
