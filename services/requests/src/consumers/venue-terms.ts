import type { Knex } from 'knex';
import type {
  OrganizationCreatedV1,
  OrganizationUpdatedV1,
  SubscriptionPlanChangedV1,
  SubscriptionStartedV1,
  VenueProfileSetV1,
} from '@tapinti/contracts/organizations-events';
import { setVenueTerms } from '../store/answer-deadlines';

/**
 * What a claim's answer deadline depends on (issue 26): the organisation's plan (its latest
 * subscription event), its working hours and whether they pause the clock (its venue profile),
 * and its name for the super admin's overdue list.
 */
export const organizationCreated = (trx: Knex.Transaction, p: OrganizationCreatedV1) =>
  setVenueTerms(trx, p.organizationId, { name: p.name });

export async function organizationUpdated(trx: Knex.Transaction, p: OrganizationUpdatedV1) {
  if (p.after.name !== undefined) await setVenueTerms(trx, p.organizationId, { name: p.after.name });
}

export const subscriptionStarted = (trx: Knex.Transaction, p: SubscriptionStartedV1) =>
  setVenueTerms(trx, p.organizationId, { plan: p.plan });

export const subscriptionPlanChanged = (trx: Knex.Transaction, p: SubscriptionPlanChangedV1) =>
  setVenueTerms(trx, p.organizationId, { plan: p.plan });

export const venueProfileSet = (trx: Knex.Transaction, p: VenueProfileSetV1) =>
  setVenueTerms(trx, p.organizationId, {
    working_hours: p.workingHours ? JSON.stringify(p.workingHours) : null,
    pauses_outside_hours: p.pausesDeadlineOutsideHours,
  });
