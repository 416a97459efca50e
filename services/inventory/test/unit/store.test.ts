import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { itemIntakeRequestSchema, listItemsQuerySchema } from '@tapinti/contracts/inventory-api';
import { sharedConfigSchema } from '@tapinti/platform/config';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import type { Caller } from '@tapinti/platform/session';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createMemoryJobQueue } from '@tapinti/ports/memory-job-queue';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { readModelsMigration } from '../../migrations/001-read-models';
import { organizationStatusMigration } from '../../migrations/002-organization-status';
import { retentionAndDisposalMigration } from '../../migrations/003-retention-and-disposal';
import { claimsAndHandOverMigration } from '../../migrations/004-claims-and-hand-over';
import { organizationPlansMigration } from '../../migrations/006-organization-plans';
import { subscriptionStarted } from '../../src/consumers/organization-plans';
import { itemSearchMigration } from '../../migrations/007-item-search';
import { listedPubliclyMigration } from '../../migrations/008-listed-publicly';
import { createInventory } from '../../src/application/inventory';
import { project, READ_MODEL_TABLES } from '../../src/store/projection';

describe('inventory on PGlite: use cases, read models, rebuild', () => {
  let knex: Knex;
  let es: EventSourcing;
  let now = new Date('2026-11-27T10:00:00.000Z');
  const logger = pino({ level: 'silent' });
  let context: EventSourcedContext;
  const organizationId = randomUUID();
  const member = (role: Caller['role']): Caller => ({
    userId: randomUUID(),
    sessionId: randomUUID(),
    role,
    organizationId,
    username: role,
  });
  const admin = member('org_admin');
  const staff = member('org_staff');
  const meta = () => ({ ...systemMetadata(), occurredAt: now.toISOString() });

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'inventory-')),
    });
    await migrateSchema(knex, 'inventory', [
      ...eventStoreMigrations('inventory'),
      readModelsMigration,
      organizationStatusMigration,
      retentionAndDisposalMigration,
      claimsAndHandOverMigration,
      organizationPlansMigration,
      itemSearchMigration,
      listedPubliclyMigration,
    ]);
    // A pro organisation (several storage places): its plan as the consumer keeps it.
    await knex.transaction((trx) =>
      subscriptionStarted(trx, {
        subscriptionId: randomUUID(),
        organizationId,
        plan: 'pro',
        status: 'trial',
        startDate: '2026-11-01',
        endDate: '2026-12-01',
        monthlyPrice: 99.99,
        features: {},
      }),
    );
    es = createEventSourcing(knex, {
      schema: 'inventory',
      source: 'inventory',
      project,
      readModelTables: READ_MODEL_TABLES,
    });
    context = {
      config: sharedConfigSchema.parse({ JWT_SECRET: 's'.repeat(40) }),
      logger,
      knex,
      es,
      // No answers are kept here: nothing listens for changes.
      readModels: undefined as never,
      clock: () => now,
      kv: createMemoryKeyValueStore(() => now.getTime()),
      jobs: createMemoryJobQueue(logger),
      mailer: undefined as never,
      bus: undefined as never,
      storage: undefined as never,
    };
  }, 60_000);
  afterAll(() => knex.destroy());

  it('keeps the register, places, items, custody, retention and disposals, and a rebuild gives them back the same', async () => {
    const inventory = createInventory(context);
    await inventory.setPrefix(admin, organizationId, 'PBV', meta());
    const shelf = await inventory.createStoragePlace(
      admin,
      organizationId,
      { name: 'Rəf 1', kind: 'shelf' },
      meta(),
    );
    const box = await inventory.createStoragePlace(
      admin,
      organizationId,
      { name: 'Qutu', kind: 'box' },
      meta(),
    );
    const intake = itemIntakeRequestSchema.parse({
      category: 'keys',
      title: 'Açar dəsti',
      foundArea: 'Otaq 12',
      storagePlaceId: shelf.id,
    });
    const first = await inventory.logItem(staff, organizationId, intake, meta());
    now = new Date(now.getTime() + 60_000);
    const second = await inventory.logItem(staff, organizationId, intake, meta());
    now = new Date(now.getTime() + 60_000);
    await inventory.moveItem(staff, organizationId, first.id, box.id, meta());
    await inventory.renameStoragePlace(admin, organizationId, box.id, 'Qutu 1', meta());
    expect([first.referenceNumber, second.referenceNumber]).toEqual(['PBV-000001', 'PBV-000002']);
    // Keys: 30 days by default; 2 days for items logged after the admin says so.
    expect(first.disposeAfter).toBe(new Date(Date.parse(first.foundAt) + 30 * 86_400_000).toISOString());
    await inventory.setRetention(admin, organizationId, 'keys', 2, meta());
    const third = await inventory.logItem(staff, organizationId, intake, meta());
    expect(third.disposeAfter).toBe(new Date(now.getTime() + 2 * 86_400_000).toISOString());
    await inventory.disposeItem(
      staff,
      organizationId,
      second.id,
      { way: 'donated', note: 'Uşaq evinə' },
      meta(),
    );

    const read = async () => ({
      settings: await inventory.settings(staff, organizationId),
      places: await inventory.storagePlaces(staff, organizationId),
      list: await inventory.listItems(staff, organizationId, listItemsQuerySchema.parse({})),
      item: await inventory.getItem(staff, organizationId, first.id),
      disposed: await inventory.getItem(staff, organizationId, second.id),
      retention: await inventory.retention(admin, organizationId),
      queue: await inventory.disposalQueue(staff, organizationId),
    });
    const before = await read();
    expect(before.item.storagePlace).toEqual({ id: box.id, name: 'Qutu 1', kind: 'box' });
    expect(before.item.custody.map((c) => [c.kind, c.from?.name ?? null, c.to.name])).toEqual([
      ['logged', null, 'Rəf 1'],
      ['moved', 'Rəf 1', 'Qutu 1'],
    ]);
    expect(before.list.items.map((i) => i.referenceNumber)).toEqual([
      'PBV-000003',
      'PBV-000002',
      'PBV-000001',
    ]);
    expect(before.disposed).toMatchObject({
      state: 'disposed',
      disposal: {
        way: 'donated',
        receivingOrganization: null,
        note: 'Uşaq evinə',
        by: staff.userId,
        at: now.toISOString(),
      },
    });
    expect(before.retention.days).toEqual({ phones: 30, bags: 30, keys: 2, documents: 10, other: 30 });
    // Due in 2 days: in the queue; the first (30 days) is not, the disposed one never again.
    expect(before.queue).toEqual({
      items: [expect.objectContaining({ id: third.id, referenceNumber: 'PBV-000003', daysLeft: 2 })],
      total: 1,
    });

    await es.rebuildReadModels();
    expect(await read()).toEqual(before);

    // 29 days on: the first is due tomorrow, the third 27 days overdue — the longest due first.
    now = new Date(now.getTime() + 29 * 86_400_000);
    const later = await inventory.disposalQueue(staff, organizationId);
    expect(later.items.map((i) => [i.referenceNumber, i.daysLeft])).toEqual([
      ['PBV-000003', -27],
      ['PBV-000001', 1],
    ]);
  });
});
