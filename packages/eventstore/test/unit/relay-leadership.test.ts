import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import type { EventBus } from '@tapinti/ports/event-bus';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventStore, type EventStore } from '@tapinti/eventstore/event-store';
import { createRelay, type Relay, type RelayOptions } from '@tapinti/eventstore/relay';
import { relayLag } from '@tapinti/eventstore/relay-lag';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { eventually } from '../../../../test/support/eventually';
import { createRecordingBus } from '../support/recording-bus';

const SCHEMA = 'relays';
// Long enough that a leader's renewal delayed by a busy CI machine does not lose it by accident.
const LEASE_MS = 3000;

/** A bus that accepts until `freeze()`: then its publishes hang, as in a process that stopped dead. */
function freezableBus() {
  const bus = createRecordingBus();
  let frozen: Promise<void> | null = null;
  let thaw = () => {};
  return Object.assign(bus, {
    freeze() {
      frozen = new Promise<void>((resolve) => (thaw = resolve));
    },
    thaw: () => thaw(),
    async publish(topic: string, events: EventEnvelope[]) {
      if (frozen) await frozen;
      bus.published.push(...events);
    },
  }) satisfies EventBus;
}

describe('relays of one service (PGlite)', () => {
  let knex: Knex;
  let dir: string;
  let store: EventStore;
  let appended = 0;
  const relays: Relay[] = [];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'es-relays-'));
    knex = await createKnex({ driver: 'pglite', dataDir: dir });
    await migrateSchema(knex, SCHEMA, eventStoreMigrations(SCHEMA));
    store = createEventStore(knex, { schema: SCHEMA, source: SCHEMA });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  });
  afterAll(async () => {
    await knex.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const relay = (bus: EventBus, options: Partial<RelayOptions> = {}) => {
    const created = createRelay(knex, store, {
      bus,
      topic: `${SCHEMA}.events`,
      logger: createLogger('test', 'silent'),
      pollMs: 10,
      batchSize: 3,
      leaseMs: LEASE_MS,
      ...options,
    });
    relays.push(created);
    created.start();
    return created;
  };

  /** `count` commits of one event each, over a few streams. */
  async function append(count: number) {
    for (let i = 0; i < count; i++) {
      const stream = `s-${appended % 4}`;
      const version = (await store.readStream(stream)).length;
      await knex.transaction((trx) =>
        store.append(
          trx,
          stream,
          version || 'no-stream',
          [{ type: 'relays.thing.happened', schemaVersion: 1, payload: { n: appended } }],
          systemMetadata(),
        ),
      );
      appended += 1;
    }
  }

  const everything = async () => (await store.readAfter(0, 100_000)).map((e) => e.eventId);
  const ids = (events: EventEnvelope[]) => events.map((e) => e.eventId);

  it('lets one of two relays publish: each event once, in order; the other takes over when it stops', async () => {
    await append(10);
    const first = createRecordingBus();
    const second = createRecordingBus();
    const a = relay(first);
    relay(second);
    await eventually(async () => expect(first.published.length + second.published.length).toBe(10), {
      timeoutMs: 10_000,
    });
    await append(5);
    await eventually(async () => expect(await relayLag(knex, SCHEMA)).toBe(0), { timeoutMs: 10_000 });
    // One leader: the other bus got nothing.
    const [leader, standby] = first.published.length > 0 ? [first, second] : [second, first];
    expect(standby.published).toEqual([]);
    expect(ids(leader.published)).toEqual(await everything());

    // A clean stop gives the lease back: the standby publishes what follows at once.
    const stopped = leader === first ? a : relays[1]!;
    await stopped.stop();
    await append(5);
    await eventually(async () => expect(standby.published).toHaveLength(5), { timeoutMs: 5_000 });
    expect(ids([...leader.published, ...standby.published])).toEqual(await everything());
    expect(leader.published).toHaveLength(15);
  });

  it('hands over within the lease when the leader freezes, and refuses the frozen one’s checkpoint', async () => {
    const published = new Set(await everything());
    const first = freezableBus();
    relay(first);
    await append(3);
    await eventually(async () => expect(first.published).toHaveLength(3), { timeoutMs: 10_000 });
    const second = createRecordingBus();
    relay(second);

    // The leader hangs in its next publish and renews nothing from then on.
    first.freeze();
    const frozenAt = Date.now();
    await append(4);
    await eventually(async () => expect(second.published).toHaveLength(4), { timeoutMs: 10_000 });
    // Within the lease and one standby check (plus this busy machine's slack).
    expect(Date.now() - frozenAt).toBeLessThan(LEASE_MS + 2_000);
    const checkpoint = await knex(`${SCHEMA}.relay_checkpoints`).where({ name: 'bus' }).first();

    // Back to life, the old leader's publish goes through, but its checkpoint write finds
    // another leader: the checkpoint stays where the new one put it, and it publishes no more.
    first.thaw();
    await eventually(async () => expect(first.published.length).toBeGreaterThan(3), { timeoutMs: 5_000 });
    const afterThaw = first.published.length;
    await append(2);
    await eventually(async () => expect(second.published).toHaveLength(6), { timeoutMs: 5_000 });
    expect(first.published).toHaveLength(afterThaw);
    const moved = await knex(`${SCHEMA}.relay_checkpoints`).where({ name: 'bus' }).first();
    expect(BigInt(moved.position)).toBeGreaterThan(BigInt(checkpoint.position));
    expect(moved.leader).not.toBeNull();

    // The new leader published everything after the hand-over, once and in order; the frozen
    // leader's late batch repeats some of it (consumers drop the repeat by event id).
    const fresh = (await everything()).filter((id) => !published.has(id));
    expect(ids([...first.published.slice(0, 3), ...second.published])).toEqual(fresh);
    expect(ids(first.published.slice(3)).every((id) => ids(second.published).includes(id))).toBe(true);
  });

  it('takes the lease at once, from a crashed holder too, when the database is its own (PGlite)', async () => {
    // A holder that died without giving its lease back, a minute from expiry.
    await knex(`${SCHEMA}.relay_checkpoints`)
      .where({ name: 'bus' })
      .update({ leader: 'dead/1/x', lease_expires_at: knex.raw(`now() + interval '1 minute'`) });
    await append(2);
    const bus = createRecordingBus();
    relay(bus, { exclusive: true });
    await eventually(async () => expect(bus.published).toHaveLength(2), { timeoutMs: 5_000 });
  });
});
