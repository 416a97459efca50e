import { eventually as sharedEventually } from '../../../../test/support/eventually';
import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createLogger } from '@tapinti/platform/logger';

export const silentLogger = createLogger('test', 'silent');

/** A namespace of its own per run, so runs (and the files of one run) never see each other's data. */
export function uniqueNamespace(port: string): string {
  return `contract-${Date.now()}-${port}-${randomBytes(3).toString('hex')}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The shared `eventually`, with a longer default: brokers and queues take seconds, not ms. */
export const eventually = <T>(
  assertion: () => T | Promise<T>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
) => sharedEventually(assertion, { timeoutMs: 20_000, ...options });

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
      addressKey: null,
      userAgent: null,
      correlationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}
