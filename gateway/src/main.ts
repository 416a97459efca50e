import path from 'node:path';
import { z } from 'zod';
import type { RequestHandler } from 'express';
import {
  ConfigError,
  loadConfig,
  metricsTokenSchema,
  publicUrlOf,
  sharedConfigSchema,
} from '@tapinti/platform/config';
import { keepIdleConnections } from '@tapinti/platform/http';
import { createLogger } from '@tapinti/platform/logger';
import {
  SERVICE_NAMES,
  serviceEntry,
  upstreamUrlVariable,
  type ServiceName,
} from '@tapinti/runtime/service-manifest';
import { createGatewayApp } from './gateway-app';
import { ReplicaPool, replicaProxy, upstreamAgent } from './replica-proxy';
import { serviceFor } from './route-table';

/** A service's replicas: `<NAME>_URL`, comma-separated base URLs (its default port on this host). */
const replicaUrls = (service: ServiceName) =>
  z
    .string()
    .default(`http://127.0.0.1:${serviceEntry(service).port}`)
    .transform((list) =>
      list
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()).min(1, 'at least one URL'));

const gatewayConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  WEB_DIR: z.string().default(path.resolve(__dirname, '../../web/dist')),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  ...Object.fromEntries(SERVICE_NAMES.map((s) => [upstreamUrlVariable(s), replicaUrls(s)])),
  METRICS_TOKEN: metricsTokenSchema,
  // Client addresses and per-client limits (rate-limits.ts); counters in Redis when KV_STORE=redis.
  ...sharedConfigSchema.pick({
    TRUST_PROXY: true,
    PUBLIC_URL: true,
    MAP_TILE_URL: true,
    BUS: true,
    KV_STORE: true,
    REDIS_URL: true,
    NAMESPACE: true,
    RATE_LIMIT_LOGIN: true,
    RATE_LIMIT_REGISTER: true,
    RATE_LIMIT_APPLICATIONS: true,
    RATE_LIMIT_UPLOADS: true,
    RATE_LIMIT_DETAILS: true,
    RATE_LIMIT_DETAILS_ADDRESS: true,
    RATE_LIMIT_POSTING: true,
    RATE_LIMIT_CLAIMS_ADDRESS: true,
    RATE_LIMIT_NEW_ACCOUNTS_ADDRESS: true,
    NEW_ACCOUNT_AGE_MS: true,
    RATE_LIMIT_COMPLAINTS: true,
    RATE_LIMIT_SAVED_SEARCHES: true,
    // Per-account limits know an account only from a session token the gateway can verify.
    JWT_SECRET: true,
    PASSWORD_HASH_CONCURRENCY: true,
    PASSWORD_HASH_QUEUE: true,
  }).shape,
});

const logger = createLogger('gateway');
let config: z.infer<typeof gatewayConfigSchema>;
try {
  config = loadConfig(gatewayConfigSchema);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`[gateway] ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const pools = Object.fromEntries(
  SERVICE_NAMES.map((service) => [
    service,
    new ReplicaPool(service, (config as unknown as Record<string, string[]>)[upstreamUrlVariable(service)]!),
  ]),
) as Record<ServiceName, ReplicaPool>;

const agent = upstreamAgent();
const upstreams = Object.fromEntries(
  SERVICE_NAMES.map((service) => [
    service,
    replicaProxy(pools[service], {
      agent,
      logger,
      timeoutMs: 30_000,
    }),
  ]),
) as Record<ServiceName, RequestHandler>;

/** Ready when every service has a ready replica. */
async function ready() {
  const results = await Promise.all(
    SERVICE_NAMES.map(async (service) => {
      const answers = await Promise.all(
        pools[service].urls.map(async (url) => {
          try {
            const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
            return res.ok ? null : `${res.status}`;
          } catch (err) {
            return (err as Error).message;
          }
        }),
      );
      return answers.includes(null) ? null : `${service}: ${answers.join('; ')}`;
    }),
  );
  const failing = results.filter(Boolean);
  if (failing.length) throw new Error(`not ready: ${failing.join(', ')}`);
}

const uploadOrigin = config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT;
const app = createGatewayApp({
  logger,
  upstreams,
  ready,
  webDir: config.WEB_DIR,
  uploadOrigins: uploadOrigin ? [new URL(uploadOrigin).origin] : [],
  mapTileUrl: config.MAP_TILE_URL,
  allowedOrigins: config.ALLOWED_ORIGINS.split(',').filter(Boolean),
  metricsToken: config.METRICS_TOKEN,
  clientLimits: config,
  sharePages: {
    publicUrl: publicUrlOf(config),
    readApi: (apiPath) => {
      const service = serviceFor(apiPath);
      if (!service) throw new Error(`no service answers ${apiPath}`);
      return pools[service].fetch(apiPath, { signal: AbortSignal.timeout(10_000) });
    },
  },
});
const server = app.listen(config.PORT, config.HOST, () =>
  logger.info(`gateway listening on http://${config.HOST}:${config.PORT}`),
);
keepIdleConnections(server);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    server.close();
    agent.destroy();
    process.exit(0);
  });
