import { registerUser, type TestUser } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { metadataOf, phoneJpeg, pixelAt } from '../support/photo-fixtures';
import { sharedPlatforms } from '../support/platform';

/**
 * Issue 13 §4 on the shared platforms (embedded and distributed): a phone's JPEG with its GPS
 * position is served without any metadata, turned upright, at most 2048 px, with a WebP thumbnail
 * the list points to and a screen-sized WebP copy the announcement page shows (issue 22); one
 * user's pending uploads are capped.
 */
describe.each(sharedPlatforms())('photo privacy ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);

  /** What the browser does: ask for a URL, PUT the bytes there, normalise. */
  async function uploadAndNormalise(user: TestUser, body: Buffer, contentType: string) {
    const asked = await user.client.post(
      `/api/objects/upload?contentType=${encodeURIComponent(contentType)}`,
    );
    expect(asked.status).toBe(200);
    const uploadURL: string = asked.body.uploadURL;
    const put = await fetch(new URL(uploadURL, url), {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType },
    });
    await put.arrayBuffer();
    expect(put.status).toBe(200);
    const normalized = await user.client.post('/api/objects/normalize-path', { uploadURL });
    expect(normalized.status).toBe(200);
    return normalized.body.normalizedPath as string;
  }

  const download = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL(path, url), { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('serves a JPEG with EXIF GPS stripped of every metadata, upright and ≤ 2048 px, and a WebP thumbnail the cards use', async () => {
    const author = await registerUser(url, 'gps');
    const original = await phoneJpeg(3000, 1600);
    expect((await metadataOf(original)).exif?.toString('latin1')).toContain('GPS-1');

    const path = await uploadAndNormalise(author, original, 'image/jpeg');
    const photo = await download(path);
    expect(photo.res.status).toBe(200);
    expect(photo.res.headers.get('content-type')).toBe('image/jpeg');
    const served = await metadataOf(photo.bytes);
    expect(served).toMatchObject({ format: 'jpeg', width: 1092, height: 2048 });
    expect(served.exif).toBeUndefined();
    expect(served.xmp).toBeUndefined();
    expect(served.iptc).toBeUndefined();
    expect(served.orientation).toBeUndefined();
    for (const trace of ['Exif', 'GPS-1', 'Tapinti Test Phone', 'xmpmeta'])
      expect(photo.bytes.includes(trace)).toBe(false);
    // EXIF orientation 6 applied: the stored left half (red) is on top now.
    const [r, , b] = await pixelAt(photo.bytes, 500, 30);
    expect(r).toBeGreaterThan(150);
    expect(b).toBeLessThan(90);

    const thumbnailPath = `${path}/thumbnail`;
    const thumbnail = await download(thumbnailPath);
    expect(thumbnail.res.status).toBe(200);
    expect(thumbnail.res.headers.get('content-type')).toBe('image/webp');
    expect(thumbnail.res.headers.get('cache-control')).toContain('immutable');
    const small = await metadataOf(thumbnail.bytes);
    expect(small).toMatchObject({ format: 'webp', width: 480, height: 300 });
    expect(small.exif).toBeUndefined();
    expect(small.xmp).toBeUndefined();
    const etag = thumbnail.res.headers.get('etag')!;
    expect((await download(thumbnailPath, { 'if-none-match': etag })).res.status).toBe(304);

    // The screen-sized copy a phone's announcement page shows instead of the 2048 px original.
    const medium = await download(`${path}/medium`);
    expect(medium.res.status).toBe(200);
    expect(medium.res.headers.get('content-type')).toBe('image/webp');
    expect(medium.res.headers.get('cache-control')).toContain('immutable');
    expect(Number(medium.res.headers.get('content-length'))).toBe(medium.bytes.length);
    const screenSized = await metadataOf(medium.bytes);
    expect(screenSized).toMatchObject({ format: 'webp', width: 960, height: 1800 });
    expect(screenSized.exif).toBeUndefined();
    expect(screenSized.xmp).toBeUndefined();
    expect(medium.bytes.length).toBeLessThan(photo.bytes.length / 2);
    const mediumTag = medium.res.headers.get('etag')!;
    expect((await download(`${path}/medium`, { 'if-none-match': mediumTag })).res.status).toBe(304);

    const created = await author.client.post('/api/announcements', {
      type: 'found',
      title: 'Telefon tapılıb, GPS-siz',
      description: 'Parkda skamyanın üstündə qalmış telefon tapılıb',
      category: 'phones',
      location: 'Bakı, Dənizkənarı bulvar',
      imageUrl: path,
    });
    expect(created.status).toBe(201);
    expect(created.body.thumbnailUrl).toBe(thumbnailPath);
    const listed = await anonymous.get('/api/announcements?limit=500');
    const card = listed.body.find((a: { id: string }) => a.id === created.body.id);
    expect(card).toMatchObject({ imageUrl: path, thumbnailUrl: thumbnailPath });

    for (const variant of ['thumbnail', 'medium'])
      expect((await anonymous.get(`/objects/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/${variant}`)).status).toBe(
        404,
      );
  });

  it("caps one user's pending uploads at 20 MB (429 with an Azerbaijani message); a normalised photo frees its room", async () => {
    const user = await registerUser(url, 'cap');
    const first = await user.client.post('/api/objects/upload?contentType=image%2Fjpeg');
    const second = await user.client.post('/api/objects/upload?contentType=image%2Fjpeg');
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await user.client.post('/api/objects/upload?contentType=image%2Fjpeg');
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(
      'Yüklənib hələ işlənməmiş şəkilləriniz çoxdur (ən çox 20 MB). Bir neçə dəqiqədən sonra yenidən cəhd edin',
    );
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await registerUser(url, 'cap2');
    expect((await other.client.post('/api/objects/upload?contentType=image%2Fjpeg')).status).toBe(200);

    const uploadURL: string = first.body.uploadURL;
    const put = await fetch(new URL(uploadURL, url), {
      method: 'PUT',
      body: await phoneJpeg(300, 200),
      headers: { 'content-type': 'image/jpeg' },
    });
    await put.arrayBuffer();
    expect((await user.client.post('/api/objects/normalize-path', { uploadURL })).status).toBe(200);
    expect((await user.client.post('/api/objects/upload?contentType=image%2Fjpeg')).status).toBe(200);
  });
});
