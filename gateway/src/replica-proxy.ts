import http from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@tapinti/platform/logger';

/**
 * Methods sent again to another replica when the first one died before answering: repeating them
 * changes nothing. PUT and DELETE are not among them: here they append events (a second DELETE of
 * a session or a membership answers 404 instead of the first one's 204), and their bodies stream.
 */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Connection failures that say the replica is gone (crashed, killed, restarting), not slow. */
const DEAD_REPLICA_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET', // also "socket hang up": closed before any response byte
  'EPIPE',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Per connection: the agent's pool may hand out one socket per request. */
const HOP_BY_HOP_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding'];

/** Whether the client's request declares a body (HTTP/1.1: a length above zero or a chunked one). */
const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

export const isDeadReplicaError = (err: unknown) =>
  DEAD_REPLICA_CODES.has((err as NodeJS.ErrnoException)?.code ?? '');

interface Replica {
  url: string;
  inFlight: number;
  /** Skipped until then (ms since epoch) after it refused or reset a connection. */
  downUntil: number;
}

/**
 * The replicas of one service, balanced by fewest requests in flight (round robin among equals),
 * with passive health: a replica that refused or reset a connection is skipped for `downForMs`
 * while another one is up. When every one is marked down, the one marked longest ago is tried
 * anyway, so a lone replica is found again as soon as it has restarted.
 */
export class ReplicaPool {
  private readonly replicas: Replica[];
  private turn = 0;

  constructor(
    readonly service: string,
    urls: readonly string[],
    private readonly downForMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    if (!urls.length) throw new Error(`${service}: no replica URL`);
    this.replicas = urls.map((url) => ({ url: url.replace(/\/+$/, ''), inFlight: 0, downUntil: 0 }));
  }

  get urls(): string[] {
    return this.replicas.map((r) => r.url);
  }

  /** The replica to send the next request to, other than `except`; none when `except` is the only one. */
  pick(except?: Replica): Replica | undefined {
    const candidates = this.replicas.filter((r) => r !== except);
    if (!candidates.length) return undefined;
    const now = this.now();
    const up = candidates.filter((r) => r.downUntil <= now);
    if (!up.length) return candidates.reduce((a, b) => (b.downUntil < a.downUntil ? b : a));
    const start = this.turn++ % up.length;
    const rotated = [...up.slice(start), ...up.slice(0, start)];
    return rotated.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
  }

  markDown(replica: Replica): void {
    replica.downUntil = this.now() + this.downForMs;
  }

  /** A GET of `path` from one replica, sent once more to another when the first is gone. */
  async fetch(path: string, init: RequestInit = {}): Promise<globalThis.Response> {
    const first = this.pick()!;
    try {
      return await fetch(`${first.url}${path}`, init);
    } catch (err) {
      const other = isDeadReplicaError((err as Error).cause) ? this.pick(first) : undefined;
      if (!other) throw err;
      this.markDown(first);
      return fetch(`${other.url}${path}`, init);
    }
  }
}

/**
 * Idle time after which the gateway closes a pooled connection to a replica itself. Node's agent
 * otherwise keeps an idle socket for ever (it only heeds the service's `Keep-Alive: timeout=65` hint
 * when given a timeout of its own), so a socket idle for the service's 65 s (`keepIdleConnections`)
 * could be handed to a request just as the service closed it: "socket hang up", a 503 for a POST
 * (seen by the fuzz stage on a loaded machine). Half the service's time leaves room for late timers.
 */
const IDLE_UPSTREAM_SOCKET_MS = 30_000;

/** The connection pool of the gateway's proxies: kept alive, let go well before a replica would close it. */
export function upstreamAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_UPSTREAM_SOCKET_MS });
}

export interface ReplicaProxyOptions {
  agent: http.Agent;
  logger: Logger;
  /** Idle time after which a request to a replica is abandoned (the socket's timeout). */
  timeoutMs: number;
}

/** About how long a restarting service takes to answer again. */
const RETRY_AFTER_SECONDS = 5;
const UNAVAILABLE_MESSAGE = 'Xidmət müvəqqəti əlçatan deyil. Bir az sonra yenidən cəhd edin';

/** No replica could take the request (down or restarting): the client may retry shortly, so 503 with Retry-After. */
function unavailable(res: Response) {
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'retry-after': String(RETRY_AFTER_SECONDS),
  });
  res.end(JSON.stringify({ message: UNAVAILABLE_MESSAGE }));
}

/**
 * Proxies a request to one replica of the pool. One that met a dead replica is sent once to
 * another when that is safe: an idempotent method, or any method whose connection was never
 * established (the replica refused it, so not one byte of the request reached it).
 */
export function replicaProxy(pool: ReplicaPool, options: ReplicaProxyOptions): RequestHandler {
  const { agent, logger, timeoutMs } = options;

  function forward(req: Request, res: Response, replica: Replica, retried: boolean) {
    replica.inFlight++;
    let released = false;
    const release = () => {
      if (!released) replica.inFlight--;
      released = true;
    };
    const target = new URL(replica.url);
    const headers = { ...req.headers };
    for (const name of HOP_BY_HOP_HEADERS) delete headers[name];
    const proxyReq = http.request({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: req.method,
      path: `${target.pathname.replace(/\/$/, '')}${req.url}`,
      headers,
      agent,
    });
    let connected = false;
    let answered = false;
    let timedOut = false;

    // The body goes out once the connection stands: a refused connection leaves it unread, for another replica.
    const sendBody = () => {
      connected = true;
      if (req.readableEnded) proxyReq.end();
      else req.pipe(proxyReq);
    };
    proxyReq.on('socket', (socket) => {
      if (socket.connecting) socket.once('connect', sendBody);
      else sendBody();
    });
    proxyReq.setTimeout(timeoutMs, () => {
      timedOut = true;
      proxyReq.destroy();
    });
    res.once('close', () => {
      // The client went away before the whole answer reached it.
      if (!res.writableFinished) proxyReq.destroy();
    });

    proxyReq.on('response', (proxyRes) => {
      answered = true;
      res.statusCode = proxyRes.statusCode ?? 502;
      if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
      for (const [name, value] of Object.entries(proxyRes.headers))
        if (value !== undefined && !HOP_BY_HOP_HEADERS.includes(name)) res.setHeader(name, value);
      proxyRes.pipe(res);
      proxyRes.once('close', () => {
        release();
        // Cut off mid-answer (the replica died while streaming): the client sees the connection drop.
        if (!proxyRes.complete) res.destroy();
      });
    });

    proxyReq.on('error', (err) => {
      release();
      if (answered || res.writableEnded || res.destroyed) return;
      const dead = !timedOut && isDeadReplicaError(err);
      if (dead) pool.markDown(replica);
      // Never connected: nothing was sent. Idempotent: sent whole (its body read to the end, or it has
      // none — a GET written on a pooled socket can meet the reset before its empty body was piped).
      const safeToRepeat =
        !connected || (IDEMPOTENT_METHODS.has(req.method) && (req.readableEnded || !hasBody(req)));
      const other = dead && safeToRepeat && !retried ? pool.pick(replica) : undefined;
      if (other) {
        logger.warn(
          { err, service: pool.service, replica: replica.url },
          'replica unreachable, trying another',
        );
        forward(req, res, other, true);
        return;
      }
      logger.error({ err, service: pool.service, replica: replica.url }, 'upstream unreachable');
      if (!res.headersSent) unavailable(res);
      else res.destroy();
    });
  }

  return (req, res) => forward(req, res, pool.pick()!, false);
}
