import type { VenueCheckCandidates } from '@tapinti/contracts/venue-checks-api';
import { VENUE_CHECK_MESSAGES } from '@tapinti/contracts/venue-checks-api';
import { ForbiddenError, NotFoundError } from '@tapinti/platform/errors';
import { actsForOrganization } from '@tapinti/platform/organization-access';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { OBJECT_ID } from '../domain/photo';
import { toPublic } from '../store/queries';
import { findAskedPost, foundItemsOf, wasAsked } from '../store/venue-checks';
import { rankMatches } from './matching';

/** The venue's own open found items the engine ranks (newest first): a venue's desk, not the whole board. */
const VENUE_ITEMS_POOL = 500;

/**
 * Issue 26 point 1: what an asked venue sees of a lost post — the post (no contact details) and
 * the matching engine's ranking of the venue's own open found items for it.
 */
export function createVenueCheckCandidates(context: Pick<EventSourcedContext, 'knex'>) {
  const { knex } = context;
  return {
    /**
     * The asked organisation's admins and staff, and super admins; another organisation's members
     * 403; a post that organisation was not asked about (or unknown) 404.
     */
    async forVenue(
      caller: Caller,
      announcementId: string,
      organizationId: string,
    ): Promise<VenueCheckCandidates> {
      const id = announcementId.toLowerCase();
      const organization = organizationId.toLowerCase();
      if (caller.role !== 'super_admin' && !actsForOrganization(caller, organization))
        throw new ForbiddenError(VENUE_CHECK_MESSAGES.organizationForbidden);
      if (!OBJECT_ID.test(id) || !OBJECT_ID.test(organization) || !(await wasAsked(knex, id, organization)))
        throw new NotFoundError(VENUE_CHECK_MESSAGES.notFound);
      const post = await findAskedPost(knex, id);
      if (!post) throw new NotFoundError(VENUE_CHECK_MESSAGES.notFound);
      const ranked = rankMatches(post, await foundItemsOf(knex, organization, VENUE_ITEMS_POOL));
      return {
        announcement: toPublic(post),
        candidates: ranked.map((m) => ({
          announcement: toPublic(m.candidate),
          score: m.score,
          reasons: m.reasons,
        })),
      };
    },
  };
}
export type VenueCheckCandidatesUseCase = ReturnType<typeof createVenueCheckCandidates>;
