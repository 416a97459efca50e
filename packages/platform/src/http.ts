import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { errorHandler, NotFoundError } from './errors';
import { jsonBody } from './json-body';
import { accessLogSerializers, type Logger } from './logger';
import { httpMetrics } from './metrics';
import { runWithContext } from './request-context';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Accepts a well-formed incoming request id (from the gateway) or makes one, and scopes the request to it. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    runWithContext({ requestId: id }, next);
  };
}

/** The base every service app starts from: request ids, request metrics, access log, JSON bodies. */
export function createHttpApp(logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  // Services sit behind the gateway on loopback; the client address comes from X-Forwarded-For.
  app.set('trust proxy', 'loopback');
  app.use(requestId());
  app.use(httpMetrics());
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => String(req.headers[REQUEST_ID_HEADER]),
      // One compact line per request at info (headers at debug); upload tokens never in it.
      serializers: accessLogSerializers(logger.isLevelEnabled('debug')),
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      autoLogging: { ignore: (req) => req.url === '/healthz' },
    }),
  );
  app.use(jsonBody({ limit: '100kb' }));
  return app;
}

/** Closes an app: a JSON 404 for anything unmatched, then the single error handler. */
export function finishHttpApp(app: Express, logger: Logger): Express {
  app.use((_req, _res, next) => next(new NotFoundError('Belə ünvan yoxdur')));
  app.use(errorHandler(logger));
  return app;
}

/** Client address as the services see it (set by the gateway's X-Forwarded-For). */
export function clientIp(req: express.Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}

/**
 * Keeps idle client connections open longer than the clients (browsers, proxies, fetch) keep them,
 * so a client never reuses a connection at the moment the server closes it ("other side closed").
 * Node's 5 s default is under a load balancer's 60 s and barely above undici's 4 s.
 */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
