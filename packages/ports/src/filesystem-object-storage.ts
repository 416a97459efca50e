import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  constants,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat as statFile,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, PayloadTooLargeError } from '@tapinti/platform/errors';
import type { ObjectStorage } from './object-storage';
import { assertValidObjectKey, isValidObjectKey, objectNotFound } from './object-keys';

export interface FilesystemObjectStorageOptions {
  dir: string;
  /** Signs upload tokens (a key for this purpose only is derived from it). */
  signingSecret: string;
  /** Upload URLs are `<uploadPathPrefix><token>`, served by this application. */
  uploadPathPrefix: string;
}

interface UploadClaims {
  /** key */
  k: string;
  /** expiry, epoch seconds */
  e: number;
  /** max bytes */
  m: number;
  /** the only Content-Type the PUT may declare */
  t: string;
}

const invalidToken = () => new AppError(403, 'Yükləmə linki etibarsızdır və ya vaxtı bitib');
const notTheTypeSigned = () =>
  new AppError(415, 'Yalnız şəkil faylları (JPEG, PNG, WebP, GIF) yükləmək olar');
const tooLarge = () => new PayloadTooLargeError('Şəkil 10 MB-dan böyük ola bilməz');
const isNotFound = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Objects as files under `dir` (embedded mode). Uploads come through the application: the upload
 * URL carries an HMAC-signed token with the key, the expiry and the size limit; the body is
 * streamed to a temporary file, cut off once it exceeds the limit, and renamed into place.
 * The content type lives in a sidecar `<key>.meta.json`.
 */
export function createFilesystemObjectStorage(options: FilesystemObjectStorageOptions): ObjectStorage {
  const root = path.resolve(options.dir);
  const tmpDir = path.join(root, '.tmp');
  const prefix = options.uploadPathPrefix;
  const signingKey = createHmac('sha256', options.signingSecret)
    .update('tapinti object upload url v1')
    .digest();

  const sign = (payload: string) => createHmac('sha256', signingKey).update(payload).digest('base64url');

  function issue(claims: UploadClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  }

  /** The claims of a token this storage signed, or null; expiry checked only when asked. */
  function verify(token: string, checkExpiry: boolean): UploadClaims | null {
    const parts = token.split('.');
    if (parts.length !== 2) return null;
    const [payload, signature] = parts as [string, string];
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: UploadClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadClaims;
    } catch {
      return null;
    }
    if (typeof claims?.k !== 'string' || !isValidObjectKey(claims.k)) return null;
    if (!Number.isFinite(claims.e) || !Number.isFinite(claims.m) || typeof claims.t !== 'string') return null;
    if (checkExpiry && claims.e * 1000 <= Date.now()) return null;
    return claims;
  }

  const fileOf = (key: string) => {
    assertValidObjectKey(key);
    return path.join(root, ...key.split('/'));
  };
  const metaOf = (key: string) => `${fileOf(key)}.meta.json`;

  async function tempFile() {
    await mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, `${randomUUID()}.part`);
  }

  /** Writes then renames, so readers never see a half-written file. */
  async function writeAtomically(file: string, data: Buffer | string) {
    const tmp = await tempFile();
    try {
      await writeFile(tmp, data, { flag: 'wx' });
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
  }

  async function writeMeta(key: string, contentType: string | null) {
    await writeAtomically(metaOf(key), JSON.stringify({ contentType }));
  }

  async function stat(key: string) {
    let size: number;
    try {
      const found = await statFile(fileOf(key));
      if (!found.isFile()) return null;
      size = found.size;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
    let contentType: string | null = null;
    try {
      contentType =
        (JSON.parse(await readFile(metaOf(key), 'utf8')) as { contentType?: string | null }).contentType ??
        null;
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    return { size, contentType };
  }

  return {
    async createUploadUrl(key, { expiresSeconds, maxBytes, contentType }) {
      assertValidObjectKey(key);
      const expiry = Math.floor(Date.now() / 1000) + expiresSeconds;
      return `${prefix}${issue({ k: key, e: expiry, m: maxBytes, t: contentType })}`;
    },

    async receiveUpload(token: string, body: Readable, contentType: string | null) {
      const claims = verify(token, true);
      if (!claims) throw invalidToken();
      // As S3 holds a presigned PUT to its signed Content-Type: exactly the type asked for.
      if (contentType?.trim().toLowerCase() !== claims.t) throw notTheTypeSigned();
      const key = claims.k;
      const file = fileOf(key);
      const tmp = await tempFile();
      let received = 0;
      // Reading stops at the first byte over the limit; the request itself is not destroyed, so
      // the HTTP layer can still answer 413 (node discards the rest of the body).
      async function* limited() {
        for await (const chunk of body.iterator({ destroyOnReturn: false })) {
          const bytes: Buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
          received += bytes.length;
          if (received > claims!.m) throw tooLarge();
          yield bytes;
        }
      }
      try {
        await pipeline(limited, createWriteStream(tmp, { flags: 'wx' }));
        await writeMeta(key, contentType);
        await mkdir(path.dirname(file), { recursive: true });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      return key;
    },

    keyOfUploadUrl(uploadUrl) {
      let pathname: string;
      try {
        // A relative URL resolves against the dummy base; an absolute one keeps its own origin.
        pathname = new URL(uploadUrl, 'http://relative.invalid').pathname;
      } catch {
        return null;
      }
      if (!pathname.startsWith(prefix)) return null;
      return verify(pathname.slice(prefix.length), false)?.k ?? null;
    },

    async put(key, body, contentType) {
      const file = fileOf(key);
      await writeMeta(key, contentType);
      await writeAtomically(file, body);
    },

    stat,

    async readStart(key, length) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (err) {
        if (isNotFound(err)) throw objectNotFound();
        throw err;
      }
      try {
        const buffer = Buffer.alloc(Math.max(0, length));
        let filled = 0;
        while (filled < buffer.length) {
          const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
          if (bytesRead === 0) break;
          filled += bytesRead;
        }
        return buffer.subarray(0, filled);
      } finally {
        await handle.close();
      }
    },

    async read(key) {
      const file = fileOf(key);
      if (!(await stat(key))) throw objectNotFound();
      return createReadStream(file);
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
      await rm(metaOf(key), { force: true });
    },

    async ping() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
