import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError, PayloadTooLargeError } from '@tapinti/platform/errors';
import { createFilesystemObjectStorage } from '../../src/filesystem-object-storage';
import type { ObjectStorage } from '../../src/object-storage';
import { createS3ObjectStorage } from '../../src/s3-object-storage';

const UPLOAD_PREFIX = '/api/objects/uploads/';
const s3 = {
  endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:7070',
  accessKey: process.env.S3_ACCESS_KEY ?? 'tapinti',
  secretKey: process.env.S3_SECRET_KEY ?? 'tapinti-secret',
  bucket: process.env.S3_BUCKET ?? 'tapinti-objects',
  region: process.env.S3_REGION ?? 'us-east-1',
};
const runId = `contract-${Date.now()}-${randomBytes(3).toString('hex')}`;

interface Subject {
  storage: ObjectStorage;
  /** Sends the bytes the way a browser would, to a URL from `createUploadUrl`. */
  upload(url: string, body: Buffer, contentType: string): Promise<void>;
  /** A URL of the same shape that this storage must not claim. */
  foreignUrls(ownUrl: string): string[];
  cleanup(): Promise<void>;
}

/** `other` signs with another secret: its tokens are well formed, but not ours. */
async function filesystemSubject(): Promise<Subject & { dir: string; other: ObjectStorage }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tapinti-objects-'));
  const storage = createFilesystemObjectStorage({
    dir,
    signingSecret: 'contract-secret',
    uploadPathPrefix: UPLOAD_PREFIX,
  });
  const other = createFilesystemObjectStorage({
    dir,
    signingSecret: 'someone-else',
    uploadPathPrefix: UPLOAD_PREFIX,
  });
  return {
    dir,
    storage,
    other,
    async upload(url, body, contentType) {
      expect(url.startsWith(UPLOAD_PREFIX)).toBe(true);
      await storage.receiveUpload!(url.slice(UPLOAD_PREFIX.length), Readable.from([body]), contentType);
    },
    foreignUrls: (ownUrl) => {
      const token = ownUrl.slice(UPLOAD_PREFIX.length);
      const [payload, signature] = token.split('.') as [string, string];
      return [
        'https://evil.example/uploads/abc',
        `/api/other/${token}`,
        `${UPLOAD_PREFIX}${payload}.${signature.slice(0, -2)}xx`,
        `${UPLOAD_PREFIX}${payload}`,
        `${UPLOAD_PREFIX}not-a-token`,
      ];
    },
    async cleanup() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function s3Subject(): Promise<Subject> {
  const storage = createS3ObjectStorage(s3);
  return {
    storage,
    async upload(url, body, contentType) {
      const response = await fetch(url, { method: 'PUT', body, headers: { 'Content-Type': contentType } });
      expect(response.status).toBe(200);
    },
    foreignUrls: (ownUrl) => {
      const url = new URL(ownUrl);
      return [
        'https://evil.example/tapinti-objects/photos/abc',
        `http://127.0.0.2:7070${url.pathname}${url.search}`,
        `${url.origin}/other-bucket/photos/abc${url.search}`,
        'not a url',
      ];
    },
    async cleanup() {},
  };
}

const adapters: Array<[string, () => Promise<Subject>]> = [
  ['filesystem', filesystemSubject],
  ['s3', s3Subject],
];

describe.each(adapters)('%s object storage', (_adapter, make) => {
  let subject: Subject;
  let storage: ObjectStorage;
  const keys: string[] = [];
  const newKey = () => {
    const key = `${runId}/${randomUUID()}`;
    keys.push(key);
    return key;
  };

  beforeAll(async () => {
    subject = await make();
    storage = subject.storage;
  });
  afterAll(async () => {
    await Promise.allSettled(keys.map((key) => storage.remove(key)));
    await subject.cleanup();
  });

  test('ping answers', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  test('an upload URL round trip: PUT the bytes, then stat, readStart, read and remove', async () => {
    const key = newKey();
    const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(5000)]);
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 10 * 1024 * 1024,
      contentType: 'image/png',
    });
    expect(storage.keyOfUploadUrl(url)).toBe(key);

    await subject.upload(url, bytes, 'image/png');

    expect(await storage.stat(key)).toEqual({ size: bytes.length, contentType: 'image/png' });
    expect(await storage.readStart(key, 4)).toEqual(bytes.subarray(0, 4));
    expect(await storage.readStart(key, 1_000_000)).toEqual(bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);

    await storage.remove(key);
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  test('put stores bytes with their content type, and a second put replaces them', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('birinci'), 'text/plain');
    await storage.put(key, Buffer.from('ikinci şəkil'), 'image/jpeg');
    expect(await storage.stat(key)).toEqual({
      size: Buffer.byteLength('ikinci şəkil'),
      contentType: 'image/jpeg',
    });
    expect((await storage.readStart(key, 100)).toString('utf8')).toBe('ikinci şəkil');
  });

  test('a missing object: stat is null, reading it fails with 404', async () => {
    const key = `${runId}/missing-${randomUUID()}`;
    expect(await storage.stat(key)).toBeNull();
    await expect(storage.readStart(key, 10)).rejects.toMatchObject({ status: 404 });
    await expect(storage.read(key)).rejects.toMatchObject({ status: 404 });
  });

  test('keyOfUploadUrl returns the key for its own URLs and null for anyone else’s', async () => {
    const key = newKey();
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 1024,
      contentType: 'image/png',
    });
    expect(storage.keyOfUploadUrl(url)).toBe(key);
    for (const foreign of subject.foreignUrls(url))
      expect([foreign, storage.keyOfUploadUrl(foreign)]).toEqual([foreign, null]);
  });

  test('keys that are not server-generated ids are refused', async () => {
    for (const key of ['../etc/passwd', '/absolute', 'a//b', 'with space', 'dots.jpg', ''])
      await expect(
        storage.createUploadUrl(key, { expiresSeconds: 60, maxBytes: 1024, contentType: 'image/png' }),
      ).rejects.toThrow();
  });
});

