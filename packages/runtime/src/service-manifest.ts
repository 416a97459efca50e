/**
 * The one place a service is registered. Everything else reads this list (the gateway's route
 * table and upstreams, embedded mode, the test harness, rebuild-read-models) or is generated from
 * it by `npm run generate` (scripts/generate.ts): gateway/src/service-modules.ts, the gateway's
 * dependencies, docker-compose.yml's service blocks, the Kubernetes workloads
 * (infra/kubernetes/base/services.generated.yaml), infra/prometheus/prometheus.yml's targets and
 * infra/local/services.generated.json (for stack-up.sh, stack-down.sh and build-server.mjs). CI
 * fails when a generated file is not current.
 *
 * A service `<name>` lives in `services/<name>/` as the package `@tapinti/<name>-service`, whose
 * `src/module.ts` exports `<camelName>Module` and whose `src/main.ts` is its process (the template in
 * docs/architecture.md).
 */
export interface ServiceEntry {
  /** Lower-case, hyphens allowed: also the Postgres schema's, the topic's and the log's name. */
  name: string;
  /** Its port in distributed mode on one host (`npm run stack`, docker-compose); the gateway is 8080. */
  port: number;
  /**
   * The path prefixes it answers through the gateway. A `:name` segment matches any one segment;
   * a longer prefix wins over a shorter one it extends (`/api/organizations/:id/requests` over
   * `/api/organizations`).
   */
  prefixes: readonly string[];
  /** Processes `npm run stack` and docker-compose run of it; the gateway balances among them. */
  replicas: number;
}

export const SERVICE_MANIFEST = [
  {
    name: 'auth',
    port: 8101,
    replicas: 1,
    prefixes: [
      '/api/register',
      '/api/login',
      '/api/logout',
      '/api/user',
      '/api/profile',
      '/api/invitations',
      '/api/account',
      '/api/verify-email',
      '/api/verify-phone',
      '/api/password-reset',
      '/api/password',
      '/api/sessions',
    ],
  },
  {
    name: 'announcements',
    port: 8102,
    replicas: 1,
    prefixes: ['/api/announcements', '/api/objects', '/api/moderation', '/objects'],
  },
  {
    name: 'organizations',
    port: 8103,
    replicas: 1,
    prefixes: ['/api/applications', '/api/organizations', '/api/venues'],
  },
  {
    name: 'requests',
    port: 8104,
    replicas: 1,
    prefixes: [
      '/api/organizations/:id/requests',
      '/api/requests',
      '/api/complaints',
      '/api/organizations/:id/venue-checks',
      '/api/venue-checks',
    ],
  },
  {
    name: 'audit',
    port: 8105,
    replicas: 1,
    prefixes: ['/api/audit-logs', '/api/analytics', '/api/search'],
  },
  {
    name: 'notifications',
    port: 8106,
    replicas: 1,
    prefixes: ['/api/notifications'],
  },
  {
    name: 'inventory',
    port: 8107,
    replicas: 1,
    prefixes: ['/api/organizations/:id/inventory', '/api/inventory'],
  },
  {
    name: 'conversations',
    port: 8108,
    replicas: 1,
    prefixes: ['/api/conversations'],
  },
] as const satisfies readonly ServiceEntry[];

export type ServiceName = (typeof SERVICE_MANIFEST)[number]['name'];

/** Every service, in start order (embedded mode starts them in it and stops them in reverse). */
export const SERVICE_NAMES: readonly ServiceName[] = SERVICE_MANIFEST.map((s) => s.name);

export const serviceEntry = (name: ServiceName): ServiceEntry =>
  SERVICE_MANIFEST.find((s) => s.name === name)!;

/** The gateway's variable naming a service's replicas: `PICKUP_POINTS_URL` for `pickup-points`. */
export const upstreamUrlVariable = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

/** Replica n (from 1) of a service runs on its port plus (n - 1) × this, on one host. */
const REPLICA_PORT_STRIDE = 1000;

/**
 * The processes of a service on one host: the first named as the service, further replicas
 * `<name>@<n>` (`npm run stack`'s pid and log files), each on its own port.
 */
export const replicasOf = (entry: ServiceEntry): { process: string; replica: number; port: number }[] =>
  Array.from({ length: entry.replicas }, (_, i) => ({
    process: i === 0 ? entry.name : `${entry.name}@${i + 1}`,
    replica: i + 1,
    port: entry.port + i * REPLICA_PORT_STRIDE,
  }));
