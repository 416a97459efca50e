import pino, { type Logger } from 'pino';
import { currentContext } from './request-context';

export type { Logger };

/** One logger per process; every line carries the current request id when there is one. */
export function createLogger(name: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    mixin: () => {
      const context = currentContext();
      return context ? { requestId: context.requestId } : {};
    },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
      censor: '[redacted]',
    },
  });
}

/** `/api/objects/uploads/<token>`: the token is a capability (anyone holding it may upload). */
const UPLOAD_TOKEN = /(\/api\/objects\/uploads\/)[^/?#]+/g;
/** Query parameters of presigned or signed URLs (S3's X-Amz-*, tokens, signatures). */
const SECRET_QUERY_PARAMETER = /^(x-amz-.+|signature|sig|token|access[-_]?token|credential|key)$/i;

const nameOf = (parameter: string) => {
  const name = parameter.split('=', 1)[0]!;
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/** A URL as the access log may show it: upload tokens and signed query parameters redacted. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(UPLOAD_TOKEN, '$1[redacted]');
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((parameter) =>
      SECRET_QUERY_PARAMETER.test(nameOf(parameter)) ? `${parameter.split('=', 1)[0]}=[redacted]` : parameter,
    )
    .join('&');
  return `${path}?${query}`;
}

interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
}
interface LoggedResponse {
  statusCode?: number;
  headers?: Record<string, unknown>;
}

/**
 * The access log's request and response (pino-http serializers). At `info` one compact line per
 * request: method, path (redacted), status, response time and request id. Headers (cookies and
 * authorization still redacted by the logger) only when the logger is at `debug`.
 */
export function accessLogSerializers(verbose: boolean) {
  return {
    req: (req: LoggedRequest) => {
      const line = { id: req.id, method: req.method, url: redactUrl(String(req.url ?? '')) };
      if (!verbose) return line;
      const referer = req.headers?.referer;
      return {
        ...line,
        headers: { ...req.headers, ...(typeof referer === 'string' ? { referer: redactUrl(referer) } : {}) },
        remoteAddress: req.remoteAddress,
      };
    },
    res: (res: LoggedResponse) =>
      verbose ? { statusCode: res.statusCode, headers: res.headers } : { statusCode: res.statusCode },
  };
}
