import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { ANNOUNCEMENT_EVENTS, type AnnouncementCreatedV1 } from '@tapinti/contracts/announcements-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { foldForSearch } from '@tapinti/contracts/text-folding';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { analyticsReadModels } from '../../migrations/analytics-001-read-models';
import { ANALYTICS_GROUP, auditSubscriptions } from '../../src/consumers/subscriptions';
import { readKpis, searchAnnouncements } from '../../src/store/analytics';

let position = 0;
const event = (type: string, payload: unknown): EventEnvelope => ({
  eventId: randomUUID(),
  type,
  schemaVersion: 1,
  source: type.split('.')[0]!,
  streamId: randomUUID(),
  streamVersion: 1,
  position: ++position,
  payload,
  metadata: { ...systemMetadata(), occurredAt: new Date().toISOString() },
});
const now = () => new Date().toISOString();

describe('analytics follow an announcement edited, closed, deleted and renewed', () => {
  let knex: Knex;
  const logger = pino({ level: 'silent' });
  const bus = createMemoryEventBus(logger, { maxBackoffMs: 20 });

  /** Publishes each event twice (a redelivery) and waits until the analytics group took it. */
  async function handleTwice(e: EventEnvelope) {
    await bus.publish(`${e.source}.events`, [e, e]);
    const deadline = Date.now() + 5000;
    while (
      !(await knex('audit.processed_events')
        .where({ consumer: ANALYTICS_GROUP, event_id: e.eventId })
        .first())
    ) {
      if (Date.now() > deadline) throw new Error('event not applied in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  const created = (title: string): AnnouncementCreatedV1 => ({
    announcementId: randomUUID(),
    userId: randomUUID(),
    organizationId: null,
    type: 'lost',
    title,
    description: 'Metroda itirilib',
    category: 'bags',
    location: 'Bakı',
    roomNumber: null,
    contactInfo: null,
    imageUrl: null,
    rewardAmount: 0,
    rewardDescription: null,
    isPublic: true,
    createdAt: now(),
  });
  const found = async (q: string) =>
    (await searchAnnouncements(knex, foldForSearch(q))).map((a) => [a.title, a.status]);

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-life-')),
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

  it('an edit is searched by its new words; closed is resolved; deleted leaves the search but stays posted; renewed is open', async () => {
    const [edited, closed, deleted, renewed] = [
      created('Yaşıl çətir'),
      created('Narıncı çanta'),
      created('Bənövşəyi şərf'),
      created('Çəhrayı əlcək'),
    ];
    for (const a of [edited, closed, deleted, renewed])
      await handleTwice(event(ANNOUNCEMENT_EVENTS.created, a));

    await handleTwice(
      event(ANNOUNCEMENT_EVENTS.edited, {
        ...edited,
        createdAt: undefined,
        title: 'Sarı çətir',
        editedAt: now(),
      }),
    );
    expect(await found('YAŞIL')).toEqual([]);
    expect(await found('SARI ÇƏTİR')).toEqual([['Sarı çətir', 'open']]);

    await handleTwice(
      event(ANNOUNCEMENT_EVENTS.closed, {
        announcementId: closed.announcementId,
        outcome: 'returned',
        closedAt: now(),
      }),
    );
    expect(await found('narıncı')).toEqual([['Narıncı çanta', 'resolved']]);

    await handleTwice(
      event(ANNOUNCEMENT_EVENTS.deleted, { announcementId: deleted.announcementId, deletedAt: now() }),
    );
    expect(await found('bənövşəyi')).toEqual([]);

    await handleTwice(
      event(ANNOUNCEMENT_EVENTS.archived, {
        announcementId: renewed.announcementId,
        reason: 'expired',
        archivedAt: now(),
      }),
    );
    expect(await found('çəhrayı')).toEqual([['Çəhrayı əlcək', 'archived']]);
    await handleTwice(
      event(ANNOUNCEMENT_EVENTS.renewed, { announcementId: renewed.announcementId, renewedAt: now() }),
    );
    expect(await found('çəhrayı')).toEqual([['Çəhrayı əlcək', 'open']]);

    // Every announcement ever posted, the deleted one too (the KPI's definition).
    expect((await readKpis(knex)).announcements).toEqual({ total: 4, lost: 4, found: 0 });
  });
});
