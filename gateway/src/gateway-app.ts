import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import { errorHandler, NotFoundError } from '@tapinti/platform/errors';
import { requestId } from '@tapinti/platform/http';
import { mapTileImageSource, type SharedConfig } from '@tapinti/platform/config';
import type { Logger } from '@tapinti/platform/logger';
import { gatewayMetrics, metricsEndpoint, UNMATCHED_ROUTE } from '@tapinti/platform/metrics';
import { originGuard } from '@tapinti/platform/origin-guard';
import gatewayPackage from '../package.json';
import { apiDocsRouter, methodNotAllowed } from './api-docs';
import { hasFirstScreen, withFirstScreen } from './first-screen';
import { compressAnswers, precompressedStatic } from './precompressed-static';
import { clientRateLimits, type RateLimitSettings } from './rate-limits';
import type { ServiceName } from '@tapinti/runtime/service-manifest';
import { routeFor, serviceFor } from './route-table';
import { sharePagesRouter, type SharePagesDeps } from './share-pages';

export interface GatewayDeps {
  logger: Logger;
  /** How each service is reached: a proxy (distributed) or its app mounted in-process (embedded). */
  /** Services with an HTTP part; a path routed to one without gets the JSON 404. */
  upstreams: Partial<Record<ServiceName, RequestHandler>>;
  /** Resolves when every upstream and store answers; rejects otherwise. */
  ready(): Promise<void>;
  /** The built web app (index.html and assets). */
  webDir: string;
  /** Extra origins the browser may send files to (a presigned S3 endpoint). */
  uploadOrigins?: string[];
  /** The map's tile URL (MAP_TILE_URL): its host may serve images to the page. */
  mapTileUrl?: string;
  allowedOrigins?: string[];
  /** `/metrics` wants this bearer token; without one it answers only direct loopback requests. */
  metricsToken?: string;
  /** Which proxies say who the client is (TRUST_PROXY) and the per-client limits (rate-limits.ts). */
  clientLimits: RateLimitSettings & Pick<SharedConfig, 'TRUST_PROXY'>;
  /** `/elan/:id` with link-preview tags and `/sitemap.xml` (share-pages.ts); without it, the plain app. */
  sharePages?: Pick<SharePagesDeps, 'publicUrl' | 'readApi'>;
}

/** Identity is established by the services from the session cookie; a client never sets it. */
const IDENTITY_HEADER = /^x-(user|caller|tapinti|organization|role|auth)/i;

function stripClientIdentity(): RequestHandler {
  return (req, _res, next) => {
    for (const name of Object.keys(req.headers)) if (IDENTITY_HEADER.test(name)) delete req.headers[name];
    // The client address is the socket's, or what the proxies TRUST_PROXY names say (req.ip);
    // whatever else the client claims is dropped.
    const ip = req.ip ?? req.socket.remoteAddress ?? '';
    req.headers['x-forwarded-for'] = ip;
    // Embedded services read req.ip on this same request object, under their own `trust proxy`.
    Object.defineProperty(req, 'ip', { value: ip, configurable: true, enumerable: true });
    next();
  };
}

/** The gateway's metrics labels: the upstream and route-table prefix, never the raw path. */
function metricsLabels(req: express.Request): { upstream: string; route: string } {
  const route = routeFor(req.path);
  if (route) return { upstream: route.service, route: route.prefix };
  if (req.path === '/healthz' || req.path === '/readyz') return { upstream: 'gateway', route: req.path };
  if (req.path === '/api' || req.path.startsWith('/api/'))
    return { upstream: 'none', route: UNMATCHED_ROUTE };
  return { upstream: 'web', route: 'web' };
}

export function createGatewayApp(deps: GatewayDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.clientLimits.TRUST_PROXY);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // styled-components injects its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(deps.mapTileUrl ? [mapTileImageSource(deps.mapTileUrl)] : []),
          ],
          connectSrc: ["'self'", ...(deps.uploadOrigins ?? [])],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // The platform also runs on plain HTTP (localhost); HTTPS deployments get HSTS instead.
          upgradeInsecureRequests: null,
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(requestId());
  app.use(compressAnswers());
  // Before the client address is rewritten (the loopback rule looks at forwarding headers); never under /api.
  app.get('/metrics', metricsEndpoint(deps.metricsToken));
  app.use(gatewayMetrics(metricsLabels));
  app.use(stripClientIdentity());
  // A documented path with a method it does not take: 405 with `Allow`, whichever service it is;
  // OPTIONS answered with every documented method. Before the rate limits, whose router would
  // answer OPTIONS itself with only the methods it limits (GET of `/api/announcements/:id`).
  app.use(methodNotAllowed());
  app.use(clientRateLimits(deps.clientLimits, deps.logger));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await deps.ready();
      res.json({ status: 'ready' });
    } catch (err) {
      // The reason (a store's own error text) goes to the log only: the public sees the status.
      deps.logger.warn({ err }, 'gateway not ready');
      res.status(503).json({ status: 'not ready' });
    }
  });

  app.use(originGuard(deps.allowedOrigins));
  app.use(apiDocsRouter(gatewayPackage.version));
  app.use((req, res, next) => {
    const service = serviceFor(req.path);
    const upstream = service && deps.upstreams[service];
    if (!upstream) return next();
    upstream(req, res, next);
  });
  app.use('/api', (_req, _res, next) => next(new NotFoundError('Belə ünvan yoxdur')));
  if (deps.sharePages)
    app.use(sharePagesRouter({ ...deps.sharePages, webDir: deps.webDir, logger: deps.logger }));

  const indexHtml = path.join(deps.webDir, 'index.html');
  app.use(precompressedStatic(deps.webDir));
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!fs.existsSync(indexHtml)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    if (!hasFirstScreen(req.path)) return res.sendFile(indexHtml);
    // The first screen is named in the HTML itself: no script stands between the page and its paint.
    res.vary('Cookie');
    fs.promises
      .readFile(indexHtml, 'utf8')
      .then((html) => res.type('html').send(withFirstScreen(html, req.path, req.headers.cookie)), next);
  });
  app.use((_req, _res, next) => next(new NotFoundError('Belə ünvan yoxdur')));
  app.use(errorHandler(deps.logger));
  return app;
}
