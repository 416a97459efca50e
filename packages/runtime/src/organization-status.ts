import type { Knex } from 'knex';
import {
  ORGANIZATION_EVENTS,
  organizationCreatedV1,
  organizationDeactivatedV1,
  organizationReactivatedV1,
} from '@tapinti/contracts/organizations-events';
import type { Migration } from '@tapinti/platform/db';
import { on, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';

/**
 * A service's own copy of which organisations are active (issue 21), kept from the organizations
 * service's events (`organization_status` in the service's schema; no service reads another's
 * tables). It tells the session check whether an organisation admin still acts for their
 * organisation, and lets a service keep a deactivated organisation's items off its public reads.
 * An organisation it has not heard of yet counts as active.
 */
export function organizationStatusMigration(schema: string, name: string): Migration {
  return {
    name,
    async up(knex: Knex) {
      await knex.schema.withSchema(schema).createTable('organization_status', (t) => {
        t.uuid('organization_id').primary();
        t.boolean('is_active').notNullable();
        t.timestamp('changed_at', { useTz: true }).notNullable();
      });
    },
  };
}

async function recordStatus(
  trx: Knex.Transaction,
  schema: string,
  organizationId: string,
  isActive: boolean,
  changedAt: string,
): Promise<void> {
  // The newest change wins, so a redelivered older event cannot undo a later one.
  await trx(`${schema}.organization_status`)
    .insert({ organization_id: organizationId, is_active: isActive, changed_at: changedAt })
    .onConflict('organization_id')
    .merge()
    .where(`${schema}.organization_status.changed_at`, '<=', changedAt);
}

/** The consumer group `<service>.organization-status` that keeps the copy. */
export function organizationStatusGroup(service: string, schema: string): ConsumerGroup {
  return {
    groupId: `${service}.organization-status`,
    handlers: {
      [ORGANIZATION_EVENTS.created]: {
        1: on(organizationCreatedV1, (trx, p) =>
          recordStatus(trx, schema, p.organizationId, p.isActive, p.createdAt),
        ),
      },
      [ORGANIZATION_EVENTS.deactivated]: {
        1: on(organizationDeactivatedV1, (trx, p) =>
          recordStatus(trx, schema, p.organizationId, false, p.deactivatedAt),
        ),
      },
      [ORGANIZATION_EVENTS.reactivated]: {
        1: on(organizationReactivatedV1, (trx, p) =>
          recordStatus(trx, schema, p.organizationId, true, p.reactivatedAt),
        ),
      },
    },
  };
}

/** Whether the organisation is active as far as this service knows (unknown: active). */
export function organizationStatusReader(knex: Knex, schema: string) {
  return async (organizationId: string): Promise<boolean> => {
    const row = await knex(`${schema}.organization_status`)
      .select('is_active')
      .where({ organization_id: organizationId })
      .first();
    return row?.is_active ?? true;
  };
}

/**
 * A where-clause for public reads: the row's organisation (column `organizationColumn`) is not
 * known to be deactivated.
 */
export function notOfInactiveOrganization(schema: string, organizationColumn: string) {
  return (q: Knex.QueryBuilder) =>
    q.whereNotExists(function inactive(this: Knex.QueryBuilder) {
      this.select(1)
        .from(`${schema}.organization_status as inactive_org`)
        .whereRaw(`inactive_org.organization_id = ${organizationColumn}`)
        .andWhere('inactive_org.is_active', false);
    });
}
