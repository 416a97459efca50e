import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ForbiddenError, UnauthorizedError, type AppError } from './errors';

/**
 * Prometheus metrics of this process: one registry, whatever runs in it (one service in
 * distributed mode, every service and the gateway in embedded mode), so every series carries a
 * `service` (or `upstream`) label. Values computed from stores (relay lag, consumer lag, job
 * counts) are read at scrape time from the sources the running services register here.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];
/** Seconds; from a cached read to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The route label of a request no route matched (404s, probes): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

const httpRequests = new Counter({
  name: 'tapinti_http_requests_total',
  help: 'HTTP requests a service answered, by matched route pattern and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers,
});
const httpDuration = new Histogram({
  name: 'tapinti_http_request_duration_seconds',
  help: 'Time from a request reaching a service to its response being sent',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});
const gatewayRequests = new Counter({
  name: 'tapinti_gateway_requests_total',
  help: 'Requests through the gateway, by upstream service, route-table prefix and status',
  labelNames: ['upstream', 'route', 'method', 'status'] as const,
  registers,
});
const gatewayDuration = new Histogram({
  name: 'tapinti_gateway_request_duration_seconds',
  help: 'Time from a request reaching the gateway to its response being sent (upstream included)',
  labelNames: ['upstream', 'route', 'method', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers,
});
const consumedEvents = new Counter({
  name: 'tapinti_consumer_events_total',
  help: 'Events a consumer group has applied (its handler resolved, so the bus may move past them)',
  labelNames: ['service', 'group'] as const,
  registers,
});

type Source<T> = () => Promise<T | undefined>;
/** Per job name: jobs in each state (the JobQueue port's `counts()`). */
type JobStateCounts = Record<string, Record<'waiting' | 'delayed' | 'active' | 'failed', number>>;
const relayLagSources = new Map<string, Source<number>>();
const consumerLagSources = new Map<string, { service: string; group: string; source: Source<number> }>();
const jobCountSources = new Map<string, Source<JobStateCounts>>();

/** Adds a source; the returned function removes it again (a stopped service). */
function addSource<K, V>(map: Map<K, V>, key: K, value: V): () => void {
  map.set(key, value);
  return () => {
    if (map.get(key) === value) map.delete(key);
  };
}

/** How long a scrape waits for one source (a database or Redis that does not answer). */
const SOURCE_TIMEOUT_MS = 3000;

/**
 * A source that fails, hangs or has no answer leaves its series out of this scrape (an `absent()`
 * alert notices), never the whole scrape.
 */
async function settle<T>(source: Source<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SOURCE_TIMEOUT_MS);
    timer.unref?.();
  });
  try {
    return await Promise.race([source(), timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

new Gauge({
  name: 'tapinti_relay_lag_events',
  help: 'Events a service has appended that its relay has not yet published to the bus',
  labelNames: ['service'] as const,
  registers,
  async collect() {
    this.reset();
    await Promise.all(
      [...relayLagSources].map(async ([service, source]) => {
        const lag = await settle(source);
        if (lag !== undefined) this.set({ service }, lag);
      }),
    );
  },
});

new Gauge({
  name: 'tapinti_consumer_lag_events',
  help: "Events published to a consumer group's topics that the group has not yet applied",
  labelNames: ['service', 'group'] as const,
  registers,
  async collect() {
    this.reset();
    await Promise.all(
      [...consumerLagSources.values()].map(async ({ service, group, source }) => {
        const lag = await settle(source);
        if (lag !== undefined) this.set({ service, group }, lag);
      }),
    );
  },
});

new Gauge({
  name: 'tapinti_job_queue_jobs',
  // `job_name`, not `job`: Prometheus puts its scrape job in `job`.
  help: 'Jobs per job name and state (waiting, delayed, active, failed)',
  labelNames: ['service', 'job_name', 'state'] as const,
  registers,
  async collect() {
    this.reset();
    await Promise.all(
      [...jobCountSources].map(async ([service, source]) => {
        const counts = await settle(source);
        for (const [jobName, states] of Object.entries(counts ?? {}))
          for (const [state, count] of Object.entries(states))
            this.set({ service, job_name: jobName, state }, count);
      }),
    );
  },
});

/** The relay lag of a service that appends events, read at each scrape. */
export function registerRelayLag(service: string, source: Source<number>): () => void {
  return addSource(relayLagSources, service, source);
}

/** The lag of one consumer group, read at each scrape (undefined: the bus cannot tell). */
export function registerConsumerLag(service: string, group: string, source: Source<number>): () => void {
  return addSource(consumerLagSources, `${service}\u0000${group}`, { service, group, source });
}

/** A service's job counts by job name and state, read at each scrape. */
export function registerJobCounts(service: string, source: Source<JobStateCounts>): () => void {
  return addSource(jobCountSources, service, source);
}

/** Counts events a consumer group applied; `rate()` of it is the group's events per second. */
export function countConsumedEvents(service: string, group: string, count: number): void {
  if (count > 0) consumedEvents.inc({ service, group }, count);
}

const methodOf = (req: Request) => (METHODS.has(req.method) ? req.method : 'OTHER');

/** The express setting an app's HTTP metrics take their `service` label from. */
export const METRICS_SERVICE_SETTING = 'metrics service';

/**
 * Request count and latency of a service app by the express route pattern that matched
 * (`/api/announcements/:id`, never the URL with its ids), `unmatched` when none did.
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const service = String(req.app.get(METRICS_SERVICE_SETTING) ?? 'unknown');
    const stop = httpDuration.startTimer();
    res.once('finish', () => {
      const route = req.route ? `${req.baseUrl}${String(req.route.path)}` : UNMATCHED_ROUTE;
      const labels = { service, method: methodOf(req), route, status: String(res.statusCode) };
      httpRequests.inc(labels);
      stop(labels);
    });
    next();
  };
}

/** The gateway's count and latency, by upstream service and route-table prefix (`classify`). */
export function gatewayMetrics(
  classify: (req: Request) => { upstream: string; route: string },
): RequestHandler {
  return (req, res, next) => {
    const { upstream, route } = classify(req);
    const stop = gatewayDuration.startTimer();
    res.once('finish', () => {
      const labels = { upstream, route, method: methodOf(req), status: String(res.statusCode) };
      gatewayRequests.inc(labels);
      stop(labels);
    });
    next();
  };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read `/metrics`. With a token: only `Authorization: Bearer <token>`, from anywhere.
 * Without one: only a direct connection from this host — loopback, and no forwarding header, so
 * a reverse proxy on the same host does not make the internet "local".
 */
export function metricsAccessError(req: Request, token: string | undefined): AppError | null {
  if (token) {
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(digest(given), digest(token)) ? null : new UnauthorizedError();
  }
  const local = LOOPBACK.test(req.socket.remoteAddress ?? '');
  const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
  return local && !forwarded ? null : new ForbiddenError();
}

/** `GET /metrics` in the Prometheus text format, behind `metricsAccessError`; answers by itself. */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return async (req, res) => {
    const refused = metricsAccessError(req, token);
    if (refused) {
      if (refused.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      res.status(refused.status).json({ message: refused.message });
      return;
    }
    try {
      const body = await metricsRegistry.metrics();
      res.setHeader('Content-Type', metricsRegistry.contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(body);
    } catch {
      res.status(500).json({ message: 'metrics unavailable' });
    }
  };
}
