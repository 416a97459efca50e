import { z } from 'zod';
import { REQUEST_LIMITS, type RequestLimits } from '@tapinti/contracts/requests-api';
import { VENUE_CHECK_LIMITS, type VenueCheckLimits } from '@tapinti/contracts/venue-checks-api';
import { loadConfig } from '@tapinti/platform/config';

const limit = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

/** The requests service's own settings, validated when its app is created (a bad value stops start-up). */
export const requestsConfigSchema = z.object({
  /** Pending or contacted requests one user may have at once (default 20). */
  REQUESTS_MAX_OPEN: limit(REQUEST_LIMITS.maxOpen),
  /** Requests one user may file within any hour (default 10). */
  REQUESTS_MAX_PER_HOUR: limit(REQUEST_LIMITS.maxPerHour),
  /**
   * Issue 26: how long one hour of an answer deadline lasts, in ms (default an hour). A test
   * platform sets it small (at least 50 ms: basic's 48 "hours" then take 2.4 s).
   */
  CLAIM_DEADLINE_HOUR_MS: z.coerce.number().int().min(50).max(3_600_000).default(3_600_000),
  /** How often the deadline job looks for claims due a reminder or an escalation (default a minute). */
  CLAIM_DEADLINE_CHECK_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Issue 26 point 1: venues one user may ask within any 24 hours (default 20). */
  VENUE_CHECKS_MAX_PER_USER_PER_DAY: limit(VENUE_CHECK_LIMITS.maxPerUserPerDay),
  /** Times one user may ask the same venue within any 7 days (default 3). */
  VENUE_CHECKS_MAX_PER_USER_VENUE_PER_WEEK: limit(VENUE_CHECK_LIMITS.maxPerUserVenuePerWeek),
  /** Asks one venue may receive within any 24 hours (default 100). */
  VENUE_CHECKS_MAX_PER_VENUE_PER_DAY: limit(VENUE_CHECK_LIMITS.maxPerVenuePerDay),
});

/** The answer deadlines' settings (validated: a bad value stops start-up). */
export function answerDeadlineSettingsFrom(env: NodeJS.ProcessEnv = process.env) {
  const config = loadConfig(requestsConfigSchema, env);
  return { hourMs: config.CLAIM_DEADLINE_HOUR_MS, checkEveryMs: config.CLAIM_DEADLINE_CHECK_EVERY_MS };
}

export function requestLimitsFrom(env: NodeJS.ProcessEnv = process.env): RequestLimits {
  const config = loadConfig(requestsConfigSchema, env);
  return { maxOpen: config.REQUESTS_MAX_OPEN, maxPerHour: config.REQUESTS_MAX_PER_HOUR };
}

export function venueCheckLimitsFrom(env: NodeJS.ProcessEnv = process.env): VenueCheckLimits {
  const config = loadConfig(requestsConfigSchema, env);
  return {
    maxPerUserPerDay: config.VENUE_CHECKS_MAX_PER_USER_PER_DAY,
    maxPerUserVenuePerWeek: config.VENUE_CHECKS_MAX_PER_USER_VENUE_PER_WEEK,
    maxPerVenuePerDay: config.VENUE_CHECKS_MAX_PER_VENUE_PER_DAY,
  };
}
