import { randomUUID } from 'node:crypto';
import type { Knex } from '@tapinti/platform/db';
import { applyConsumedEvent } from '../../services/notifications/src/consumers/subscriptions';
import { notificationsModule } from '../../services/notifications/src/module';
import {
  applicationSubmitted,
  event,
  organizationCreated,
} from '../../services/notifications/test/unit/support';
import { scratchDatabase } from '../support/scratch-database';

/**
 * The approval notification waits for three events of three streams, which the Kafka bus hands
 * over in concurrent transactions (one per partition): on real Postgres, the three applied at the
 * same moment, in every order, write it exactly once.
 */

describe('approval notification when its three events are applied at once (Postgres)', () => {
  let knex: Knex;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ knex, drop } = await scratchDatabase(
      'notifications_race',
      'notifications',
      notificationsModule.migrations,
    ));
  });
  afterAll(() => drop?.());

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
