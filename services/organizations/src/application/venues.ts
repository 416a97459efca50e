import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { organizationStreamId } from '@tapinti/contracts/organizations-events';
import { FALLBACK_PLAN } from '@tapinti/contracts/plans-api';
import { isVenueSlug } from '@tapinti/contracts/venue-slug';
import {
  ANSWER_DEADLINE_HOURS,
  VENUE_MESSAGES,
  type VenuePage,
  type VenueProfile,
  type VenueProfileRequest,
} from '@tapinti/contracts/venues-api';
import type { VenueSummary } from '@tapinti/contracts/venue-summary';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { publicUrlOf } from '@tapinti/platform/config';
import { NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { organizationDecider } from '../domain/organization';
import { findVenuePage, findVenueProfile, listVenues, lockSlug, slugTaken } from '../store/venues';
import type { Organizations } from './organizations';
import { venuePosterPdf } from './venue-poster-pdf';

/**
 * Venue pages (issue 26 point 4): the public page and list, the profile its admins edit, and the
 * desk's QR poster. Access to an organisation's own endpoints goes through `organizations.get`
 * (its members, active; the super admin).
 */
export function createVenues(context: EventSourcedContext, organizations: Organizations) {
  const { knex, clock } = context;
  const handler = createCommandHandler(context.es, organizationDecider);
  const pageUrlOf = (slug: string) => `${publicUrlOf(context.config)}/t/${slug}`;

  async function profileOf(caller: Caller, id: string): Promise<VenueProfile> {
    const organization = await organizations.get(caller, id);
    const plan = organization.subscription?.plan ?? null;
    const profile = await findVenueProfile(knex, organization.id, plan);
    // An organisation approved before venue pages has none until a worker's start gives it one.
    if (!profile) throw new NotFoundError(VENUE_MESSAGES.notFound);
    return profile;
  }

  return {
    list: (): Promise<VenueSummary[]> => listVenues(knex, clock()),

    async page(slug: string): Promise<VenuePage> {
      const page = isVenueSlug(slug) ? await findVenuePage(knex, slug, clock()) : null;
      if (!page) throw new NotFoundError(VENUE_MESSAGES.notFound);
      return page;
    },

    /** Its profile (404 until one is given: organisations approved before venue pages, jobs/give-venue-pages). */
    profile: profileOf,

    async update(
      caller: Caller,
      id: string,
      profile: VenueProfileRequest,
      metadata: EventMetadata,
    ): Promise<VenueProfile> {
      const organization = await organizations.get(caller, id);
      await handler.handle(
        organizationStreamId(organization.id),
        async (state, { trx }) => {
          await lockSlug(trx, profile.slug);
          return organizationDecider.decide(
            {
              type: 'set-venue-profile',
              profile,
              slugTaken: await slugTaken(trx, profile.slug, organization.id),
              actorId: caller.userId,
              now: clock(),
            },
            state,
          );
        },
        { ...metadata, organizationId: organization.id },
      );
      return profileOf(caller, organization.id);
    },

    async poster(caller: Caller, id: string): Promise<{ filename: string; pdf: Buffer }> {
      const organization = await organizations.get(caller, id);
      const profile = await profileOf(caller, organization.id);
      const pdf = await venuePosterPdf({
        name: organization.name,
        type: organization.type,
        pageUrl: pageUrlOf(profile.slug),
        answerDeadlineHours: ANSWER_DEADLINE_HOURS[organization.subscription?.plan ?? FALLBACK_PLAN],
      });
      return { filename: `tapinti-${profile.slug}.pdf`, pdf };
    },
  };
}
export type Venues = ReturnType<typeof createVenues>;
