import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { MAX_PHOTO_BYTES, PHOTO_MESSAGES } from '@tapinti/contracts/announcements-api';
import {
  AppError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  ValidationError,
} from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import {
  OBJECT_ID,
  objectIdOfPath,
  objectPathOf,
  photoKeyOf,
  photoProblem,
  sniffImageType,
  uploadKeyOf,
} from '../domain/photo';
import { countUploadsSince, findUpload, markReady, markRejected, recordUpload } from '../store/uploads-store';

/** How long an upload URL works. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** Upload URLs one user may ask for per hour. */
export const UPLOADS_PER_HOUR = 60;

async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > maxBytes) {
      stream.destroy();
      return 'too-large';
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Photos. The browser asks for an upload URL, PUTs the file there (S3 presigned URL, or this
 * service in embedded mode), then asks to normalise it: the bytes are checked (owner, size,
 * magic numbers) and copied to `photos/<id>`, which no upload URL can overwrite; the upload
 * itself is removed. `/objects/<id>` then serves the checked bytes, publicly.
 */
export function createPhotos(context: ServiceContext) {
  const { knex, storage, logger } = context;

  /** The object id an upload URL (or an already normalised `/objects/<id>` path) stands for. */
  function objectIdOf(uploadURL: string): string | null {
    const fromPath = objectIdOfPath(uploadURL);
    if (fromPath) return fromPath;
    const key = storage.keyOfUploadUrl(uploadURL);
    const match = key ? /^uploads\/(.+)$/.exec(key) : null;
    return match && OBJECT_ID.test(match[1]!) ? match[1]! : null;
  }

  return {
    /** A URL to PUT one photo to, at most `UPLOADS_PER_HOUR` an hour per user. */
    async requestUploadUrl(caller: Caller): Promise<{ uploadURL: string }> {
      const now = context.clock();
      const since = new Date(now.getTime() - 3600_000);
      if ((await countUploadsSince(knex, caller.userId, since)) >= UPLOADS_PER_HOUR) {
        throw new TooManyRequestsError(undefined, 600);
      }
      const id = randomUUID();
      const uploadURL = await storage.createUploadUrl(uploadKeyOf(id), {
        expiresSeconds: UPLOAD_URL_TTL_SECONDS,
        maxBytes: MAX_PHOTO_BYTES,
      });
      await recordUpload(knex, id, caller.userId, now);
      return { uploadURL };
    },

    /**
     * Embedded mode: the bytes PUT to an upload URL (the filesystem adapter checks the signed
     * token), only while that upload waits for them: a checked (or refused) one takes no more.
     */
    async receiveUpload(uploadPath: string, token: string, body: Readable, contentType: string | null) {
      if (!storage.receiveUpload) throw new NotFoundError('Belə ünvan yoxdur');
      const objectId = objectIdOf(uploadPath);
      const upload = objectId ? await findUpload(knex, objectId) : null;
      if (!upload || upload.status !== 'pending') throw new AppError(403, PHOTO_MESSAGES.uploadLinkInvalid);
      await storage.receiveUpload(token, body, contentType);
      return { ok: true as const };
    },

    /** Checks the caller's upload and keeps it as a photo: its `/objects/<id>` path. */
    async normalize(caller: Caller, uploadURL: string): Promise<{ normalizedPath: string }> {
      const objectId = objectIdOf(uploadURL);
      if (!objectId) throw new ValidationError(PHOTO_MESSAGES.normalizeFailed, 'uploadURL');
      const upload = await findUpload(knex, objectId);
      if (!upload) throw new NotFoundError(PHOTO_MESSAGES.notFound);
      if (upload.userId !== caller.userId) throw new ForbiddenError(PHOTO_MESSAGES.notYours);
      if (upload.status === 'ready') return { normalizedPath: objectPathOf(objectId) };
      if (upload.status === 'rejected') throw new ValidationError(PHOTO_MESSAGES.notFound, 'uploadURL');

      const uploadKey = uploadKeyOf(objectId);
      const refuse = async (error: Error): Promise<never> => {
        await storage
          .remove(uploadKey)
          .catch((err) => logger.warn({ err, uploadKey }, 'could not remove a refused upload'));
        await markRejected(knex, objectId, context.clock());
        throw error;
      };
      const stored = await storage.stat(uploadKey);
      if (!stored) throw new ValidationError(PHOTO_MESSAGES.notFound, 'uploadURL');
      if (stored.size > MAX_PHOTO_BYTES) await refuse(new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge));
      if (!sniffImageType(await storage.readStart(uploadKey, 16)))
        await refuse(new ValidationError(PHOTO_MESSAGES.notImage, 'uploadURL'));

      // Check the very bytes that are kept (the upload URL may still be written to meanwhile).
      const bytes = await readAtMost(await storage.read(uploadKey), MAX_PHOTO_BYTES);
      if (bytes === 'too-large') return refuse(new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge));
      const problem = photoProblem(bytes.length, bytes);
      if (problem === 'tooLarge') await refuse(new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge));
      if (problem) await refuse(new ValidationError(PHOTO_MESSAGES.notImage, 'uploadURL'));
      const contentType = sniffImageType(bytes)!;
      await storage.put(photoKeyOf(objectId), bytes, contentType);
      await markReady(knex, objectId, contentType, bytes.length, context.clock());
      await storage
        .remove(uploadKey)
        .catch((err) => logger.warn({ err, uploadKey }, 'could not remove a normalised upload'));
      return { normalizedPath: objectPathOf(objectId) };
    },

    /** A checked photo: its type, size and (on demand) bytes; 404 for anything else. */
    async photo(id: string) {
      const upload = OBJECT_ID.test(id) ? await findUpload(knex, id) : null;
      if (!upload || upload.status !== 'ready' || !upload.contentType)
        throw new NotFoundError(PHOTO_MESSAGES.notFound);
      return {
        contentType: upload.contentType,
        size: upload.size,
        read: () => storage.read(photoKeyOf(id)),
      };
    },
  };
}
export type Photos = ReturnType<typeof createPhotos>;
