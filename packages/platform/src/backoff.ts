/**
 * Exponential backoff, the one formula behind every retry and pacing delay: `base × 2^step`, at
 * most `max`, in the caller's unit (milliseconds or seconds). Doublings stop at 30, so a large step
 * stays a finite number; a negative step counts as 0.
 */
export function exponentialBackoff(step: number, base: number, max = Number.POSITIVE_INFINITY): number {
  return Math.min(max, base * 2 ** Math.min(Math.max(0, step), 30));
}
