import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { RequestHandler } from 'express';
import {
  ConfigError,
  loadConfig,
  metricsTokenSchema,
  publicUrlOf,
  sharedConfigSchema,
} from '@tapinti/platform/config';
import { createLogger } from '@tapinti/platform/logger';
import { createGatewayApp } from './gateway-app';
import { DEFAULT_SERVICE_PORTS, SERVICE_NAMES, serviceFor, type ServiceName } from './route-table';

const upstreamUrl = (service: ServiceName) =>
  z.url().default(`http://127.0.0.1:${DEFAULT_SERVICE_PORTS[service]}`);

const gatewayConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  WEB_DIR: z.string().default(path.resolve(__dirname, '../../web/dist')),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  AUTH_URL: upstreamUrl('auth'),
  ANNOUNCEMENTS_URL: upstreamUrl('announcements'),
  ORGANIZATIONS_URL: upstreamUrl('organizations'),
  REQUESTS_URL: upstreamUrl('requests'),
  AUDIT_URL: upstreamUrl('audit'),
  NOTIFICATIONS_URL: upstreamUrl('notifications'),
  METRICS_TOKEN: metricsTokenSchema,
  // Client addresses and per-client limits (rate-limits.ts); counters in Redis when KV_STORE=redis.
  ...sharedConfigSchema.pick({
    TRUST_PROXY: true,
    PUBLIC_URL: true,
    BUS: true,
    KV_STORE: true,
    REDIS_URL: true,
    NAMESPACE: true,
    RATE_LIMIT_LOGIN: true,
    RATE_LIMIT_REGISTER: true,
    RATE_LIMIT_APPLICATIONS: true,
    RATE_LIMIT_UPLOADS: true,
    RATE_LIMIT_DETAILS: true,
    RATE_LIMIT_COMPLAINTS: true,
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

const targets: Record<ServiceName, string> = {
  auth: config.AUTH_URL,
  announcements: config.ANNOUNCEMENTS_URL,
  organizations: config.ORGANIZATIONS_URL,
  requests: config.REQUESTS_URL,
  audit: config.AUDIT_URL,
  notifications: config.NOTIFICATIONS_URL,
};

/** About how long a restarting service takes to answer again. */
const UPSTREAM_RETRY_AFTER_SECONDS = 5;
const UPSTREAM_UNAVAILABLE_MESSAGE = 'Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const upstreams = Object.fromEntries(
  SERVICE_NAMES.map((service) => [
    service,
    createProxyMiddleware({
      target: targets[service],
      changeOrigin: false,
      agent,
      proxyTimeout: 30_000,
      on: {
        // A service that is down or restarting (connection refused or reset): the client may retry
        // shortly, so 503 with Retry-After rather than a bare 502.
        error: (err, _req, res) => {
          logger.error({ err, service }, 'upstream unreachable');
          if ('writeHead' in res && !res.headersSent) {
            res.writeHead(503, {
              'content-type': 'application/json; charset=utf-8',
              'retry-after': String(UPSTREAM_RETRY_AFTER_SECONDS),
            });
            res.end(JSON.stringify({ message: UPSTREAM_UNAVAILABLE_MESSAGE }));
          }
        },
      },
    }) as RequestHandler,
  ]),
) as Record<ServiceName, RequestHandler>;

async function ready() {
  const results = await Promise.all(
    SERVICE_NAMES.map(async (service) => {
      try {
        const res = await fetch(`${targets[service]}/readyz`, { signal: AbortSignal.timeout(2000) });
        return res.ok ? null : `${service}: ${res.status}`;
      } catch (err) {
        return `${service}: ${(err as Error).message}`;
      }
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
  allowedOrigins: config.ALLOWED_ORIGINS.split(',').filter(Boolean),
  metricsToken: config.METRICS_TOKEN,
  clientLimits: config,
  sharePages: {
    publicUrl: publicUrlOf(config),
    readApi: (apiPath) => {
      const service = serviceFor(apiPath);
      if (!service) throw new Error(`no service answers ${apiPath}`);
      return fetch(`${targets[service]}${apiPath}`, { signal: AbortSignal.timeout(10_000) });
    },
  },
});
const server = app.listen(config.PORT, config.HOST, () =>
  logger.info(`gateway listening on http://${config.HOST}:${config.PORT}`),
);
server.keepAliveTimeout = 65_000;
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    server.close();
    agent.destroy();
    process.exit(0);
  });
