/**
 * Issue 21, finding 3: reports weigh by their reporter's standing, so a handful of throw-away
 * accounts cannot take an announcement off the board. The weights are documented in the README
 * (Moderation); the standing comes from this service's own read models (auth's events, past reviews).
 */

/** What this service knows of a reporter when they report. */
export interface ReporterStanding {
  /** A verified e-mail or phone, as auth's events told. */
  verified: boolean;
  /** Since their account was registered; null while auth's `registered` event has not arrived. */
  accountAgeMs: number | null;
  /** Their past reports a super admin upheld (hid the announcement) and rejected (kept it). */
  upheld: number;
  rejected: number;
}

export interface ReportWeightConfig {
  /** REPORT_TRUSTED_ACCOUNT_AGE_MS */
  trustedAccountAgeMs: number;
}

/** Reports whose weights add up to this hold an approved announcement for review (three trusted users). */
export const REPORT_WEIGHT_TO_HOLD = 3;

/** The weight of one report before its reporter's history: by verification and account age. */
const BASE_WEIGHT = {
  verifiedEstablished: 1,
  established: 0.3,
  verified: 0.2,
  fresh: 0.1,
} as const;

/** Each upheld report adds a quarter (at most 4 count); each rejected one halves the weight. */
const UPHELD_BONUS = 0.25;
const UPHELD_COUNTED = 4;
const REJECTED_FACTOR = 0.5;

export function reportWeight(standing: ReporterStanding, config: ReportWeightConfig): number {
  const established = standing.accountAgeMs !== null && standing.accountAgeMs >= config.trustedAccountAgeMs;
  const base = standing.verified
    ? established
      ? BASE_WEIGHT.verifiedEstablished
      : BASE_WEIGHT.verified
    : established
      ? BASE_WEIGHT.established
      : BASE_WEIGHT.fresh;
  const history =
    (1 + UPHELD_BONUS * Math.min(standing.upheld, UPHELD_COUNTED)) * REJECTED_FACTOR ** standing.rejected;
  // Three decimals: weights are added in the fold, and 0.1 + 0.2 must not miss a threshold by 1e-17.
  return Math.round(base * history * 1000) / 1000;
}
