import type { Express } from 'express';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createAnswerCache } from '@tapinti/platform/answer-cache';
import { createAnnouncements } from './application/announcements';
import { createBoardMap } from './application/board-map';
import { createMatches } from './application/matches';
import { createModeration } from './application/moderation';
import { createPhotos } from './application/photos';
import { createVenueCheckCandidates } from './application/venue-check-candidates';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const useCases = {
    announcements: createAnnouncements(context),
    boardMap: createBoardMap(context),
    matches: createMatches(context),
    moderation: createModeration(context),
    photos: createPhotos(context),
    venueCheckCandidates: createVenueCheckCandidates(context),
  };
  // The list's answers between two changes of the board (issue 23: the busiest request, asked again and
  // again between writes): ≈ 110 KB a first page, so a few dozen pages.
  const listAnswers = createAnswerCache(context.readModels, { maxBytes: 4 * 1024 * 1024, maxAgeMs: 10_000 });
  return createServiceApp(context, (app) => routes(app, useCases, listAnswers), {
    organizationActive: organizationStatusReader(context.knex, 'announcements'),
  });
}
