import { organizationStatusMigration as statusTable } from '@tapinti/runtime/organization-status';

/** `organization_status`: which organisations are active, from organizations' events (issue 21). */
export const organizationStatusMigration = statusTable('conversations', '002-organization-status');
