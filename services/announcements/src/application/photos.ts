import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  MAX_PENDING_UPLOAD_BYTES,
  MAX_PHOTO_BYTES,
  type PhotoContentType,
  PHOTO_MESSAGES,
} from '@tapinti/contracts/announcements-api';
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
  mediumKeyOf,
  OBJECT_ID,
  objectIdOfPath,
  objectPathOf,
  pendingBytesOf,
  photoKeyOf,
  photoProblem,
  sniffImageType,
  thumbnailKeyOf,
  uploadKeyOf,
  type ImageType,
} from '../domain/photo';
import {
  countUploadsSince,
  deleteUpload,
  expiredPendingUploads,
  findUpload,
  markExpired,
  markReady,
  markRejected,
  pendingUploadsOf,
  recordUpload,
  type Upload,
} from '../store/uploads-store';
import { encodeMedium, encodePhoto, UnusableImageError } from './photo-encoding';

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

const EXPIRED_PAGE = 100;

/**
 * Photos. The browser asks for an upload URL, PUTs the file there (S3 presigned URL, or this
 * service in embedded mode), then asks to normalise it: the bytes are checked (owner, size,
 * magic numbers), re-encoded without their metadata (`encodePhoto`) and kept under `photos/<id>`
 * with a thumbnail under `thumbnails/<id>` and a screen-sized copy under `medium/<id>`, which no
 * upload URL can overwrite; the upload itself is removed. `/objects/<id>` (and its `/thumbnail` and
 * `/medium`) then serve them, publicly. Uploads
 * never normalised are deleted once their URL expired (`deleteExpiredUploads`), and what one
 * user's pending uploads may hold is capped (`MAX_PENDING_UPLOAD_BYTES`).
 */