describe('filesystem object storage uploads', () => {
  let subject: Awaited<ReturnType<typeof filesystemSubject>>;
  let storage: ObjectStorage;
  beforeAll(async () => {
    subject = await filesystemSubject();
    storage = subject.storage;
  });
  afterAll(async () => {
    await subject.cleanup();
  });
  const tokenOf = (url: string) => url.slice(UPLOAD_PREFIX.length);

  test('an absolute URL on any host with the upload path is recognised', async () => {
    const key = `${runId}/${randomUUID()}`;
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 1024,
      contentType: 'image/png',
    });
    expect(storage.keyOfUploadUrl(`http://localhost:8080${url}`)).toBe(key);
  });

  test('a body over the limit is refused with 413 as soon as the limit is passed, leaving no file', async () => {
    const key = `${runId}/${randomUUID()}`;
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 100_000,
      contentType: 'image/png',
    });
    let produced = 0;
    // An endless body: the upload must stop reading soon after 100 kB, not at the end.
    const endless = new Readable({
      read() {
        produced += 16_384;
        this.push(Buffer.alloc(16_384, 1));
      },
    });
    const refused = storage.receiveUpload!(tokenOf(url), endless, 'image/png');
    await expect(refused).rejects.toBeInstanceOf(PayloadTooLargeError);
    await expect(refused).rejects.toMatchObject({ status: 413, message: 'Şəkil 10 MB-dan böyük ola bilməz' });
    expect(produced).toBeLessThan(1_000_000);
    expect(endless.destroyed).toBe(false);
    endless.destroy();
    expect(await storage.stat(key)).toBeNull();
    expect(await readdir(path.join(subject.dir, '.tmp'))).toEqual([]);
  });

  test('a body of exactly the limit is accepted', async () => {
    const key = `${runId}/${randomUUID()}`;
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 1000,
      contentType: 'image/png',
    });
    await storage.receiveUpload!(
      tokenOf(url),
      Readable.from([Buffer.alloc(600), Buffer.alloc(400)]),
      'image/png',
    );
    expect(await storage.stat(key)).toEqual({ size: 1000, contentType: 'image/png' });
  });

  test('a PUT declaring another type than the URL was made for (or none) is refused with 415, leaving no file', async () => {
    const key = `${runId}/${randomUUID()}`;
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 1024,
      contentType: 'image/png',
    });
    for (const declared of ['text/html', 'image/jpeg', 'image/png; charset=utf-8', null]) {
      const refused = storage.receiveUpload!(tokenOf(url), Readable.from([Buffer.from('x')]), declared);
      await expect(refused).rejects.toMatchObject({
        status: 415,
        message: 'Yalnız şəkil faylları (JPEG, PNG, WebP, GIF) yükləmək olar',
      });
    }
    expect(await storage.stat(key)).toBeNull();
  });

  test('an expired token is refused with 403, though its key is still recognised', async () => {
    const key = `${runId}/${randomUUID()}`;
    const url = await storage.createUploadUrl(key, {
      expiresSeconds: -1,
      maxBytes: 1024,
      contentType: 'image/png',
    });
    const refused = storage.receiveUpload!(tokenOf(url), Readable.from([Buffer.from('x')]), 'image/png');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({
      status: 403,
      message: 'Yükləmə linki etibarsızdır və ya vaxtı bitib',
    });
    expect(storage.keyOfUploadUrl(url)).toBe(key);
    expect(await storage.stat(key)).toBeNull();
  });

  test('a forged or tampered token is refused with 403', async () => {
    const key = `${runId}/${randomUUID()}`;
    const forged = await subject.other.createUploadUrl(key, {
      expiresSeconds: 60,
      maxBytes: 1024,
      contentType: 'image/png',
    });
    expect(storage.keyOfUploadUrl(forged)).toBeNull();
    const own = tokenOf(
      await storage.createUploadUrl(key, { expiresSeconds: 60, maxBytes: 1024, contentType: 'image/png' }),
    );
    const [payload, signature] = own.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { m: number };
    const raised = Buffer.from(JSON.stringify({ ...claims, m: 10 ** 9 })).toString('base64url');
    const retyped = Buffer.from(JSON.stringify({ ...claims, t: 'text/html' })).toString('base64url');
    for (const token of [tokenOf(forged), `${raised}.${signature}`, `${retyped}.${signature}`, 'garbage', ''])
      await expect(
        storage.receiveUpload!(token, Readable.from([Buffer.from('x')]), 'text/html'),
      ).rejects.toMatchObject({ status: 403 });
    expect(await storage.stat(key)).toBeNull();
  });
});

