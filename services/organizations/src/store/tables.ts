/** This service's tables, always schema-qualified. */
export const TABLES = {
  applications: 'organizations.applications',
  organizations: 'organizations.organizations',
  subscriptions: 'organizations.subscriptions',
  invitations: 'organizations.invitations',
  organizationMembers: 'organizations.organization_members',
  organizationAnnouncements: 'organizations.organization_announcements',
} as const;
