import path from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { API_ENDPOINTS, apiDocument } from '@tapinti/contracts/api-endpoints';
import type { Endpoint } from '@tapinti/contracts/endpoint';
import { MethodNotAllowedError } from '@tapinti/platform/errors';
import { GATEWAY_PATHS } from './route-table';

const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
/** The files of swagger-ui-dist the reference page loads (no CDN: served from the npm package). */
const SWAGGER_UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'];

const DOCS_PAGE = `<!doctype html>
<html lang="az">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Tapıntı API</title>
    <link rel="icon" type="image/png" href="${GATEWAY_PATHS.docs}/favicon-32x32.png" sizes="32x32" />
    <link rel="stylesheet" href="${GATEWAY_PATHS.docs}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${GATEWAY_PATHS.docs}/swagger-ui-bundle.js"></script>
    <script src="${GATEWAY_PATHS.docs}/init.js"></script>
  </body>
</html>
`;

// A file, not an inline script: the CSP allows scripts from this origin only.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(GATEWAY_PATHS.openApi)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  withCredentials: true,
});
`;

/**
 * GET /api/openapi.json (the OpenAPI 3.1 document generated from the endpoint contracts) and
 * GET /api/docs (Swagger UI from swagger-ui-dist's files). Public; answered by the gateway itself.
 */
export function apiDocsRouter(version: string): Router {
  const document = JSON.stringify(apiDocument(version));
  const router = express.Router({ strict: true });
  router.get(GATEWAY_PATHS.openApi, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/json').send(document);
  });
  router.get([GATEWAY_PATHS.docs, `${GATEWAY_PATHS.docs}/`], (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(DOCS_PAGE);
  });
  router.get(`${GATEWAY_PATHS.docs}/init.js`, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('application/javascript').send(INIT_SCRIPT);
  });
  for (const file of SWAGGER_UI_FILES) {
    router.get(`${GATEWAY_PATHS.docs}/${file}`, (_req, res, next) => {
      res.sendFile(path.join(SWAGGER_UI_DIR, file), { maxAge: '1d' }, (err) => err && next(err));
    });
  }
  return router;
}

interface PathMethods {
  pattern: RegExp;
  /** No `:param`: a concrete path wins over a template that also matches (`/my` over `/:id`). */
  concrete: boolean;
  methods: Set<string>;
}

/** `/api/announcements/:id` as a regex over the raw (still percent-encoded) path. */
function pathPattern(expressPath: string): RegExp {
  const escaped = expressPath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * A method a documented path does not take is 405 with `Allow` (and OPTIONS answers 204 with
 * `Allow`), as RFC 9110 wants, instead of the services' JSON 404: the method table is the
 * endpoint contracts' (plus the gateway's own GET paths).
 */
export function methodNotAllowed(endpoints: readonly Endpoint[] = API_ENDPOINTS): RequestHandler {
  const table = new Map<string, PathMethods>();
  const add = (expressPath: string, method: string) => {
    const entry = table.get(expressPath) ?? {
      pattern: pathPattern(expressPath),
      concrete: !expressPath.includes(':'),
      methods: new Set<string>(),
    };
    entry.methods.add(method.toUpperCase());
    table.set(expressPath, entry);
  };
  for (const endpoint of endpoints) add(endpoint.path, endpoint.method);
  for (const gatewayPath of Object.values(GATEWAY_PATHS)) add(gatewayPath, 'get');
  const entries = [...table.values()];

  return (req, res, next) => {
    let matching = entries.filter((e) => e.pattern.test(req.path));
    if (!matching.length) return next();
    if (matching.some((e) => e.concrete)) matching = matching.filter((e) => e.concrete);
    const allowed = new Set(matching.flatMap((e) => [...e.methods]));
    if (allowed.has('GET')) allowed.add('HEAD');
    allowed.add('OPTIONS');
    const allow = [...allowed];
    if (req.method === 'OPTIONS') {
      res.setHeader('Allow', allow.join(', '));
      res.status(204).end();
      return;
    }
    if (allowed.has(req.method)) return next();
    next(new MethodNotAllowedError(allow));
  };
}