export function createPhotos(context: ServiceContext) {
  const { knex, storage, logger } = context;
  const urlTtlSeconds = context.config.UPLOAD_URL_TTL_SECONDS;
  /** Photos kept before re-encoding, being re-encoded now (one run per photo in this process). */
  const upgrading = new Map<string, Promise<Upload | null>>();
  /** Screen-sized copies of photos kept before there were any, being made now (one run per photo). */
  const makingMedium = new Map<string, Promise<number>>();

  /** What a user's pending uploads hold now, or may still receive (see `pendingBytesOf`). */
  async function pendingBytesOfUser(
    userId: string,
    now: Date,
  ): Promise<{ bytes: number; retryAfter: number }> {
    const pending = await pendingUploadsOf(knex, userId);
    const counted = await Promise.all(
      pending.map(async (u) => ({
        expiresAt: u.expiresAt ?? now,
        storedBytes: (await storage.stat(uploadKeyOf(u.id)))?.size ?? 0,
      })),
    );
    // The earliest expiry frees room once the job has run after it.
    const earliest = Math.min(...counted.map((u) => u.expiresAt.getTime()), now.getTime());
    const sweepSeconds = Math.ceil(context.config.PENDING_UPLOADS_SWEEP_EVERY_MS / 1000);
    const retryAfter = Math.max(1, Math.ceil((earliest - now.getTime()) / 1000)) + sweepSeconds;
    return { bytes: pendingBytesOf(counted, now), retryAfter };
  }

  /** Re-encodes `bytes` and keeps photo and thumbnail; throws `UnusableImageError`. */
  async function keep(objectId: string, bytes: Buffer, uploadedType: ImageType) {
    const encoded = await encodePhoto(bytes, uploadedType);
    await storage.put(thumbnailKeyOf(objectId), encoded.thumbnail.bytes, encoded.thumbnail.contentType);
    await storage.put(mediumKeyOf(objectId), encoded.medium.bytes, encoded.medium.contentType);
    await storage.put(photoKeyOf(objectId), encoded.photo.bytes, encoded.photo.contentType);
    await markReady(
      knex,
      objectId,
      {
        contentType: encoded.photo.contentType,
        size: encoded.photo.bytes.length,
        thumbnailSize: encoded.thumbnail.bytes.length,
      },
      context.clock(),
    );
  }

  /**
   * A photo kept before photos were re-encoded still has its metadata and no thumbnail: it is
   * re-encoded the first time it is asked for. Null when it cannot be (it is then not served).
   */
  async function upgraded(upload: Upload): Promise<Upload | null> {
    if (upload.thumbnailSize !== null) return upload;
    let running = upgrading.get(upload.id);
    if (!running) {
      running = (async () => {
        try {
          const key = photoKeyOf(upload.id);
          const bytes = await readAtMost(await storage.read(key), MAX_PHOTO_BYTES);
          const type = bytes === 'too-large' ? null : sniffImageType(bytes);
          if (bytes === 'too-large' || !type) return null;
          await keep(upload.id, bytes, type);
          return findUpload(knex, upload.id);
        } catch (err) {
          logger.warn(
            { err, objectId: upload.id },
            'a photo kept before re-encoding could not be re-encoded',
          );
          return null;
        } finally {
          upgrading.delete(upload.id);
        }
      })();
      upgrading.set(upload.id, running);
    }
    return running;
  }

  /**
   * The size of a ready photo's screen-sized copy; a photo kept before copies were made gets one
   * the first time it is asked for (from the kept, already re-encoded photo).
   */
  async function mediumSize(id: string): Promise<number> {
    const stored = await storage.stat(mediumKeyOf(id));
    if (stored) return stored.size;
    let running = makingMedium.get(id);
    if (!running) {
      running = (async () => {
        try {
          const kept = await readAtMost(await storage.read(photoKeyOf(id)), MAX_PHOTO_BYTES);
          if (kept === 'too-large') throw new Error(`kept photo ${id} is over the photo limit`);
          const medium = await encodeMedium(kept);
          await storage.put(mediumKeyOf(id), medium.bytes, medium.contentType);
          return medium.bytes.length;
        } finally {
          makingMedium.delete(id);
        }
      })();
      makingMedium.set(id, running);
    }
    return running;
  }

  /** A ready photo (re-encoded), or 404. */
  async function readyPhoto(id: string): Promise<Upload> {
    const found = OBJECT_ID.test(id) ? await findUpload(knex, id) : null;
    const upload = found?.status === 'ready' && found.contentType ? await upgraded(found) : null;
    if (!upload?.contentType) throw new NotFoundError(PHOTO_MESSAGES.notFound);
    return upload;
  }

  /** The object id an upload URL (or an already normalised `/objects/<id>` path) stands for. */
  function objectIdOf(uploadURL: string): string | null {
    const fromPath = objectIdOfPath(uploadURL);
    if (fromPath) return fromPath;
    const key = storage.keyOfUploadUrl(uploadURL);
    const match = key ? /^uploads\/(.+)$/.exec(key) : null;
    return match && OBJECT_ID.test(match[1]!) ? match[1]! : null;
  }

  return {
    /**
     * A URL to PUT one photo to, at most `UPLOADS_PER_HOUR` an hour per user, and only while the
     * user's pending uploads (this one counted) stay within `MAX_PENDING_UPLOAD_BYTES`.
     */
    async requestUploadUrl(caller: Caller, contentType: PhotoContentType): Promise<{ uploadURL: string }> {
      const now = context.clock();
      const since = new Date(now.getTime() - 3600_000);
      if ((await countUploadsSince(knex, caller.userId, since)) >= UPLOADS_PER_HOUR) {
        throw new TooManyRequestsError(undefined, 600);
      }
      const id = randomUUID();
      const expiresAt = new Date(now.getTime() + urlTtlSeconds * 1000);
      // Recorded first, then counted: two requests at once cannot both pass the cap.
      await recordUpload(knex, id, caller.userId, now, expiresAt);
      const pending = await pendingBytesOfUser(caller.userId, now);
      if (pending.bytes > MAX_PENDING_UPLOAD_BYTES) {
        await deleteUpload(knex, id);
        throw new TooManyRequestsError(PHOTO_MESSAGES.pendingLimit, pending.retryAfter);
      }
      const uploadURL = await storage.createUploadUrl(uploadKeyOf(id), {
        expiresSeconds: urlTtlSeconds,
        maxBytes: MAX_PHOTO_BYTES,
        contentType,
      });
      return { uploadURL };
    },

    /**
     * Filesystem storage: the bytes PUT to an upload URL (the filesystem adapter checks the signed
     * token), only while that upload waits for them: a checked (or refused) one takes no more.
     */
    async receiveUpload(uploadPath: string, token: string, body: Readable, contentType: string | null) {
      if (!storage.receiveUpload) throw new NotFoundError('Belə ünvan yoxdur');
      const objectId = objectIdOf(uploadPath);
      const upload = objectId ? await findUpload(knex, objectId) : null;
      if (!upload || upload.status !== 'pending') throw new AppError(403, PHOTO_MESSAGES.uploadLinkInvalid);
      // The storage refuses (415) a declared type other than the photo type the URL was asked for.
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
      if (upload.status !== 'pending') throw new ValidationError(PHOTO_MESSAGES.notFound, 'uploadURL');

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
      try {
        await keep(objectId, bytes, sniffImageType(bytes)!);
      } catch (err) {
        if (!(err instanceof UnusableImageError)) throw err;
        await refuse(
          err.reason === 'tooManyPixels'
            ? new PayloadTooLargeError(PHOTO_MESSAGES.tooManyPixels)
            : new ValidationError(PHOTO_MESSAGES.notImage, 'uploadURL'),
        );
      }
      await storage
        .remove(uploadKey)
        .catch((err) => logger.warn({ err, uploadKey }, 'could not remove a normalised upload'));
      return { normalizedPath: objectPathOf(objectId) };
    },

    /** A kept photo: its type, size and (on demand) bytes; 404 for anything else. */
    async photo(id: string) {
      const upload = await readyPhoto(id);
      return {
        contentType: upload.contentType!,
        size: upload.size,
        read: () => storage.read(photoKeyOf(id)),
      };
    },

    /** A kept photo's thumbnail (WebP); 404 for anything else. */
    async thumbnail(id: string) {
      const upload = await readyPhoto(id);
      return {
        contentType: 'image/webp',
        size: upload.thumbnailSize,
        read: () => storage.read(thumbnailKeyOf(id)),
      };
    },

    /** A kept photo's screen-sized copy (WebP, `PHOTO_MEDIUM_WIDTH` wide at most); 404 for anything else. */
    async medium(id: string) {
      await readyPhoto(id);
      return {
        contentType: 'image/webp',
        size: await mediumSize(id),
        read: () => storage.read(mediumKeyOf(id)),
      };
    },

    /**
     * Deletes the bytes of uploads whose URL expired before they were normalised (the expiry
     * job). The bytes go first, so a failed removal is tried again by the next run; removing an
     * upload key is harmless even to one normalised meanwhile (it is kept elsewhere by then).
     */
    async deleteExpiredUploads(): Promise<number> {
      let deleted = 0;
      for (;;) {
        const page = await expiredPendingUploads(knex, context.clock(), EXPIRED_PAGE);
        for (const upload of page) {
          await storage.remove(uploadKeyOf(upload.id));
          if (await markExpired(knex, upload.id)) deleted += 1;
        }
        if (page.length < EXPIRED_PAGE) return deleted;
      }
    },
  };
}
export type Photos = ReturnType<typeof createPhotos>;
