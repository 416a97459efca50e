import { createHash } from 'node:crypto';
import { APPLICATION_THROTTLE, ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { TooManyRequestsError } from '@tapinti/platform/errors';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';
import type { Clock } from '@tapinti/runtime/service-module';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Applications per sender per hour on the key-value port (Redis in distributed mode, the
 * database in embedded): a fixed window that starts with the sender's first application. The
 * sender is the client address for anonymous callers, the user for signed-in ones. Keys hold
 * digests only.
 */
export function createApplicationThrottle(kv: KeyValueStore, clock: Clock) {
  const { maxPerWindow, windowSeconds } = APPLICATION_THROTTLE;
  return {
    /** Counts this application; throws 429 (with Retry-After) once the sender is over the limit. */
    async hit(sender: string): Promise<void> {
      const digest = sha256(sender);
      const countKey = `organizations:applications:${digest}`;
      const startKey = `organizations:applications-window:${digest}`;
      const count = await kv.increment(countKey, windowSeconds);
      const now = clock().getTime();
      if (count === 1) {
        await kv.set(startKey, String(now), windowSeconds);
        return;
      }
      if (count <= maxPerWindow) return;
      const start = Number(await kv.get(startKey)) || now;
      const retryAfter = Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000));
      throw new TooManyRequestsError(ORGANIZATION_MESSAGES.throttled, retryAfter);
    },
  };
}
