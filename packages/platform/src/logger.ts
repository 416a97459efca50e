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
