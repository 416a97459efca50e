import { ANALYTICS_ENDPOINTS } from './analytics-api';
import { ANNOUNCEMENT_ENDPOINTS, MODERATION_ENDPOINTS, PHOTO_ENDPOINTS } from './announcements-api';
import { AUDIT_ENDPOINTS, AUDIT_FEED_ENDPOINTS } from './audit-api';
import { AUTH_ENDPOINTS } from './auth-api';
import { BOARD_MAP_ENDPOINTS } from './board-map-api';
import { CONVERSATION_ENDPOINTS } from './conversations-api';
import type { Endpoint } from './endpoint';
import { INVENTORY_ENDPOINTS } from './inventory-api';
import { INVENTORY_REPORT_ENDPOINTS } from './inventory-reports-api';
import { NOTIFICATION_ENDPOINTS } from './notifications-api';
import { ORGANIZATION_ENDPOINTS } from './organizations-api';
import { INVENTORY_PLAN_ENDPOINTS, PLAN_ENDPOINTS } from './plans-api';
import { openApiDocument, type OpenApiDocument } from './openapi';
import { REQUEST_ENDPOINTS } from './requests-api';
import { SAVED_SEARCH_ENDPOINTS } from './saved-searches-api';
import { VENUE_CHECK_CANDIDATE_ENDPOINTS, VENUE_CHECK_ENDPOINTS } from './venue-checks-api';
import { CLAIM_DEADLINE_ENDPOINTS, VENUE_ENDPOINTS } from './venues-api';

/**
 * Every endpoint of the public API, by the group a service mounts whole (`mountEndpoints` in
 * `@tapinti/platform/endpoint-route` takes one handler per entry, no more, no fewer). The OpenAPI
 * document (`openapi.ts`) and the gateway's 405 answers are generated from this one list, so a new
 * endpoint is declared here once and is then served, documented and fuzzed.
 */
export const API_ENDPOINT_GROUPS = {
  auth: AUTH_ENDPOINTS,
  boardMap: BOARD_MAP_ENDPOINTS,
  announcements: ANNOUNCEMENT_ENDPOINTS,
  photos: PHOTO_ENDPOINTS,
  moderation: MODERATION_ENDPOINTS,
  organizations: ORGANIZATION_ENDPOINTS,
  requests: REQUEST_ENDPOINTS,
  audit: AUDIT_ENDPOINTS,
  auditFeed: AUDIT_FEED_ENDPOINTS,
  analytics: ANALYTICS_ENDPOINTS,
  notifications: NOTIFICATION_ENDPOINTS,
  inventory: INVENTORY_ENDPOINTS,
  inventoryReports: INVENTORY_REPORT_ENDPOINTS,
  plans: PLAN_ENDPOINTS,
  inventoryPlans: INVENTORY_PLAN_ENDPOINTS,
  conversations: CONVERSATION_ENDPOINTS,
  savedSearches: SAVED_SEARCH_ENDPOINTS,
  venues: VENUE_ENDPOINTS,
  claimDeadlines: CLAIM_DEADLINE_ENDPOINTS,
  venueChecks: VENUE_CHECK_ENDPOINTS,
  venueCheckCandidates: VENUE_CHECK_CANDIDATE_ENDPOINTS,
} satisfies Record<string, Record<string, Endpoint>>;

/** The same endpoints as one list, in declaration order. */
export const API_ENDPOINTS: readonly Endpoint[] = Object.values(API_ENDPOINT_GROUPS).flatMap(
  (group): Endpoint[] => Object.values(group),
);

/** The OpenAPI 3.1 document of `API_ENDPOINT_GROUPS` (served by the gateway at /api/openapi.json). */
export function apiDocument(version: string): OpenApiDocument {
  return openApiDocument(API_ENDPOINT_GROUPS, {
    title: 'Tapıntı API',
    version,
    description: [
      'Tapıntı platformasının HTTP API-si (itirilmiş və tapılmış əşyalar).',
      '',
      '- Sessiya: `POST /api/login` və ya `POST /api/register` HttpOnly `tapinti_session` kukisini qoyur.',
      '- Hər imtina `{ "message": "…", "field"?: "…" }` formasındadır, mesaj azərbaycancadır.',
      '- Mətnlərdə NUL (`\\u0000`) və cütü olmayan surrogat (yanlış UTF-16) simvolları 400 ilə rədd edilir.',
      '- Sənəddə olmayan HTTP metodu 405 və `Allow` başlığı ilə cavablanır.',
      '- Vəziyyəti dəyişən sorğularda başqa saytdan gələn `Origin` 403 ilə rədd edilir (CSRF).',
    ].join('\n'),
  });
}
