export const ROLES = ['user', 'org_admin', 'org_staff', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The roles events published before staff existed (issue 25) could carry: `auth.user.registered`
 * v1 and `auth.user.role-changed` v1 keep exactly these, as they were published.
 */
export const ROLES_V1 = ['user', 'org_admin', 'super_admin'] as const;

/** The roles of an organisation's members: its admins and its staff (issue 25). */
export const ORGANIZATION_ROLES = ['org_admin', 'org_staff'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Whether the role belongs to an organisation's member (admin or staff). */
export const isOrganizationMember = (role: Role): role is OrganizationRole =>
  (ORGANIZATION_ROLES as readonly Role[]).includes(role);
