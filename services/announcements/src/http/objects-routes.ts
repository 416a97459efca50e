import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Express, Request } from 'express';
import {
  MAX_PHOTO_BYTES,
  normalizePathRequestSchema,
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
import { callerOf, requireCaller } from '@tapinti/platform/session';
import { parseInput } from '@tapinti/platform/validation';
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

const UPLOAD_LINK_INVALID = 'Yükləmə linki etibarsızdır və ya vaxtı bitib';

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
export function objectsRoutes(app: Express, context: ServiceContext): void {
  const { knex, storage, logger } = context;

  app.post('/api/objects/upload', requireCaller, async (req, res) => {
    const caller = callerOf(req);
    const now = context.clock();
    if (
      (await countUploadsSince(knex, caller.userId, new Date(now.getTime() - 3600_000))) >= UPLOADS_PER_HOUR
    ) {
      throw new TooManyRequestsError(undefined, 600);
    }
    const id = randomUUID();
    const uploadURL = await storage.createUploadUrl(uploadKeyOf(id), {
      expiresSeconds: UPLOAD_URL_TTL_SECONDS,
      maxBytes: MAX_PHOTO_BYTES,
    });
    await recordUpload(knex, id, caller.userId, now);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ uploadURL });
  });

  // Embedded mode: upload URLs point here and the filesystem adapter checks the signed token.
  app.put('/api/objects/uploads/:token', async (req: Request<{ token: string }>, res) => {
    if (!storage.receiveUpload) throw new NotFoundError('Belə ünvan yoxdur');
    // Only while the upload waits for its bytes: a checked (or refused) one takes no more.
    const objectId = objectIdOf(req.originalUrl.split('?')[0]!);
    const upload = objectId ? await findUpload(knex, objectId) : null;
    if (!upload || upload.status !== 'pending') {
      if (!req.complete) res.setHeader('Connection', 'close');
      throw new AppError(403, UPLOAD_LINK_INVALID);
    }
    const contentType = typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : null;
    try {
      await storage.receiveUpload(req.params.token, req, contentType);
    } catch (err) {
      // The rest of a refused body is not read: the connection must not be reused after this answer.
      if (!req.complete) res.setHeader('Connection', 'close');
      throw err;
    }
    res.status(200).json({ ok: true });
  });

  app.post('/api/objects/normalize-path', requireCaller, async (req, res) => {
    const caller = callerOf(req);
    const { uploadURL } = parseInput(normalizePathRequestSchema, req.body);
    const objectId = objectIdOf(uploadURL);
    if (!objectId) throw new ValidationError(PHOTO_MESSAGES.normalizeFailed, 'uploadURL');
    const upload = await findUpload(knex, objectId);
    if (!upload) throw new NotFoundError(PHOTO_MESSAGES.notFound);
    if (upload.userId !== caller.userId) throw new ForbiddenError(PHOTO_MESSAGES.notYours);
    res.setHeader('Cache-Control', 'no-store');
    if (upload.status === 'ready') {
      res.json({ normalizedPath: objectPathOf(objectId) });
      return;
    }
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
    if (bytes === 'too-large') return void (await refuse(new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge)));
    const problem = photoProblem(bytes.length, bytes);
    if (problem === 'tooLarge') await refuse(new PayloadTooLargeError(PHOTO_MESSAGES.tooLarge));
    if (problem) await refuse(new ValidationError(PHOTO_MESSAGES.notImage, 'uploadURL'));
    const contentType = sniffImageType(bytes)!;
    await storage.put(photoKeyOf(objectId), bytes, contentType);
    await markReady(knex, objectId, contentType, bytes.length, context.clock());
    await storage
      .remove(uploadKey)
      .catch((err) => logger.warn({ err, uploadKey }, 'could not remove a normalised upload'));
    res.json({ normalizedPath: objectPathOf(objectId) });
  });

  /** Public: photos are shown on public cards. Immutable once normalised. */
  app.get('/objects/:id', async (req: Request<{ id: string }>, res) => {
    const id = req.params.id;
    const upload = OBJECT_ID.test(id) ? await findUpload(knex, id) : null;
    if (!upload || upload.status !== 'ready' || !upload.contentType)
      throw new NotFoundError(PHOTO_MESSAGES.notFound);
    const etag = `"${id}"`;
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const body = await storage.read(photoKeyOf(id));
    res.setHeader('Content-Type', upload.contentType);
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (upload.size !== null) res.setHeader('Content-Length', String(upload.size));
    await pipeline(body, res);
  });

  /** The object id an upload URL (or an already normalised `/objects/<id>` path) stands for. */
  function objectIdOf(uploadURL: string): string | null {
    const fromPath = objectIdOfPath(uploadURL);
    if (fromPath) return fromPath;
    const key = storage.keyOfUploadUrl(uploadURL);
    const match = key ? /^uploads\/(.+)$/.exec(key) : null;
    return match && OBJECT_ID.test(match[1]!) ? match[1]! : null;
  }
}
