import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import {
  ORGANIZATION_MESSAGES,
  type Application,
  type ApplicationRequest,
  type Approval,
  type ApproveRequest,
} from '@tapinti/contracts/organizations-api';
import {
  applicationStreamId,
  invitationStreamId,
  organizationStreamId,
  subscriptionStreamId,
  type ApplicationStatus,
} from '@tapinti/contracts/organizations-events';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { applicationDecider, type ApplicationCommand } from '../domain/application';
import { bakuDay } from '@tapinti/contracts/baku-calendar';
import { invitationDecider } from '../domain/invitation';
import { organizationDecider } from '../domain/organization';
import { subscriptionDecider, subscriptionTerms } from '../domain/subscription';
import { createApplicationThrottle } from '../store/application-throttle';
import {
  findApplication,
  findOrganization,
  findSubscription,
  hasPendingApplication,
  listApplications,
  lockContactEmail,
} from '../store/queries';
import { freeSlug, lockSlug, slugTaken } from '../store/venues';
import { slugFromName } from '@tapinti/contracts/venue-slug';
import { uuidOf } from './ids';

/** The application use cases behind the HTTP routes (spec §4, §5). */
export function createApplications(context: EventSourcedContext) {
  const { knex, clock } = context;
  const applications = createCommandHandler(context.es, applicationDecider);
  const throttle = createApplicationThrottle(context.kv, clock);

  const applicationOrNotFound = async (id: string): Promise<Application> => {
    const found = await findApplication(knex, id);
    if (!found) throw new NotFoundError(ORGANIZATION_MESSAGES.applicationNotFound);
    return found;
  };

  /** A review decision on an existing application's stream. */
  async function review(
    rawId: string,
    command: ApplicationCommand,
    metadata: EventMetadata,
  ): Promise<Application> {
    const id = uuidOf(rawId);
    if (!id) throw new NotFoundError(ORGANIZATION_MESSAGES.applicationNotFound);
    await applications.handle(
      applicationStreamId(id),
      (state) => applicationDecider.decide(command, state),
      metadata,
    );
    return applicationOrNotFound(id);
  }

  return {
    /**
     * Anyone may apply; anonymous senders are counted per address, signed-in ones per user. A
     * second pending application with the same contact e-mail is a 409.
     */
    async submit(
      input: ApplicationRequest,
      caller: Caller | null,
      metadata: EventMetadata,
    ): Promise<Application> {
      await throttle.hit(caller ? `user:${caller.userId}` : `ip:${metadata.addressKey ?? 'unknown'}`);
      const applicationId = randomUUID();
      await applications.handle(
        applicationStreamId(applicationId),
        async (state, { trx }) => {
          await lockContactEmail(trx, input.contactEmail);
          return applicationDecider.decide(
            {
              type: 'submit',
              applicationId,
              input,
              submittedBy: caller?.userId ?? null,
              now: clock(),
              pendingWithSameEmail: await hasPendingApplication(trx, input.contactEmail),
            },
            state,
          );
        },
        metadata,
      );
      return applicationOrNotFound(applicationId);
    },

    list(status?: ApplicationStatus): Promise<Application[]> {
      return listApplications(knex, status);
    },

    /**
     * Approves a pending (or need_contract) application: in the same transaction the organisation,
     * its subscription and the invitation of the application's contact e-mail to be its admin.
     */
    async approve(
      rawId: string,
      input: ApproveRequest,
      caller: Caller,
      metadata: EventMetadata,
    ): Promise<Approval> {
      const id = uuidOf(rawId);
      if (!id) throw new NotFoundError(ORGANIZATION_MESSAGES.applicationNotFound);
      const organizationId = randomUUID();
      const subscriptionId = randomUUID();
      const invitationId = randomUUID();
      const now = clock();
      // The organisation's events carry it in their metadata (audit filters by organisation).
      const ofOrganization = { ...metadata, organizationId };
      await applications.handle(
        applicationStreamId(id),
        async (state, { append, trx }) => {
          const approved = applicationDecider.decide(
            { type: 'approve', reviewedBy: caller.userId, now, organizationId, subscriptionId },
            state,
          );
          const application = state!;
          const given: NonNullable<ApproveRequest['organizationData']> = input.organizationData ?? {};
          const fields = {
            name: given.name ?? application.organizationName,
            type: given.type ?? application.organizationType,
            address: given.address ?? application.address,
            contactEmail: given.contactEmail ?? application.contactEmail,
            contactPhone: given.contactPhone ?? application.contactPhone,
          };
          await append(
            organizationStreamId(organizationId),
            'no-stream',
            organizationDecider.decide(
              { type: 'create', organizationId, applicationId: id, fields, now },
              null,
            ),
            ofOrganization,
          );
          // Issue 26: the venue page's address, chosen here or made from the name.
          const slug = input.venueSlug ?? (await freeSlug(trx, slugFromName(fields.name), organizationId));
          if (input.venueSlug) await lockSlug(trx, slug);
          await append(
            organizationStreamId(organizationId),
            1,
            organizationDecider.decide(
              {
                type: 'set-venue-profile',
                profile: { slug, workingHours: null, pausesDeadlineOutsideHours: false },
                slugTaken: await slugTaken(trx, slug, organizationId),
                actorId: caller.userId,
                now,
              },
              { id: organizationId, ...fields, settings: {}, isActive: true },
            ),
            ofOrganization,
          );
          await append(
            subscriptionStreamId(subscriptionId),
            'no-stream',
            subscriptionDecider.decide(
              {
                type: 'start',
                subscriptionId,
                organizationId,
                terms: subscriptionTerms(input.subscriptionData ?? {}, bakuDay(now)),
                features: {},
              },
              null,
            ),
            ofOrganization,
          );
          await append(
            invitationStreamId(invitationId),
            'no-stream',
            invitationDecider.decide(
              {
                type: 'issue',
                invitationId,
                organizationId,
                organizationName: fields.name,
                email: application.contactEmail,
                role: 'org_admin',
                issuedBy: caller.userId,
                now,
              },
              null,
            ),
            ofOrganization,
          );
          return approved;
        },
        ofOrganization,
      );
      const [application, organization, subscription] = await Promise.all([
        applicationOrNotFound(id),
        findOrganization(knex, organizationId),
        findSubscription(knex, subscriptionId),
      ]);
      return { application, organization: organization!, subscription: subscription! };
    },

    reject(id: string, reason: string, caller: Caller, metadata: EventMetadata): Promise<Application> {
      return review(id, { type: 'reject', reviewedBy: caller.userId, now: clock(), reason }, metadata);
    },

    /** pending → need_contract (beyond the spec, which shows the state but no transition into it). */
    requestContract(id: string, caller: Caller, metadata: EventMetadata): Promise<Application> {
      return review(id, { type: 'request-contract', reviewedBy: caller.userId, now: clock() }, metadata);
    },
  };
}
export type Applications = ReturnType<typeof createApplications>;
