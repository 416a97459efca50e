import type { Knex } from 'knex';
import type { OrganizationCreatedV1, OrganizationUpdatedV1 } from '@tapinti/contracts/organizations-events';
import { TABLES } from '../store/tables';

/** An organisation's name as created. */
export async function organizationCreated(trx: Knex.Transaction, p: OrganizationCreatedV1): Promise<void> {
  await trx(TABLES.organizationNames)
    .insert({ organization_id: p.organizationId, name: p.name })
    .onConflict('organization_id')
    .merge();
}

/** A renamed organisation (an update that changed its name; other fields are not kept here). */
export async function organizationUpdated(trx: Knex.Transaction, p: OrganizationUpdatedV1): Promise<void> {
  if (p.after.name === undefined) return;
  await trx(TABLES.organizationNames)
    .insert({ organization_id: p.organizationId, name: p.after.name })
    .onConflict('organization_id')
    .merge();
}