describe('s3 object storage with a public endpoint', () => {
  test('upload URLs are signed for the public host, and only those are recognised', async () => {
    const publicEndpoint = s3.endpoint.replace('127.0.0.1', 'localhost');
    const storage = createS3ObjectStorage({ ...s3, publicEndpoint });
    const key = `${runId}/${randomUUID()}`;
    try {
      const url = await storage.createUploadUrl(key, {
        expiresSeconds: 60,
        maxBytes: 1024,
        contentType: 'image/png',
      });
      expect(new URL(url).origin).toBe(new URL(publicEndpoint).origin);
      expect(storage.keyOfUploadUrl(url)).toBe(key);
      expect(storage.keyOfUploadUrl(url.replace('localhost', '127.0.0.1'))).toBeNull();
      const put = (contentType: string) =>
        fetch(url, { method: 'PUT', body: Buffer.from('salam'), headers: { 'Content-Type': contentType } });
      const refused = await put('text/html');
      expect([refused.status, await refused.text()]).toEqual([
        403,
        expect.stringContaining('SignatureDoesNotMatch'),
      ]);
      expect(await storage.stat(key)).toBeNull();
      expect((await put('image/png')).status).toBe(200);
      expect(await storage.stat(key)).toEqual({ size: 5, contentType: 'image/png' });
    } finally {
      await storage.remove(key);
    }
  });
});
