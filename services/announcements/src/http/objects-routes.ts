import { pipeline } from 'node:stream/promises';
import type { Express, Response } from 'express';
import { PHOTO_ENDPOINTS } from '@tapinti/contracts/announcements-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createPhotos } from '../application/photos';

/** A refused upload's unread bytes are not read: the connection must not be reused after the answer. */
async function closingOnRefusal<T>(req: { complete: boolean }, res: Response, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (!req.complete) res.setHeader('Connection', 'close');
    throw err;
  }
}

/** parse → use case → answer; the contracts in `PHOTO_ENDPOINTS` parse and serialise. */
export function objectsRoutes(app: Express, context: ServiceContext): void {
  const photos = createPhotos(context);
  mountEndpoints(app, PHOTO_ENDPOINTS, {
    uploadUrl: async ({ caller }) => photos.requestUploadUrl(caller),

    receiveUpload: async ({ params, req, res }) => {
      const contentType =
        typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : null;
      const uploadPath = req.originalUrl.split('?')[0]!;
      return closingOnRefusal(req, res, () =>
        photos.receiveUpload(uploadPath, params.token, req, contentType),
      );
    },

    normalizePath: async ({ body, caller }) => photos.normalize(caller, body.uploadURL),

    /** Public: photos are shown on public cards. Immutable once normalised. */
    photo: async ({ params, req, res }) => {
      const photo = await photos.photo(params.id);
      const etag = `"${params.id}"`;
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('ETag', etag);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (req.headers['if-none-match'] === etag) {
        res.status(304).end();
        return;
      }
      const body = await photo.read();
      res.setHeader('Content-Type', photo.contentType);
      res.setHeader('Content-Disposition', 'inline');
      res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      if (photo.size !== null) res.setHeader('Content-Length', String(photo.size));
      await pipeline(body, res);
    },
  });
}
