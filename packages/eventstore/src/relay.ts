import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from '@tapinti/platform/logger';
import type { EventBus } from '@tapinti/ports/event-bus';
import type { EventStore, ReadCheckpoint } from './event-store';
import { relayChannel } from './event-store-schema';
import { exponentialBackoff } from '@tapinti/platform/backoff';
import { listenTo } from '@tapinti/platform/db';

export interface RelayOptions {
  bus: EventBus;
  topic: string;
  logger: Logger;
  /**
   * How soon to look again when committed events wait behind a transaction still running. New
   * commits wake the relay themselves (`nudge`, or another replica's notification); without them
   * the leader looks each time it renews its lease.
   */
  pollMs: number;
  batchSize?: number;
  maxBackoffMs?: number;
  /**
   * How long the leader's lease lasts unrenewed: a standby relay of the same service takes over
   * this long (plus one standby check) after the leader died.
   */
  leaseMs?: number;
  /**
   * The database belongs to this process alone (PGlite: one process, one connection), so no
   * other relay can be running: the lease is taken at once, even from a crashed predecessor.
   */
  exclusive?: boolean;
}

export interface Relay {
  start(): void;
  /** Look for new events now instead of at the next poll (only the leader does). */
  nudge(): void;
  stop(): Promise<void>;
}

const CHECKPOINT = 'bus';
const DEFAULT_LEASE_MS = 5000;

/**
 * Publishes committed events to the bus at least once, in the order of their transactions (so per
 * stream in version order). Appends to different streams commit concurrently and in any order,
 * so it reads only transactions older than every running one of its schema
 * (`readCommittedAfter`): nothing can commit behind the checkpoint afterwards. The checkpoint
 * moves only after the bus accepted a batch; through a broker outage it keeps retrying with
 * backoff, for as long as it takes (the bus client gives up on its own after a few seconds).
 *
 * Every replica of a service runs a relay; one of them, the leader, publishes. The lease sits in
 * the checkpoint row (`leader`, `lease_expires_at`, database time): the leader renews it while it
 * works, a standby takes it once it expired (or was given back on a clean stop). The checkpoint
 * moves by compare-and-set on the leader and the old checkpoint, as Emmett's processor lock
 * does: an update that finds another leader or another checkpoint changes nothing, and the relay
 * stops publishing and becomes a standby. A leader paused past its lease may thus publish one
 * batch its successor publishes too; consumers are idempotent, and nothing moves backwards.
 *
 * An idle relay does not poll: every commit that appended events notifies it (a trigger on the
 * events table, `relayChannel`: consumers' appends and other replicas' too), a commit through
 * `EventSourcing.commit` in this process also nudges it directly, and the leader looks once per
 * lease renewal in case a notification was lost.
 */
