import { createRequire } from 'node:module';

/** kafkajs's own constant: how soon a queue blocked by in-flight requests looks again. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
}

/**
 * kafkajs 2.2.4 (the last release) spins every broker connection's request queue on a 1 ms timer
 * while nothing is pending (tulios/kafkajs#1556, #1704; the fix, PR #1667, was never released):
 * with nothing to send it still schedules a check, at a negative delay. Every idle service process
 * spent ≈ 4 % of a core on it. Here a check is scheduled only while requests wait — pushing one
 * and fulfilling one check the queue already, so nothing else needs the timer.
 */
export function fixKafkajsIdleRequestQueue(): void {
  const requireHere = createRequire(__filename);
  const RequestQueueClass = requireHere('kafkajs/src/network/requestQueue/index.js') as {
    prototype: RequestQueue & { scheduleCheckPendingRequests(): void };
  };
  RequestQueueClass.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(
    this: RequestQueue,
  ) {
    if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
    const untilUnthrottled = this.throttledUntil - Date.now();
    this.throttleCheckTimeoutId = setTimeout(
      () => {
        this.throttleCheckTimeoutId = null;
        this.checkPendingRequests();
      },
      untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
    );
  };
}
