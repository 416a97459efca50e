import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { createLogger } from '@tapinti/platform/logger';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { subscriptions } from '../../src/consumers/subscriptions';
import { notificationsModule } from '../../src/module';

let seq = 0;

/** An event as a producer would publish it. */
export function event<P>(type: string, payload: P, streamId = `${type.split('.')[1]}-${randomUUID()}`) {
  seq += 1;
  return {
    eventId: randomUUID(),
    type,
    schemaVersion: 1,
    source: type.split('.')[0]!,
    streamId,
    streamVersion: 1,
    position: seq,
    payload,
    metadata: {
      actorId: null,
      organizationId: null,
      addressKey: 'Xk2pQ0vB9mZr7TnLw4yHcA',
      userAgent: 'jest',
      correlationId: null,
      occurredAt: new Date(Date.UTC(2025, 7, 1, 10, 0, seq)).toISOString(),
    },
  } satisfies EventEnvelope<P>;
}

export const registered = (userId: string, username: string, extra: Record<string, unknown> = {}) =>
  event('auth.user.registered', {
    userId,
    username,
    email: `${username}@example.az`,
    phone: null,
    role: 'user',
    organizationId: null,
    isActive: true,
    isVerified: false,
    via: 'registration',
    ...extra,
  });

export const becameOrgAdmin = (userId: string, organizationId: string) =>
  event('auth.user.role-changed', {
    userId,
    before: { role: 'user', organizationId: null },
    after: { role: 'org_admin', organizationId },
  });

export const announcementCreated = (
  announcementId: string,
  userId: string,
  createdAt: string,
  extra: Record<string, unknown> = {},
) =>
  event('announcements.announcement.created', {
    announcementId,
    userId,
    organizationId: null,
    type: 'lost',
    title: 'Qara pulqabı',
    description: 'Metroda itirilmiş qara dəri pulqabı, içində sənədlər var',
    category: 'bags',
    location: 'Bakı, 28 May',
    roomNumber: null,
    contactInfo: null,
    imageUrl: null,
    rewardAmount: 0,
    rewardDescription: null,
    isPublic: true,
    createdAt,
    ...extra,
  });

export const applicationSubmitted = (applicationId: string, extra: Record<string, unknown> = {}) =>
  event('organizations.application.submitted', {
    applicationId,
    organizationName: 'Park Bulvar',
    organizationType: 'mall',
    contactPerson: 'Aygün Məmmədova',
    contactEmail: `apply-${applicationId.slice(0, 8)}@example.az`,
    contactPhone: null,
    address: 'Bakı, Neftçilər prospekti 123',
    message: null,
    status: 'pending',
    submittedBy: null,
    createdAt: '2025-08-01T10:00:00.000Z',
    ...extra,
  });

export const organizationCreated = (organizationId: string, applicationId: string | null) =>
  event('organizations.organization.created', {
    organizationId,
    applicationId,
    name: 'Park Bulvar',
    type: 'mall',
    address: 'Bakı, Neftçilər prospekti 123',
    contactEmail: `org-${organizationId.slice(0, 8)}@example.az`,
    contactPhone: '+994125550000',
    isActive: true,
    settings: {},
    createdAt: '2025-08-02T10:00:00.000Z',
  });

export async function pgliteWithSchema(): Promise<Knex> {
  const knex = await createKnex({
    driver: 'pglite',
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'notifications-')),
  });
  await migrateSchema(knex, 'notifications', [
    ...eventStoreMigrations('notifications'),
    ...notificationsModule.migrations,
  ]);
  return knex;
}

export async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The notifications service's consumer groups on PGlite, fed by a memory bus, with `clock` and
 * `config` as its context's: what the trigger tests publish to. `close` stops the bus and the database.
 */
export async function consumingNotifications(clock: () => Date, config: Record<string, unknown>) {
  const knex = await pgliteWithSchema();
  const logger = createLogger('test', 'silent');
  const bus = createMemoryEventBus(logger, { maxBackoffMs: 20 });
  const context = { knex, bus, logger, clock, config } as unknown as ServiceContext;
  for (const group of subscriptions(context)) await subscribeConsumerGroup(context, 'notifications', group);
  return {
    knex,
    bus,
    context,
    async close() {
      await bus.close();
      await knex.destroy();
    },
  };
}
