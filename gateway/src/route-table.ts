import { SERVICE_MANIFEST, type ServiceName } from '@tapinti/runtime/service-manifest';

const segments = (prefix: string) => prefix.split('/').length;

/**
 * The one route table, from the service manifest: which service answers which path prefix, in both
 * run modes. A `:name` segment matches any one segment; longer prefixes are tried first, so a
 * sub-resource another service answers (`/api/organizations/:id/requests`) wins over its parent's.
 */
export const ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = SERVICE_MANIFEST.flatMap(
  (entry) => entry.prefixes.map((prefix) => ({ prefix, service: entry.name })),
).sort((a, b) => segments(b.prefix) - segments(a.prefix));

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
