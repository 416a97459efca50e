import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { sharedConfigSchema } from '@tapinti/platform/config';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createFilesystemObjectStorage } from '@tapinti/ports/filesystem-object-storage';
import type { ObjectStorage } from '@tapinti/ports/object-storage';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { metadataOf, phoneJpeg } from '../../../../test/support/photo-fixtures';
import { readModelsMigration } from '../../migrations/001-read-models';
import { securityQuestionsMigration } from '../../migrations/002-security-questions';
import { photoNormalisationMigration } from '../../migrations/003-photo-normalisation';
import { createPhotos } from '../../src/application/photos';
import { mediumKeyOf, photoKeyOf } from '../../src/domain/photo';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('photos on PGlite and files', () => {
  let knex: Knex;
  let storage: ObjectStorage;
  let now = new Date('2026-03-01T10:00:00Z');
  let photos: ReturnType<typeof createPhotos>;
  const caller = { userId: randomUUID(), role: 'user' } as never;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ann-photos-'));
    knex = await createKnex({ driver: 'pglite', dataDir: path.join(dir, 'db') });
    await migrateSchema(knex, 'announcements', [
      readModelsMigration,
      securityQuestionsMigration,
      photoNormalisationMigration,
    ]);
    storage = createFilesystemObjectStorage({
      dir: path.join(dir, 'objects'),
      signingSecret: 'x'.repeat(32),
      uploadPathPrefix: '/api/objects/uploads/',
    });
    const config = sharedConfigSchema.parse({ JWT_SECRET: 'x'.repeat(32) });
    photos = createPhotos({
      knex,
      storage,
      logger: createLogger('test', 'silent'),
      clock: () => now,
      config,
    } as unknown as ServiceContext);
  }, 60_000);
  afterAll(async () => {
    await knex.destroy();
  });

  /** A ready photo as an earlier version kept it (`thumbnailSize` null: before re-encoding existed). */
  async function keptJpeg(bytes: Buffer, thumbnailSize: number | null): Promise<string> {
    const id = randomUUID();
    await storage.put(photoKeyOf(id), bytes, 'image/jpeg');
    await knex('announcements.uploads').insert({
      id,
      user_id: randomUUID(),
      status: 'ready',
      content_type: 'image/jpeg',
      size: bytes.length,
      thumbnail_size: thumbnailSize,
      created_at: now,
    });
    return id;
  }

  it('re-encodes a photo kept before re-encoding existed when it is first asked for (metadata gone, thumbnail made)', async () => {
    const id = await keptJpeg(await phoneJpeg(600, 400), null);

    const thumbnail = await photos.thumbnail(id);
    expect(await metadataOf(await bytesOf(await thumbnail.read()))).toMatchObject({
      format: 'webp',
      width: 480,
      height: 300,
      exif: undefined,
    });
    const photo = await photos.photo(id);
    const served = await bytesOf(await photo.read());
    expect(photo.size).toBe(served.length);
    expect(await metadataOf(served)).toMatchObject({
      width: 400,
      height: 600,
      exif: undefined,
      xmp: undefined,
    });
  });

  it("makes a re-encoded photo's screen-sized copy when it is first asked for, if it was kept before copies existed", async () => {
    // Re-encoded and with its thumbnail, but no screen-sized copy yet.
    const id = await keptJpeg(
      await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#2563eb' } })
        .jpeg()
        .toBuffer(),
      1,
    );

    const asked = await Promise.all([photos.medium(id), photos.medium(id)]);
    const bytes = await bytesOf(await asked[0].read());
    expect(asked.map((m) => m.size)).toEqual([bytes.length, bytes.length]);
    expect(asked[0].contentType).toBe('image/webp');
    expect(await metadataOf(bytes)).toMatchObject({
      format: 'webp',
      width: 960,
      height: 1280,
      exif: undefined,
    });
    expect((await storage.stat(mediumKeyOf(id)))?.size).toBe(bytes.length);
  });

  it('deletes the bytes of pending uploads whose URL expired, and only those', async () => {
    const expiring = await photos.requestUploadUrl(caller, 'image/png');
    now = new Date(now.getTime() + 10 * 60_000);
    const open = await photos.requestUploadUrl(caller, 'image/png');
    for (const { uploadURL } of [expiring, open]) {
      const key = storage.keyOfUploadUrl(uploadURL)!;
      await storage.put(key, Buffer.from('bytes'), 'image/png');
    }
    // Past the first URL's 15 minutes, not the second's.
    now = new Date(now.getTime() + 6 * 60_000);
    expect(await photos.deleteExpiredUploads()).toBe(1);
    expect(await storage.stat(storage.keyOfUploadUrl(expiring.uploadURL)!)).toBeNull();
    expect(await storage.stat(storage.keyOfUploadUrl(open.uploadURL)!)).not.toBeNull();
    expect(await photos.deleteExpiredUploads()).toBe(0);
    const expiredId = storage.keyOfUploadUrl(expiring.uploadURL)!.slice('uploads/'.length);
    expect((await knex('announcements.uploads').where({ id: expiredId }).first()).status).toBe('expired');
  });
});
