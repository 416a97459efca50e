import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { ANALYTICS_EVENT_TYPES } from '@tapinti/contracts/analytics-api';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import {
  ORGANIZATION_EVENTS,
  type OrganizationCreatedV1,
  type OrganizationDeactivatedV1,
  type OrganizationReactivatedV1,
  type OrganizationUpdatedV1,
} from '@tapinti/contracts/organizations-events';
import {
  REQUEST_EVENTS,
  type RequestFiledV1,
  type RequestStatus,
  type RequestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { foldForSearch } from '@tapinti/contracts/text-folding';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { analyticsReadModels } from '../../migrations/analytics-001-read-models';
import { readKpis, searchAnnouncements, searchOrganizations, searchUsers } from '../../src/store/analytics';
import { ANALYTICS_GROUP, auditSubscriptions } from '../../src/consumers/subscriptions';

let position = 0;
const event = (type: string, payload: unknown, schemaVersion = 1): EventEnvelope => ({
  eventId: randomUUID(),
  type,
  schemaVersion,
  source: type.split('.')[0]!,
  streamId: randomUUID(),
  streamVersion: 1,
  position: ++position,
  payload,
  metadata: {
    ...systemMetadata(),
    occurredAt: new Date(Date.UTC(2025, 7, 25, 0, 0, position)).toISOString(),
  },
});

const at = (second: number) => new Date(Date.UTC(2025, 7, 25, 12, 0, second)).toISOString();
const SUPER_ADMIN = randomUUID();

const organizationCreated = (name: string, type: OrganizationCreatedV1['type']) => {
  const payload: OrganizationCreatedV1 = {
    organizationId: randomUUID(),
    applicationId: randomUUID(),
    name,
    type,
    address: 'Bakı, Nizami küçəsi 10',
    contactEmail: 'info@example.az',
    contactPhone: null,
    isActive: true,
    settings: {},
    createdAt: at(1),
  };
  return event(ORGANIZATION_EVENTS.created, payload);
};
const organizationDeactivated = (organizationId: string) =>
  event(ORGANIZATION_EVENTS.deactivated, {
    organizationId,
    deactivatedBy: SUPER_ADMIN,
    deactivatedAt: at(2),
  } satisfies OrganizationDeactivatedV1);
const organizationReactivated = (organizationId: string) =>
  event(ORGANIZATION_EVENTS.reactivated, {
    organizationId,
    reactivatedBy: SUPER_ADMIN,
    reactivatedAt: at(3),
  } satisfies OrganizationReactivatedV1);
const requestFiled = (requestId: string) =>
  event(REQUEST_EVENTS.filed, {
    requestId,
    announcementId: randomUUID(),
    organizationId: null,
    userId: randomUUID(),
    handlerUserId: null,
    contactMethod: 'phone',
    status: 'pending',
    createdAt: at(4),
  } satisfies RequestFiledV1);
const requestStatusChanged = (requestId: string, from: RequestStatus, to: RequestStatus) =>
  event(REQUEST_EVENTS.statusChanged, {
    requestId,
    announcementId: randomUUID(),
    from,
    to,
    handledBy: randomUUID(),
    handledAt: at(5),
  } satisfies RequestStatusChangedV1);

describe('analytics read models', () => {
  let knex: Knex;
  const logger = pino({ level: 'silent' });
  const bus = createMemoryEventBus(logger, { maxBackoffMs: 20 });

  /** Publishes the events on their topics and waits until the analytics group took each one. */
  async function handle(...events: EventEnvelope[]) {
    for (const e of events) await bus.publish(`${e.source}.events`, [e]);
    const ids = [...new Set(events.map((e) => e.eventId))];
    const deadline = Date.now() + 5000;
    for (;;) {
      const [row] = await knex('audit.processed_events')
        .where({ consumer: ANALYTICS_GROUP })
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
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-')),
    });
    await migrateSchema(knex, 'audit', [...eventStoreMigrations('audit'), analyticsReadModels]);
    const context = { knex, bus, logger } as unknown as ServiceContext;
    const group = auditSubscriptions(context).find((g) => g.groupId === ANALYTICS_GROUP)!;
    await subscribeConsumerGroup(context, 'audit', group);
  }, 60_000);
  afterAll(async () => {
    await bus.close();
    await knex.destroy();
  });

  it('handles exactly the event types analytics-api lists', () => {
    const context = { knex, bus, logger } as unknown as ServiceContext;
    const group = auditSubscriptions(context).find((g) => g.groupId === ANALYTICS_GROUP)!;
    expect(Object.keys(group.handlers).sort()).toEqual([...ANALYTICS_EVENT_TYPES].sort());
  });

  it('answers zeros before anything happened', async () => {
    expect(await readKpis(knex)).toEqual({
      organizations: { total: 0, active: 0, suspended: 0 },
      announcements: { total: 0, lost: 0, found: 0 },
      requests: { total: 0, pending: 0, resolved: 0, funnelRate: 0 },
    });
  });

  const announcement = (type: 'lost' | 'found', title: string, createdAt = new Date().toISOString()) =>
    event('announcements.announcement.created', {
      announcementId: randomUUID(),
      userId: randomUUID(),
      organizationId: null,
      type,
      title,
      description: 'Təsvir kifayət qədər uzundur, yoxlama üçün',
      category: 'bags',
      location: 'Bakı',
      roomNumber: null,
      contactInfo: null,
      imageUrl: null,
      rewardAmount: 0,
      rewardDescription: null,
      isPublic: true,
      createdAt,
    });

  it('counts announcements, organisations and requests from their events, once each', async () => {
    const lost = announcement('lost', 'Qara pulqabı');
    await handle(lost);
    await handle(lost); // redelivered
    await handle(announcement('found', 'Açar tapılıb'));
    await handle(announcement('lost', 'Telefon itib'));

    const hotel = organizationCreated('İçərişəhər Oteli', 'hotel');
    const mall = organizationCreated('Gənclik Mall', 'mall');
    const airport = organizationCreated('Hava Limanı', 'airport');
    const hotelId = (hotel.payload as OrganizationCreatedV1).organizationId;
    const airportId = (airport.payload as OrganizationCreatedV1).organizationId;
    await handle(hotel, mall, airport, hotel);
    await handle(organizationDeactivated(hotelId), organizationDeactivated(airportId));
    await handle(organizationReactivated(airportId));
    await handle(
      event(ORGANIZATION_EVENTS.updated, {
        organizationId: airportId,
        before: { name: 'Hava Limanı' },
        after: { name: 'Heydər Əliyev Hava Limanı' },
      } satisfies OrganizationUpdatedV1),
    );

    const requests = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await handle(...requests.map(requestFiled));
    await handle(requestStatusChanged(requests[0]!, 'pending', 'resolved_claimed'));
    await handle(requestStatusChanged(requests[1]!, 'pending', 'resolved_rejected'));
    await handle(requestStatusChanged(requests[2]!, 'pending', 'contacted'));
    // Unknown versions and unreadable payloads are skipped, not fatal.
    await handle(event(REQUEST_EVENTS.filed, { nonsense: true }));
    await handle(
      event(REQUEST_EVENTS.filed, {
        ...(requestFiled(randomUUID()).payload as RequestFiledV1),
        status: 'resolved',
      }),
    );
    await handle(event(REQUEST_EVENTS.filed, requestFiled(randomUUID()).payload, 2));

    expect(await readKpis(knex)).toEqual({
      organizations: { total: 3, active: 2, suspended: 1 },
      announcements: { total: 3, lost: 2, found: 1 },
      requests: { total: 4, pending: 1, resolved: 2, funnelRate: 50 },
    });
  });

  it('counts only what was created since the date filter starts', async () => {
    const all = await readKpis(knex);
    // The fixtures happen on 25 August 2025 (or now); this one ten days before.
    const old = new Date(Date.UTC(2025, 7, 15)).toISOString();
    await handle(announcement('found', 'Köhnə tapılmış çətir', old));
    expect((await readKpis(knex)).announcements).toEqual({
      total: all.announcements.total + 1,
      lost: all.announcements.lost,
      found: all.announcements.found + 1,
    });
    expect(await readKpis(knex, new Date(Date.UTC(2025, 7, 20)))).toEqual(all);
    expect(await readKpis(knex, new Date(Date.now() + 60_000))).toEqual({
      organizations: { total: 0, active: 0, suspended: 0 },
      announcements: { total: 0, lost: 0, found: 0 },
      requests: { total: 0, pending: 0, resolved: 0, funnelRate: 0 },
    });
  });

  it('searches with Azerbaijani case folding, at most 3 per group', async () => {
    expect((await searchAnnouncements(knex, foldForSearch('PULQABI'))).map((a) => a.title)).toEqual([
      'Qara pulqabı',
    ]);
    expect(
      (await searchOrganizations(knex, foldForSearch('İÇƏRİŞƏHƏR'))).map((o) => [o.name, o.isActive]),
    ).toEqual([['İçərişəhər Oteli', false]]);
    expect(
      (await searchOrganizations(knex, foldForSearch('HEYDƏR'))).map((o) => [o.name, o.type, o.isActive]),
    ).toEqual([['Heydər Əliyev Hava Limanı', 'airport', true]]);
    for (let i = 0; i < 5; i++) {
      await handle(
        event('auth.user.registered', {
          userId: randomUUID(),
          username: `Nigar${i}`,
          email: `nigar${i}@tapinti.test`,
          phone: null,
          role: 'user',
          organizationId: null,
          isActive: true,
          isVerified: false,
          via: 'registration',
        }),
      );
    }
    const users = await searchUsers(knex, foldForSearch('nigar'));
    expect(users).toHaveLength(3);
    expect(users[0]).toEqual({
      id: expect.any(String),
      username: 'Nigar4',
      email: 'nigar4@tapinti.test',
      role: 'user',
    });
    expect(await searchUsers(knex, foldForSearch('%'))).toEqual([]);
  });
});
