import { randomUUID } from 'node:crypto';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import pg from 'pg';
import { applyConsumedEvent } from '../../services/notifications/src/consumers/subscriptions';
import { notificationsModule } from '../../services/notifications/src/module';
import {
  applicationSubmitted,
  event,
  organizationCreated,
} from '../../services/notifications/test/unit/support';
import { INFRA } from '../support/infra';

/**
 * The approval notification waits for three events of three streams, which the Kafka bus hands
 * over in concurrent transactions (one per partition): on real Postgres, the three applied at the
 * same moment, in every order, write it exactly once.
 */

describe('approval notification when its three events are applied at once (Postgres)', () => {
  const database = `tapinti_notifications_race_${Date.now().toString(36)}`;
  let knex: Knex;
  const admin = () => new pg.Client({ connectionString: INFRA.postgresAdminUrl });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`create database "${database}"`);
    await client.end();
    knex = await createKnex({ driver: 'postgres', url: `${INFRA.postgresBaseUrl}/${database}` });
    await migrateSchema(knex, 'notifications', [
      ...eventStoreMigrations('notifications'),
      ...notificationsModule.migrations,
    ]);
  });
  afterAll(async () => {
    await knex?.destroy();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.end();
  });

  const apply = applyConsumedEvent(
    { now: () => new Date(), archiveAfterMs: 1000, complaintMailRules: [{ limit: 5, windowSeconds: 3600 }] },
    () => undefined,
  );

  test('20 rounds of application, organisation and subscription in three concurrent transactions: one approval each', async () => {
    for (let round = 0; round < 20; round++) {
      const applicationId = randomUUID();
      const organizationId = randomUUID();
      const subscriptionId = randomUUID();
      const submitted = applicationSubmitted(applicationId);
      await knex.transaction((trx) => apply(trx, submitted.payload, submitted));
      const events = [
        event('organizations.application.approved', {
          applicationId,
          reviewedBy: randomUUID(),
          reviewedAt: '2025-08-03T10:00:00.000Z',
          status: 'approved',
          organizationId,
          subscriptionId,
        }),
        organizationCreated(organizationId, applicationId),
        event('organizations.subscription.started', {
          subscriptionId,
          organizationId,
          plan: 'basic',
          status: 'trial',
          startDate: '2025-08-03',
          endDate: '2025-09-02',
          monthlyPrice: 49.99,
          features: {},
        }),
      ].sort(() => Math.random() - 0.5);
      await Promise.all(
        events.map((e) => knex.transaction((trx) => apply(trx, e.payload, e as Parameters<typeof apply>[2]))),
      );
      const rows = await knex('notifications.notifications').where({
        type: 'application-approved',
        subject_id: applicationId,
      });
      expect([round, rows.length]).toEqual([round, 1]);
      expect(rows[0].message).toContain('• Abunə: Basic (sınaq), 03.08.2025 – 02.09.2025');
    }
  });
});
