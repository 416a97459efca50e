import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { AUTH_EVENTS, userStreamId } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { announcementsSubscriptions, USER_CONTACTS_GROUP } from '../../src/consumers/subscriptions';
import { findContacts } from '../../src/store/user-contacts';
import { announcementsModule } from '../../src/module';

let version = 0;
const event = (userId: string, type: string, payload: unknown, schemaVersion = 1): EventEnvelope => ({
  eventId: randomUUID(),
  type,
  schemaVersion,
  source: 'auth',
  streamId: userStreamId(userId),
  streamVersion: ++version,
  position: version,
  payload,
  metadata: systemMetadata(),
});

const registered = (userId: string, email: string, phone: string | null) =>
  event(userId, AUTH_EVENTS.registered, {
    userId,
    username: `u${version}`,
    email,
    phone,
    role: 'user',
    organizationId: null,
    isActive: true,
    isVerified: false,
    via: 'registration',
  });

describe('announcements.user-contacts group on PGlite', () => {
  let knex: Knex;
  const logger = pino({ level: 'silent' });
  const bus = createMemoryEventBus(logger, { maxBackoffMs: 20 });

  /** Publishes on auth.events and waits until the group took each event of a type it handles. */
  async function publish(...events: EventEnvelope[]) {
    await bus.publish('auth.events', events);
    const handled: string[] = [AUTH_EVENTS.registered, AUTH_EVENTS.profileUpdated];
    const ids = [...new Set(events.filter((e) => handled.includes(e.type)).map((e) => e.eventId))];
    const deadline = Date.now() + 5000;
    for (;;) {
      const [row] = await knex('announcements.processed_events')
        .where({ consumer: USER_CONTACTS_GROUP })
        .whereIn('event_id', ids)
        .count({ n: '*' });
      if (Number(row!.n) === ids.length) return;
      if (Date.now() > deadline) throw new Error('events not applied in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'user-contacts-')),
    });
    await migrateSchema(knex, 'announcements', [
      ...eventStoreMigrations('announcements'),
      ...announcementsModule.migrations,
    ]);
    const context = { knex, bus, logger } as unknown as EventSourcedContext;
    for (const group of announcementsSubscriptions(context))
      await subscribeConsumerGroup(context, 'announcements', group);
  }, 60_000);
  afterAll(async () => {
    await bus.close();
    await knex.destroy();
  });

  it('keeps e-mail and phone from registrations and profile changes, once per event', async () => {
    const leyla = randomUUID();
    const first = registered(leyla, 'leyla@tapinti.test', null);
    await publish(first, first);
    expect(await findContacts(knex, leyla)).toEqual({ email: 'leyla@tapinti.test', phone: null });

    await publish(
      event(leyla, AUTH_EVENTS.profileUpdated, {
        userId: leyla,
        before: { phone: null },
        after: { phone: '+994501234567' },
      }),
      event(leyla, AUTH_EVENTS.loggedIn, { userId: leyla, method: 'email' }), // not this group's
    );
    expect(await findContacts(knex, leyla)).toEqual({ email: 'leyla@tapinti.test', phone: '+994501234567' });
  });

  it('skips events its contract schema refuses or whose version it does not know', async () => {
    const other = randomUUID();
    await publish(
      event(other, AUTH_EVENTS.registered, { userId: other, email: 'x@tapinti.test' }),
      event(other, AUTH_EVENTS.registered, { userId: other, email: 'y@tapinti.test', phone: null }, 2),
    );
    expect(await findContacts(knex, other)).toBeNull();
  });
});
