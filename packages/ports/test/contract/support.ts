import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createLogger } from '@tapinti/platform/logger';

export const silentLogger = createLogger('test', 'silent');

/** A namespace of its own per run, so runs (and the files of one run) never see each other's data. */
export function uniqueNamespace(port: string): string {
  return `contract-${Date.now()}-${port}-${randomBytes(3).toString('hex')}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retries `assertion` until it passes or `timeoutMs` runs out, then throws its last error. */
export async function eventually<T>(
  assertion: () => T | Promise<T>,
  { timeoutMs = 20_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(intervalMs);
    }
  }
}

let sequence = 0;

export function envelope(
  streamId: string,
  streamVersion: number,
  type = 'contract.thing.happened',
): EventEnvelope<{ n: number }> {
  sequence += 1;
  return {
    eventId: `${streamId}-${streamVersion}-${randomBytes(4).toString('hex')}`,
    type,
    schemaVersion: 1,
    source: 'contract',
    streamId,
    streamVersion,
    position: sequence,
    payload: { n: streamVersion },
    metadata: {
      actorId: null,
      organizationId: null,
      ip: null,
      userAgent: null,
      correlationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}
