import type { Knex } from 'knex';
import type { Logger } from '@tapinti/platform/logger';
import type { EventBus } from '@tapinti/ports/event-bus';
import { START_CHECKPOINT, type EventStore, type ReadCheckpoint } from './event-store';

export interface RelayOptions {
  bus: EventBus;
  topic: string;
  logger: Logger;
  pollMs: number;
  batchSize?: number;
  maxBackoffMs?: number;
}

export interface Relay {
  start(): void;
  /** Look for new events now instead of at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
}

const CHECKPOINT = 'bus';

/**
 * Publishes committed events to the bus at least once, in the order of their transactions (so per
 * stream in version order). Appends to different streams commit concurrently and in any order,
 * so it reads only transactions older than every running one: nothing can commit behind the
 * checkpoint afterwards. The checkpoint moves only after the bus accepted a batch; through a
 * broker outage it keeps retrying with backoff, for as long as it takes (the bus client gives up
 * on its own after a few seconds).
 */
export function createRelay(knex: Knex, store: EventStore, options: RelayOptions): Relay {
  const checkpoints = `${store.schema}.relay_checkpoints`;
  const batchSize = options.batchSize ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  let running = false;
  let loopDone: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  let pending = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending) {
        pending = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function readCheckpoint(): Promise<ReadCheckpoint> {
    const row = await knex(checkpoints).where({ name: CHECKPOINT }).first();
    return row
      ? { transactionId: String(row.transaction_id), position: Number(row.position) }
      : START_CHECKPOINT;
  }

  async function loop() {
    let checkpoint = await readCheckpointWithRetry();
    let failures = 0;
    while (running) {
      try {
        const batch = await store.readCommittedAfter(checkpoint, batchSize);
        if (batch.events.length === 0) {
          await pause(options.pollMs);
          continue;
        }
        await options.bus.publish(options.topic, batch.events);
        const next = { transaction_id: batch.checkpoint.transactionId, position: batch.checkpoint.position };
        await knex(checkpoints)
          .insert({ name: CHECKPOINT, ...next })
          .onConflict('name')
          .merge(next);
        checkpoint = batch.checkpoint;
        if (failures > 0) options.logger.info({ topic: options.topic, checkpoint }, 'relay recovered');
        failures = 0;
      } catch (err) {
        failures += 1;
        const delay = Math.min(maxBackoffMs, 100 * 2 ** Math.min(failures, 10));
        options.logger.warn(
          { err, topic: options.topic, failures, retryInMs: delay },
          'relay publish failed; retrying',
        );
        await pause(delay);
      }
    }
  }

  async function readCheckpointWithRetry(): Promise<ReadCheckpoint> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await readCheckpoint();
      } catch (err) {
        if (!running) return START_CHECKPOINT;
        options.logger.warn({ err, attempt }, 'relay could not read its checkpoint; retrying');
        await pause(Math.min(maxBackoffMs, 100 * 2 ** attempt));
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    nudge() {
      if (wake) wake();
      else pending = true;
    },
    async stop() {
      running = false;
      wake?.();
      await loopDone;
    },
  };
}
