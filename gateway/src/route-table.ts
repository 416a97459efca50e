export const SERVICE_NAMES = [
  'auth',
  'announcements',
  'organizations',
  'requests',
  'audit',
  'notifications',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The gateway's variable naming a service's replicas: `PICKUP_POINTS_URL` for `pickup-points`. */
export const upstreamUrlVariable = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

/**
 * The one route table: which service answers which path prefix, in both run modes. The first
 * entry that matches wins; a `:name` segment matches any one segment, so a sub-resource another
 * service answers (`/api/organizations/:id/requests`) comes before its parent's prefix.
 */
export const ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: '/api/register', service: 'auth' },
  { prefix: '/api/login', service: 'auth' },
  { prefix: '/api/logout', service: 'auth' },
  { prefix: '/api/user', service: 'auth' },
  { prefix: '/api/profile', service: 'auth' },
  { prefix: '/api/invitations', service: 'auth' },
  { prefix: '/api/account', service: 'auth' },
  { prefix: '/api/verify-email', service: 'auth' },
  { prefix: '/api/verify-phone', service: 'auth' },
  { prefix: '/api/password-reset', service: 'auth' },
  { prefix: '/api/password', service: 'auth' },
  { prefix: '/api/sessions', service: 'auth' },
  { prefix: '/api/announcements', service: 'announcements' },
  { prefix: '/api/objects', service: 'announcements' },
  { prefix: '/api/moderation', service: 'announcements' },
  { prefix: '/objects', service: 'announcements' },
  { prefix: '/api/applications', service: 'organizations' },
  { prefix: '/api/organizations/:id/requests', service: 'requests' },
  { prefix: '/api/organizations', service: 'organizations' },
  { prefix: '/api/requests', service: 'requests' },
  { prefix: '/api/complaints', service: 'requests' },
  { prefix: '/api/audit-logs', service: 'audit' },
  { prefix: '/api/analytics', service: 'audit' },
  { prefix: '/api/search', service: 'audit' },
  { prefix: '/api/notifications', service: 'notifications' },
];

const MATCHERS = ROUTES.map((route) => {
  if (!route.prefix.includes('/:')) {
    return { route, matches: (path: string) => path === route.prefix || path.startsWith(`${route.prefix}/`) };
  }
  const pattern = route.prefix
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  const re = new RegExp(`^${pattern}(?:/|$)`);
  return { route, matches: (path: string) => re.test(path) };
});

/** Paths the gateway answers itself: the API's OpenAPI document and its browsable reference. */
export const GATEWAY_PATHS = {
  openApi: '/api/openapi.json',
  docs: '/api/docs',
} as const;

/** The route-table entry a path falls under (its prefix is also the gateway's metrics label). */
export function routeFor(path: string): { prefix: string; service: ServiceName } | undefined {
  return MATCHERS.find((m) => m.matches(path))?.route;
}

export function serviceFor(path: string): ServiceName | undefined {
  return routeFor(path)?.service;
}

/** Default service ports in distributed mode (gateway 8080). */
export const DEFAULT_SERVICE_PORTS: Record<ServiceName, number> = {
  auth: 8101,
  announcements: 8102,
  organizations: 8103,
  requests: 8104,
  audit: 8105,
  notifications: 8106,
};
