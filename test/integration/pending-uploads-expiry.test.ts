import fs from 'node:fs';
import path from 'node:path';
import { createS3ObjectStorage } from '../../packages/ports/src/s3-object-storage';
import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { phoneJpeg, uploadPhoto } from '../support/photo-fixtures';
import { selectedModes, startPlatform, type Platform } from '../support/platform';

const TTL_SECONDS = 8;

// A platform of its own, whose upload URLs work 8 seconds (instead of 15 minutes) and whose
// expiry job runs every half second: files on disk (embedded) and S3 (distributed).
describe.each(selectedModes())('pending uploads expire with their URL (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, {
      env: { UPLOAD_URL_TTL_SECONDS: String(TTL_SECONDS), PENDING_UPLOADS_SWEEP_EVERY_MS: '500' },
    });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  /** The pending upload's bytes, where the platform keeps them: null once they are gone. */
  async function storedUpload(uploadURL: string): Promise<number | null> {
    if (mode === 'distributed') {
      const { env } = platform;
      const s3 = createS3ObjectStorage({
        endpoint: env.S3_ENDPOINT!,
        accessKey: env.S3_ACCESS_KEY!,
        secretKey: env.S3_SECRET_KEY!,
        bucket: env.S3_BUCKET!,
        region: 'us-east-1',
      });
      return (await s3.stat(s3.keyOfUploadUrl(uploadURL)!))?.size ?? null;
    }
    // Embedded: this platform's only pending upload is the one file under DATA_DIR/objects/uploads.
    const dir = path.join(platform.env.DATA_DIR!, 'objects', 'uploads');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.meta.json')) : [];
    expect(files.length).toBeLessThanOrEqual(1);
    return files.length ? fs.statSync(path.join(dir, files[0]!)).size : null;
  }

  it('deletes the bytes of an upload never normalised once its URL expired; the cap frees up with it', async () => {
    const user = await registerUser(platform.url, 'muddet');
    const photo = await phoneJpeg(400, 300);
    const asked = await user.client.post('/api/objects/upload?contentType=image%2Fjpeg');
    expect(asked.status).toBe(200);
    const uploadURL: string = asked.body.uploadURL;
    const put = await fetch(new URL(uploadURL, platform.url), {
      method: 'PUT',
      body: photo,
      headers: { 'content-type': 'image/jpeg' },
    });
    await put.arrayBuffer();
    expect(put.status).toBe(200);
    expect(await storedUpload(uploadURL)).toBe(photo.length);

    // Two open upload URLs hold the user's 20 MB: a third is refused until they expire.
    expect((await user.client.post('/api/objects/upload?contentType=image%2Fjpeg')).status).toBe(200);
    const refused = await user.client.post('/api/objects/upload?contentType=image%2Fjpeg');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Yüklənib hələ işlənməmiş şəkilləriniz çoxdur (ən çox 20 MB). Bir neçə dəqiqədən sonra yenidən cəhd edin',
    );

    await eventually(async () => expect(await storedUpload(uploadURL)).toBeNull(), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    const late = await user.client.post('/api/objects/normalize-path', { uploadURL });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Yüklənmiş fayl tapılmadı');
    const putAgain = await fetch(new URL(uploadURL, platform.url), {
      method: 'PUT',
      body: photo,
      headers: { 'content-type': 'image/jpeg' },
    });
    await putAgain.arrayBuffer();
    expect(putAgain.status).toBe(403);
    expect(await storedUpload(uploadURL)).toBeNull();

    await eventually(
      async () =>
        expect((await user.client.post('/api/objects/upload?contentType=image%2Fjpeg')).status).toBe(200),
      {
        timeoutMs: 30_000,
        intervalMs: 500,
      },
    );
  });

  it('keeps every photo an announcement shows (issue 22) when the expiry sweeps another upload', async () => {
    const user = await registerUser(platform.url, 'fotolar');
    const photos: string[] = [];
    for (const width of [300, 340, 380])
      photos.push(await uploadPhoto(user.client, await phoneJpeg(width, 200)));
    const created = await user.client.post('/api/announcements', {
      type: 'found',
      title: 'Üç şəkilli elan',
      description: 'Üç şəkli olan elan, təsviri kifayət qədər uzundur',
      category: 'other',
      location: 'Sumqayıt',
      imageUrls: photos,
    });
    expect(created.status).toBe(201);

    // A fourth upload is never normalised: the sweep deletes it once its URL expired.
    const asked = await user.client.post('/api/objects/upload?contentType=image%2Fjpeg');
    const uploadURL: string = asked.body.uploadURL;
    const put = await fetch(new URL(uploadURL, platform.url), {
      method: 'PUT',
      body: await phoneJpeg(200, 100),
      headers: { 'content-type': 'image/jpeg' },
    });
    await put.arrayBuffer();
    expect(put.status).toBe(200);
    await eventually(async () => expect(await storedUpload(uploadURL)).toBeNull(), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });

    const shown = await user.client.get(`/api/announcements/${created.body.id}`);
    expect(shown.body.imageUrls).toEqual(photos);
    for (const path of photos) {
      const res = await fetch(new URL(path, platform.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
    }
  });
});
