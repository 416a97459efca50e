// Consumer throughput on the real Postgres and Kafka: auth-like events appended to a service's
// event store, published to a NAMESPACE-prefixed `auth.events` topic, applied by the audit
// service's `audit.audit-log` consumer group. Exactly once is asserted: one audit row per event,
// one processed id per event. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { AUTH_EVENTS, loginStreamId, userStreamId } from '@tapinti/contracts/auth-events';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createKafkaEventBus } from '@tapinti/ports/kafka-event-bus';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { AUDIT_LOG_GROUP, auditSubscriptions } from '../services/audit/src/consumers/subscriptions';
import { auditModule } from '../services/audit/src/module';
import { INFRA } from '../test/support/infra';
import { ROOT } from '../test/support/platform';

export interface ConsumerBenchResult {
  events: number;
  seconds: number;
  perSecond: number;
}

/** One user's life in auth events: 5 events, on the user's stream and one stream per login or logout. */
function userEvents(userId: string, i: number): Array<{ streamId: string; events: NewEvent[] }> {
  const username = `bench${i}`;
  return [
    {
      streamId: userStreamId(userId),
      events: [
        {
          type: AUTH_EVENTS.registered,
          schemaVersion: 1,
          payload: {
            userId,
            username,
            email: `${username}@tapinti.test`,
            phone: null,
            role: 'user',
            organizationId: null,
            isActive: true,
            isVerified: false,
            via: 'registration',
          },
        },
        {
          type: AUTH_EVENTS.profileUpdated,
          schemaVersion: 1,
          payload: { userId, before: { username }, after: { username: `${username}x` } },
        },
      ],
    },
    // One login or logout, one stream.
    ...[
      { type: AUTH_EVENTS.loggedIn, schemaVersion: 1, payload: { userId, method: 'username' } },
      { type: AUTH_EVENTS.loggedOut, schemaVersion: 1, payload: { userId } },
      { type: AUTH_EVENTS.loggedIn, schemaVersion: 1, payload: { userId, method: 'email' } },
    ].map((event) => ({ streamId: loginStreamId(userId, randomUUID()), events: [event] })),
  ];
}

const metadataOf = (userId: string): EventMetadata => ({
  actorId: userId,
  organizationId: null,
  addressKey: null,
  userAgent: 'bench',
  correlationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

async function count(knex: Knex, sql: string): Promise<number> {
  const { rows } = await knex.raw(sql);
  return Number(rows[0].n);
}

export async function benchConsumer(options: { events: number }): Promise<ConsumerBenchResult> {
  const users = Math.max(1, Math.round(options.events / 5));
  const total = users * 5;
  const stamp = Date.now().toString(36);
  const database = `tapinti_bench_consumer_${stamp}`;
  const namespace = `bench-consumer-${stamp}`;
  const logger = createLogger('bench-consumer', 'warn');
  const admin = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database "${database}"`);
  const knex = await createKnex({ driver: 'postgres', url: `${INFRA.postgresBaseUrl}/${database}` });
  const brokers = INFRA.kafkaBrokers.split(',');
  const bus = createKafkaEventBus({ brokers, clientId: 'bench-consumer', namespace, logger });
  try {
    await migrateSchema(knex, 'auth', eventStoreMigrations('auth'));
    await migrateSchema(knex, 'audit', [...eventStoreMigrations('audit'), ...auditModule.migrations]);
    const es = createEventSourcing(knex, {
      schema: 'auth',
      source: 'auth',
      project: async () => undefined,
      readModelTables: [],
    });
    // The source service's store: one commit per user, a few writers at a time.
    const next = { i: 0 };
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next.i++; i < users; i = next.i++) {
          const userId = randomUUID();
          const metadata = metadataOf(userId);
          await es.commit(async ({ append }) => {
            for (const { streamId, events } of userEvents(userId, i))
              await append(streamId, 'no-stream', events, metadata);
          });
        }
      }),
    );
    const stored = await es.store.readAfter(0, total + 1);
    if (stored.length !== total) throw new Error(`stored ${stored.length} events, expected ${total}`);

    // The consumer group joins and applies the first event before the clock starts.
    const context = { knex, bus, logger } as unknown as ServiceContext;
    const group = auditSubscriptions(context).find((g) => g.groupId === AUDIT_LOG_GROUP)!;
    await subscribeConsumerGroup(context, 'audit', group);
    await bus.publish('auth.events', stored.slice(0, 1));
    const applied = () => count(knex, 'select count(*) as n from audit.audit_logs');
    while ((await applied()) < 1) await new Promise((r) => setTimeout(r, 50));

    const started = process.hrtime.bigint();
    // Published the way the relay does: in store order, 500 per send.
    for (let i = 1; i < stored.length; i += 500) await bus.publish('auth.events', stored.slice(i, i + 500));
    const deadline = Date.now() + 600_000;
    while ((await applied()) < total) {
      if (Date.now() > deadline) throw new Error(`only ${await applied()} of ${total} events applied`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;

    // Exactly once: nothing more arrives, one row and one processed id per event.
    await new Promise((r) => setTimeout(r, 1000));
    const rows = await applied();
    const distinct = await count(knex, 'select count(distinct event_id) as n from audit.audit_logs');
    const processed = await count(
      knex,
      `select count(*) as n from audit.processed_events where consumer = '${AUDIT_LOG_GROUP}'`,
    );
    if (rows !== total || distinct !== total || processed !== total)
      throw new Error(`not exactly once: ${rows} rows, ${distinct} distinct, ${processed} processed ids`);
    return { events: total - 1, seconds, perSecond: (total - 1) / seconds };
  } finally {
    await bus.close().catch(() => undefined);
    await knex.destroy();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => undefined);
    await admin.end();
    const kafkaAdmin = new Kafka({ clientId: 'bench-cleanup', brokers, logLevel: logLevel.NOTHING }).admin();
    await kafkaAdmin.connect().catch(() => undefined);
    const topics = (await kafkaAdmin.listTopics().catch(() => [] as string[])).filter((t) =>
      t.startsWith(`${namespace}.`),
    );
    if (topics.length) await kafkaAdmin.deleteTopics({ topics }).catch(() => undefined);
    await kafkaAdmin.deleteGroups([`${namespace}.${AUDIT_LOG_GROUP}`]).catch(() => undefined);
    await kafkaAdmin.disconnect().catch(() => undefined);
  }
}

if (require.main === module) {
  if (!process.env.BENCH_SKIP_INFRA) {
    const step = spawnSync('bash', ['infra/local/infra-up.sh'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (step.status !== 0) throw new Error('infra/local/infra-up.sh failed');
  }
  benchConsumer({ events: Number(process.env.BENCH_CONSUMER_EVENTS ?? 5000) }).then(
    (r) => {
      console.log(
        `[bench] consumer: ${r.events} events applied by audit.audit-log in ${r.seconds.toFixed(2)} s = ${r.perSecond.toFixed(0)} events/s (exactly once)`,
      );
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
