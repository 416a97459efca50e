import type { RequestHandler } from 'express';
import { ForbiddenError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests a browser sends from another site (CSRF): the Origin, when
 * present, must be this host or an allowed origin, and Sec-Fetch-Site must not be cross-site.
 * Non-browser clients send neither header and pass.
 */
export function originGuard(allowedOrigins: string[] = []): RequestHandler {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (site === 'cross-site') return next(new ForbiddenError('Bu mənbədən sorğuya icazə verilmir'));
    if (origin && origin !== 'null') {
      let host: string;
      try {
        host = new URL(origin).host;
      } catch {
        return next(new ForbiddenError('Bu mənbədən sorğuya icazə verilmir'));
      }
      if (host !== req.headers.host && !allowed.has(origin))
        return next(new ForbiddenError('Bu mənbədən sorğuya icazə verilmir'));
    } else if (origin === 'null') {
      return next(new ForbiddenError('Bu mənbədən sorğuya icazə verilmir'));
    }
    next();
  };
}
