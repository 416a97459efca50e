import { z } from 'zod';
import { REQUEST_LIMITS, type RequestLimits } from '@tapinti/contracts/requests-api';
import { loadConfig } from '@tapinti/platform/config';

const limit = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

/** The requests service's own settings, validated when its app is created (a bad value stops start-up). */
export const requestsConfigSchema = z.object({
  /** Pending or contacted requests one user may have at once (default 20). */
  REQUESTS_MAX_OPEN: limit(REQUEST_LIMITS.maxOpen),
  /** Requests one user may file within any hour (default 10). */
  REQUESTS_MAX_PER_HOUR: limit(REQUEST_LIMITS.maxPerHour),
});

export function requestLimitsFrom(env: NodeJS.ProcessEnv = process.env): RequestLimits {
  const config = loadConfig(requestsConfigSchema, env);
  return { maxOpen: config.REQUESTS_MAX_OPEN, maxPerHour: config.REQUESTS_MAX_PER_HOUR };
}
