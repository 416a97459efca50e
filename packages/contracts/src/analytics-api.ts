import { z } from 'zod';
import type { AnnouncementStatus, AnnouncementType, Category } from './announcements-api';
import { ANNOUNCEMENT_EVENTS } from './announcements-events';
import { AUTH_EVENTS } from './auth-events';
import { ORGANIZATION_EVENTS } from './organizations-events';
import { REQUEST_EVENTS } from './requests-events';
import type { Role } from './roles';

/**
 * Analytics for the super admin (/admin), answered by the audit service from read models it
 * keeps by consuming other services' events (group `audit.analytics`), v1 payloads as their
 * contracts define them: the types in `ANALYTICS_EVENT_TYPES`.
 */
export const ANALYTICS_EVENT_TYPES = [
  // auth-events.ts: users (search).
  AUTH_EVENTS.registered,
  AUTH_EVENTS.profileUpdated,
  AUTH_EVENTS.roleChanged,
  // announcements-events.ts: announcements (KPIs total/lost/found, search).
  ANNOUNCEMENT_EVENTS.created,
  ANNOUNCEMENT_EVENTS.archived,
  // organizations-events.ts: organisations (KPIs total/active/suspended, search by name).
  ORGANIZATION_EVENTS.created,
  ORGANIZATION_EVENTS.updated,
  ORGANIZATION_EVENTS.deactivated,
  ORGANIZATION_EVENTS.reactivated,
  // requests-events.ts: requests (KPIs total/pending/resolved).
  REQUEST_EVENTS.filed,
  REQUEST_EVENTS.statusChanged,
] as const;

/** GET /api/analytics/kpis (super_admin). Zeros where nothing exists yet. */
export interface Kpis {
  /** suspended = not active (the organisation admin screen calls it 'Deaktiv'). */
  organizations: { total: number; active: number; suspended: number };
  /** Every announcement ever posted, archived ones included. */
  announcements: { total: number; lost: number; found: number };
  /** resolved = any status starting with 'resolved' (resolved_claimed, resolved_rejected). */
  requests: { total: number; pending: number; resolved: number };
}

export const SEARCH_TYPES = ['all', 'organizations', 'announcements', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Global search runs only with more than 2 characters (spec §5, §9). */
export const SEARCH_MIN_LENGTH = 3;
/** At most this many results per group (spec §9). */
export const SEARCH_RESULTS_PER_GROUP = 3;

/** GET /api/search query (super_admin). */
export const searchQuerySchema = z.object({
  q: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z
      .string({ error: 'Axtarış sorğusu yanlışdır' })
      .trim()
      .max(100, 'Axtarış sorğusu ən çox 100 simvol ola bilər'),
  ),
  type: z.preprocess(
    (v) => (v === undefined || v === '' ? 'all' : v),
    z.enum(SEARCH_TYPES, { error: 'Axtarış növü yanlışdır' }),
  ),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface OrganizationSearchResult {
  id: string;
  name: string;
  type: string;
  isActive: boolean;
}

export interface AnnouncementSearchResult {
  id: string;
  title: string;
  type: AnnouncementType;
  category: Category;
  location: string;
  status: AnnouncementStatus;
  createdAt: string;
}

export interface UserSearchResult {
  id: string;
  username: string;
  email: string;
  role: Role;
}

/** Groups that were not asked for (or a query of 2 characters or fewer) are empty lists. */
export interface SearchResults {
  organizations: OrganizationSearchResult[];
  announcements: AnnouncementSearchResult[];
  users: UserSearchResult[];
}