export function createRelay(knex: Knex, store: EventStore, options: RelayOptions): Relay {
  const checkpoints = `${store.schema}.relay_checkpoints`;
  const batchSize = options.batchSize ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 5000;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  /** A standby looks at the lease this often; a leader renews it this long after the last time. */
  const standbyMs = Math.max(10, Math.min(1000, Math.floor(leaseMs / 3)));
  const renewAfterMs = Math.floor(leaseMs / 3);
  const owner = `${os.hostname()}/${process.pid}/${randomUUID()}`;
  const log = { topic: options.topic, owner };
  let running = false;
  let leading = false;
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

  const leaseEnd = knex.raw(`now() + ? * interval '1 millisecond'`, [leaseMs]);

  /** Takes the lease if it is free, expired or ours; the checkpoint then, else null. */
  async function tryAcquire(): Promise<ReadCheckpoint | null> {
    const taken = options.exclusive ? 'true' : 'false';
    // A new row starts before every transaction (not at the insert's own, the column's default).
    const { rows } = await knex.raw(
      `insert into ?? as c (name, transaction_id, position, leader, lease_expires_at)
       values (?, '0', 0, ?, ?)
       on conflict (name) do update set leader = excluded.leader, lease_expires_at = excluded.lease_expires_at
       where ${taken} or c.leader is null or c.leader = excluded.leader or c.lease_expires_at < now()
       returning transaction_id, position`,
      [checkpoints, CHECKPOINT, owner, leaseEnd],
    );
    const row = rows[0];
    return row ? { transactionId: String(row.transaction_id), position: Number(row.position) } : null;
  }

  /** Keeps the lease another `leaseMs`; false when another relay holds it now. */
  async function renew(): Promise<boolean> {
    const updated = await knex(checkpoints)
      .where({ name: CHECKPOINT, leader: owner })
      .update({ lease_expires_at: leaseEnd });
    return updated > 0;
  }

  /** Compare-and-set; false when the row is no longer at `from` under this leader. */
  async function advance(from: ReadCheckpoint, to: ReadCheckpoint): Promise<boolean> {
    const updated = await knex(checkpoints)
      .where({ name: CHECKPOINT, leader: owner, position: from.position })
      .whereRaw('transaction_id = ?::xid8', [from.transactionId])
      .update({ transaction_id: to.transactionId, position: to.position, lease_expires_at: leaseEnd });
    return updated > 0;
  }

  /** Gives the lease back on a clean stop, so a standby takes over at once. */
  async function release() {
    try {
      await knex(checkpoints)
        .where({ name: CHECKPOINT, leader: owner })
        .update({ leader: null, lease_expires_at: null });
    } catch (err) {
      options.logger.warn({ err, ...log }, 'relay could not give its lease back; it expires on its own');
    }
  }

  /** Waits until this relay leads; its checkpoint, or null once stopped. */
  async function acquire(): Promise<ReadCheckpoint | null> {
    for (let failures = 0; running;) {
      try {
        const checkpoint = await tryAcquire();
        if (checkpoint) return checkpoint;
        failures = 0;
        await pause(standbyMs);
      } catch (err) {
        failures += 1;
        options.logger.warn({ err, ...log, failures }, 'relay could not read its checkpoint; retrying');
        await pause(exponentialBackoff(failures, 100, maxBackoffMs));
      }
    }
    return null;
  }

  /** Publishes from `checkpoint` on while this relay keeps the lease. */
  async function lead(from: ReadCheckpoint) {
    let checkpoint = from;
    let renewedAt = Date.now();
    let failures = 0;
    const lost = () => options.logger.warn({ ...log, checkpoint }, 'relay lost its lease; standing by');
    while (running) {
      try {
        // Never publish on a lease older than a third of its time.
        if (Date.now() - renewedAt > renewAfterMs) {
          if (!(await renew())) return lost();
          renewedAt = Date.now();
        }
        const batch = await store.readCommittedAfter(checkpoint, batchSize);
        if (batch.events.length === 0) {
          const waiting = await store.hasEventsAfter(checkpoint);
          await pause(waiting ? Math.min(options.pollMs, renewAfterMs) : renewAfterMs);
          continue;
        }
        await options.bus.publish(options.topic, batch.events);
        if (!(await advance(checkpoint, batch.checkpoint))) return lost();
        renewedAt = Date.now();
        checkpoint = batch.checkpoint;
        if (failures > 0) options.logger.info({ ...log, checkpoint }, 'relay recovered');
        failures = 0;
      } catch (err) {
        failures += 1;
        const delay = exponentialBackoff(failures, 100, maxBackoffMs);
        options.logger.warn({ err, ...log, failures, retryInMs: delay }, 'relay publish failed; retrying');
        await pause(delay);
      }
    }
  }

  async function loop() {
    const notifications = listenTo(knex, relayChannel(store.schema), nudge, (err, failures) =>
      options.logger.warn({ err, ...log, failures }, 'relay lost its notification connection; reopening'),
    );
    while (running) {
      const checkpoint = await acquire();
      if (!checkpoint) break;
      options.logger.info({ ...log, checkpoint }, 'relay leads');
      leading = true;
      await lead(checkpoint);
      leading = false;
      pending = false;
    }
    await notifications.stop();
    await release();
  }

  function nudge() {
    // A standby's commits are the leader's to publish (their notification wakes it).
    if (!leading) return;
    if (wake) wake();
    else pending = true;
  }

  return {
    start() {
      if (running) return;
      running = true;
      loopDone = loop();
    },
    nudge,
    async stop() {
      running = false;
      wake?.();
      await loopDone;
    },
  };
}
