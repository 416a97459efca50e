import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Express, Request, Response } from 'express';
import {
  ANNOUNCEMENT_ENDPOINTS,
  encodeListCursor,
  PHOTO_ENDPOINTS,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
  type ListCursor,
} from '@tapinti/contracts/announcements-api';
import { BOARD_MAP_ENDPOINTS } from '@tapinti/contracts/board-map-api';
import { VENUE_CHECK_CANDIDATE_ENDPOINTS } from '@tapinti/contracts/venue-checks-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { deviceCookieOf } from '@tapinti/platform/device-cookie';
import type { AnswerCache } from '@tapinti/platform/answer-cache';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Announcements } from '../application/announcements';
import type { BoardMap } from '../application/board-map';
import type { createMatches } from '../application/matches';
import type { createModeration } from '../application/moderation';
import type { Photos } from '../application/photos';
import type { VenueCheckCandidatesUseCase } from '../application/venue-check-candidates';
import { moderationRoutes } from './moderation-routes';

/** The service's use cases, as its routes answer with them. */
export interface UseCases {
  announcements: Announcements;
  boardMap: BoardMap;
  matches: ReturnType<typeof createMatches>;
  moderation: ReturnType<typeof createModeration>;
  photos: Photos;
  venueCheckCandidates: VenueCheckCandidatesUseCase;
}

/** Every endpoint of the service, each answered by its use case. */
export function routes(app: Express, useCases: UseCases, listAnswers: AnswerCache): void {
  announcementRoutes(app, useCases, listAnswers);
  moderationRoutes(app, useCases);
  photoRoutes(app, useCases);
  // Issue 26 point 1: an asked venue's view of a lost post.
  mountEndpoints(app, VENUE_CHECK_CANDIDATE_ENDPOINTS, {
    candidates: async ({ caller, params }) =>
      useCases.venueCheckCandidates.forVenue(caller, params.id, params.organizationId),
  });
}

/** parse → use case → answer; the contracts in `ANNOUNCEMENT_ENDPOINTS` parse and serialise. */
function announcementRoutes(
  app: Express,
  { announcements, boardMap, matches, moderation }: UseCases,
  listAnswers: AnswerCache,
): void {
  // Before `/api/announcements/:id`, which would read `map` as an id.
  mountEndpoints(app, BOARD_MAP_ENDPOINTS, { map: async ({ query }) => boardMap.map(query) });
  mountEndpoints(
    app,
    ANNOUNCEMENT_ENDPOINTS,
    {
      list: async ({ query, req, res }) => {
        const page = await announcements.listPublic(query);
        res.setHeader(TOTAL_COUNT_HEADER, String(page.total.count));
        if (page.total.capped) res.setHeader(TOTAL_COUNT_CAPPED_HEADER, 'true');
        if (page.next) res.setHeader('Link', `<${nextPageUrl(req, page.next)}>; rel="next"`);
        return page.announcements;
      },
      rewardStats: async () => announcements.rewardStats(),
      sitemap: async () => announcements.sitemap(),
      places: async ({ query }) => announcements.suggestPlaces(query.q),
      place: async ({ params }) => announcements.place(params.id),
      publicDetails: async ({ params }) => announcements.findPublic(params.id),
      create: async ({ body, caller, req }) => announcements.create(caller, body, requestMetadata(req)),
      my: async ({ caller }) => announcements.listMine(caller),
      details: async ({ params, caller }) => announcements.details(caller, params.id),
      setSecurityQuestions: async ({ params, body, caller, req }) =>
        announcements.setSecurityQuestions(caller, params.id, body.securityQuestions, requestMetadata(req)),
      update: async ({ params, body, caller, req }) =>
        announcements.update(caller, params.id, body, requestMetadata(req)),
      close: async ({ params, body, caller, req }) =>
        announcements.close(caller, params.id, body.outcome, requestMetadata(req)),
      remove: async ({ params, caller, req }) =>
        announcements.remove(caller, params.id, requestMetadata(req)),
      renew: async ({ params, caller, req }) => announcements.renew(caller, params.id, requestMetadata(req)),
      matches: async ({ params, caller }) => matches.list(caller, params.id),
      report: async ({ params, body, caller, req }) =>
        moderation.report(caller, params.id, body, requestMetadata(req), deviceCookieOf(req)),
    },
    {
      // The same for every caller; "posted within the last day" moves with the clock, so is not kept.
      list: { cache: listAnswers, keyOf: ({ query, req }) => (query.posted ? null : req.originalUrl) },
    },
  );
}

/** The request's own URL (same filters and limit) with the next page's cursor. */
function nextPageUrl(req: Request, next: ListCursor): string {
  const url = new URL(req.originalUrl, 'http://localhost');
  url.searchParams.set('cursor', encodeListCursor(next));
  return `${url.pathname}${url.search}`;
}

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
function photoRoutes(app: Express, { photos }: UseCases): void {
  mountEndpoints(app, PHOTO_ENDPOINTS, {
    uploadUrl: async ({ caller, query }) => photos.requestUploadUrl(caller, query.contentType),

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
    photo: async ({ params, req, res }) =>
      servePhoto(await photos.photo(params.id), `"${params.id}"`, req, res),
    thumbnail: async ({ params, req, res }) =>
      servePhoto(await photos.thumbnail(params.id), `"${params.id}-thumbnail"`, req, res),
    medium: async ({ params, req, res }) =>
      servePhoto(await photos.medium(params.id), `"${params.id}-medium"`, req, res),
  });
}

/** Sends a kept photo or thumbnail: immutable, never sniffed, sandboxed. */
async function servePhoto(
  photo: { contentType: string; size: number | null; read: () => Promise<Readable> },
  etag: string,
  req: Request,
  res: Response,
) {
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
}
