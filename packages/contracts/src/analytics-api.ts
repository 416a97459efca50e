import { z } from 'zod';
import { ANNOUNCEMENT_STATUSES, ANNOUNCEMENT_TYPES, CATEGORIES } from './announcements-api';
import { ANNOUNCEMENT_EVENTS } from './announcements-events';
import { AUTH_EVENTS } from './auth-events';
import { ORGANIZATION_EVENTS } from './organizations-events';
import { REQUEST_EVENTS } from './requests-events';
import { endpoint } from './endpoint';
import { optionalQueryText } from './input-text';
import { NOTIFICATION_MESSAGES, NOTIFICATION_RANGES, type NotificationRange } from './notifications-api';
import { ROLES } from './roles';

/**
 * Analytics for the super admin (/admin), answered by the audit service from read models it
 * keeps by consuming other services' events (group `audit.analytics`), v1 payloads as their
 * contracts define them: the types in `ANALYTICS_EVENT_TYPES`.
 */
export const ANALYTICS_EVENT_TYPES = [
  // auth-events.ts: users (search; a purged account loses its name, address and number).
  AUTH_EVENTS.registered,
  AUTH_EVENTS.profileUpdated,
  AUTH_EVENTS.roleChanged,
  AUTH_EVENTS.purged,
  // announcements-events.ts: announcements (KPIs total/lost/found, search).
  ANNOUNCEMENT_EVENTS.created,
  ANNOUNCEMENT_EVENTS.archived,
  ANNOUNCEMENT_EVENTS.resolved,
  ANNOUNCEMENT_EVENTS.edited,
  ANNOUNCEMENT_EVENTS.closed,
  ANNOUNCEMENT_EVENTS.deleted,
  ANNOUNCEMENT_EVENTS.renewed,
  // organizations-events.ts: organisations (KPIs total/active/suspended, search by name).
  ORGANIZATION_EVENTS.created,
  ORGANIZATION_EVENTS.updated,
  ORGANIZATION_EVENTS.deactivated,
  ORGANIZATION_EVENTS.reactivated,
  // requests-events.ts: requests (KPIs total/pending/resolved).
  REQUEST_EVENTS.filed,
  REQUEST_EVENTS.statusChanged,
] as const;

const count = z.number().int().min(0);

/** GET /api/analytics/kpis (super_admin). Zeros where nothing exists yet. */
export const kpisSchema = z.object({
  /** suspended = not active (the organisation admin screen calls it 'Deaktiv'). */
  organizations: z.object({ total: count, active: count, suspended: count }),
  /** Every announcement ever posted, archived ones included. */
  announcements: z.object({ total: count, lost: count, found: count }),
  /**
   * resolved = any status starting with 'resolved' (resolved_claimed, resolved_rejected);
   * funnelRate = resolved / total as a rounded percent, 0 when there are none (spec §9; always
   * sent, optional only so older readers' fixtures still type-check).
   */
  requests: z.object({
    total: count,
    pending: count,
    resolved: count,
    funnelRate: z.number().int().min(0).max(100).optional(),
  }),
});
export type Kpis = z.infer<typeof kpisSchema>;

/**
 * GET /api/analytics/kpis query: the dashboard's date filter (1d, 7d, 30d, 90d, all) counts what was
 * created in that range; empty or absent: all time (the spec's KPIs).
 */
export const kpisQuerySchema = z.object({
  range: z
    .enum(['', ...NOTIFICATION_RANGES], { error: NOTIFICATION_MESSAGES.range })
    .optional()
    .transform((v): NotificationRange => v || 'all'),
});
export type KpisQuery = z.infer<typeof kpisQuerySchema>;

export const SEARCH_TYPES = ['all', 'organizations', 'announcements', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Global search runs only with more than 2 characters (spec §5, §9). */
export const SEARCH_MIN_LENGTH = 3;
/** At most this many results per group (spec §9). */
export const SEARCH_RESULTS_PER_GROUP = 3;

/** GET /api/search query (super_admin). An empty `type` means 'all'. */
export const searchQuerySchema = z.object({
  q: optionalQueryText(100, {
    invalid: 'Axtarış sorğusu yanlışdır',
    tooLong: 'Axtarış sorğusu ən çox 100 simvol ola bilər',
  }).transform((v) => v ?? ''),
  type: z
    .enum(['', ...SEARCH_TYPES], { error: 'Axtarış növü yanlışdır' })
    .optional()
    .transform((v): SearchType => v || 'all'),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const organizationSearchResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  isActive: z.boolean(),
});
export type OrganizationSearchResult = z.infer<typeof organizationSearchResultSchema>;

export const announcementSearchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  category: z.enum(CATEGORIES),
  location: z.string(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  createdAt: z.iso.datetime(),
});
export type AnnouncementSearchResult = z.infer<typeof announcementSearchResultSchema>;

export const userSearchResultSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

/** Groups that were not asked for (or a query of 2 characters or fewer) are empty lists. */
export const searchResultsSchema = z.object({
  organizations: z.array(organizationSearchResultSchema),
  announcements: z.array(announcementSearchResultSchema),
  users: z.array(userSearchResultSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** The analytics endpoints, answered by the audit service (gateway prefixes `/api/analytics`, `/api/search`). */
export const ANALYTICS_ENDPOINTS = {
  kpis: endpoint({
    method: 'get',
    path: '/api/analytics/kpis',
    summary: 'Platformanın göstəriciləri: təşkilatlar, elanlar, sorğular (super admin)',
    tag: 'audit',
    access: ['super_admin'],
    query: kpisQuerySchema,
    response: { status: 200, schema: kpisSchema },
  }),
  search: endpoint({
    method: 'get',
    path: '/api/search',
    summary: 'Qlobal axtarış: təşkilatlar, elanlar, istifadəçilər, hər qrupda ən çox 3 (super admin)',
    tag: 'audit',
    access: ['super_admin'],
    query: searchQuerySchema,
    response: { status: 200, schema: searchResultsSchema },
  }),
};
