import { organizationStreamId } from '@tapinti/contracts/organizations-events';
import { slugFromName } from '@tapinti/contracts/venue-slug';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { organizationDecider } from '../domain/organization';
import { findVenueProfile, freeSlug, organizationsWithoutPage, slugTaken } from '../store/venues';

/** Enqueued at each worker start under one job id: several replicas starting at once run it once. */
export const GIVE_VENUE_PAGES_JOB = 'give-venue-pages';

type GiveContext = Pick<EventSourcedContext, 'es' | 'clock' | 'knex'>;

/**
 * Organisations approved before venue pages (issue 26 point 4) get one, as an approval gives it
 * today: a free slug made from the name, set in the name of the super admin who approved it, so
 * every active organisation is on /t/:slug and can be asked without its admin doing anything.
 * Each goes through the command handler; one that has a page by then (its admin, another run) is left.
 */
export async function giveVenuePages(context: GiveContext): Promise<number> {
  const handler = createCommandHandler(context.es, organizationDecider);
  let given = 0;
  for (const organization of await organizationsWithoutPage(context.knex)) {
    const { events } = await handler.handle(
      organizationStreamId(organization.id),
      async (state, { trx }) => {
        if (!state || (await findVenueProfile(trx, organization.id, null))) return [];
        const slug = await freeSlug(trx, slugFromName(state.name), organization.id);
        return organizationDecider.decide(
          {
            type: 'set-venue-profile',
            profile: { slug, workingHours: null, pausesDeadlineOutsideHours: false },
            slugTaken: await slugTaken(trx, slug, organization.id),
            actorId: organization.approvedBy,
            now: context.clock(),
          },
          state,
        );
      },
      { ...systemMetadata(`${GIVE_VENUE_PAGES_JOB}:${organization.id}`), organizationId: organization.id },
    );
    given += events.length;
  }
  return given;
}

export async function scheduleVenuePages(
  context: GiveContext & Pick<EventSourcedContext, 'jobs' | 'logger'>,
): Promise<void> {
  context.jobs.register(GIVE_VENUE_PAGES_JOB, async () => {
    const given = await giveVenuePages(context);
    if (given) context.logger.info({ given }, 'venue pages given to organisations approved before them');
  });
  await context.jobs.enqueue(GIVE_VENUE_PAGES_JOB, {}, { jobId: GIVE_VENUE_PAGES_JOB });
}
