/** This service's tables, always schema-qualified. */
export const TABLES = {
  applications: 'organizations.applications',
  organizations: 'organizations.organizations',
  subscriptions: 'organizations.subscriptions',
  invitations: 'organizations.invitations',
  organizationMembers: 'organizations.organization_members',
  organizationAnnouncements: 'organizations.organization_announcements',
  venueProfiles: 'organizations.venue_profiles',
  venueClaims: 'organizations.venue_claims',
} as const;
