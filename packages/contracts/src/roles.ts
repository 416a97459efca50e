export const ROLES = ['user', 'org_admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
