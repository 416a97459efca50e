/** This service's tables, always schema-qualified. */
export const TABLES = {
  applications: 'organizations.applications',
  organizations: 'organizations.organizations',
  subscriptions: 'organizations.subscriptions',
  invitations: 'organizations.invitations',
  organizationAdmins: 'organizations.organization_admins',
  organizationAnnouncements: 'organizations.organization_announcements',
} as const;
