/** This service's tables, always schema-qualified. */
export const TABLES = {
  registers: 'inventory.registers',
  storagePlaces: 'inventory.storage_places',
  items: 'inventory.items',
  custodyEntries: 'inventory.custody_entries',
  retentionPeriods: 'inventory.retention_periods',
  handoverDetails: 'inventory.handover_details',
  organizationNames: 'inventory.organization_names',
  organizationPlans: 'inventory.organization_plans',
} as const;
