import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { announcementCreatedV1Schema } from '@tapinti/contracts/announcements-events';
import { auditLogQuerySchema } from '@tapinti/contracts/audit-api';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { on } from '@tapinti/eventstore/subscriptions';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { currentContext } from '@tapinti/platform/request-context';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { auditLogs } from '../../migrations/001-audit-logs';
import { analyticsReadModels } from '../../migrations/analytics-001-read-models';
import { AUDIT_LOG_GROUP, auditSubscriptions } from '../../src/consumers/subscriptions';
import { listAuditLogs } from '../../src/store/audit-logs';

const USER = '6f1c1a51-8a8a-4f59-9d8e-2f0d3f3f7c11';
const ORG = '0b7b6a9e-3c55-4d8e-9a37-6a3c9e2f1b22';
let seq = 0;
const event = (
  type: string,
  payload: unknown,
  occurredAt: string,
  over: Partial<EventEnvelope['metadata']> = {},
  schemaVersion = 1,
) => {
  seq += 1;
  return {
    eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type,
    schemaVersion,
    source: type.split('.')[0]!,
    streamId: `user-${USER}`,
    streamVersion: seq,
    position: seq,
    payload,
    metadata: {
      actorId: USER,
      organizationId: null,
      addressKey: 'Xk2pQ0vB9mZr7TnLw4yHcA',
      userAgent: 'jest',
      correlationId: null,
      occurredAt,
      ...over,
    },
  } satisfies EventEnvelope;
};

const registered = (userId: string, username: string, occurredAt: string) =>
  event(
    'auth.user.registered',
    {
      userId,
      username,
      email: `${username}@x.az`,
      phone: null,
      role: 'user',
      organizationId: null,
      isActive: true,
      isVerified: false,
      via: 'registration',
    },
    occurredAt,
  );

const announcementCreated = (
  title: string,
  occurredAt: string,
  extra: Record<string, unknown> = {},
  over: Partial<EventEnvelope['metadata']> = {},
) =>
  event(
    'announcements.announcement.created',
    {
      announcementId: '2d9f3c1e-5b6a-4c7d-8e9f-0a1b2c3d4e5f',
      userId: USER,
      organizationId: ORG,
      type: 'lost',
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
      createdAt: occurredAt,
      ...extra,
    },
    occurredAt,
    { organizationId: ORG, ...over },
  );

async function until(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('audit consumer groups on PGlite', () => {
  // Starting PGlite takes a few seconds on a busy machine.
  let knex: Knex;
  const logLines: string[] = [];
  const logger = pino(
    { level: 'warn' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  const bus = createMemoryEventBus(logger, { maxBackoffMs: 20 });

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'audit-')) });
    await migrateSchema(knex, 'audit', [...eventStoreMigrations('audit'), auditLogs, analyticsReadModels]);
    const context = { knex, bus, logger } as unknown as ServiceContext;
    for (const group of auditSubscriptions(context)) await subscribeConsumerGroup(context, 'audit', group);
  });
  afterAll(async () => {
    await bus.close();
    await knex.destroy();
  });

  const count = async () => Number((await knex('audit.audit_logs').count({ n: '*' }))[0]!.n);
  const processed = async (group: string, ids: string[]) =>
    Number(
      (
        await knex('audit.processed_events')
          .where({ consumer: group })
          .whereIn('event_id', ids)
          .count({ n: '*' })
      )[0]!.n,
    );

  it('keeps each event once, however often it is delivered, with the actor name', async () => {
    const first = registered(USER, 'leyla', '2025-08-01T10:00:00Z');
    const renamed = event(
      'auth.user.profile-updated',
      { userId: USER, before: { username: 'leyla' }, after: { username: 'leyla2' } },
      '2025-08-02T10:00:00Z',
    );
    const created = announcementCreated("x'); drop table audit.users; --", '2025-08-03T10:00:00Z', {
      password: 'p',
    });
    // A type no contract defines (yet): ignored, not recorded.
    const unknown = event('auth.user.teleported', { userId: USER }, '2025-08-03T11:00:00Z');
    await bus.publish('auth.events', [first, renamed]);
    await bus.publish('auth.events', [first, unknown]);
    await bus.publish('announcements.events', [created, created]);
    await bus.publish('notifications.events', [
      event('notifications.notification.sent', {}, '2025-08-04T10:00:00Z'),
    ]);
    await until(async () => (await count()) === 3);
    await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(3);
    expect(await processed(AUDIT_LOG_GROUP, [unknown.eventId])).toBe(0);

    const all = await listAuditLogs(knex, auditLogQuerySchema.parse({}));
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.action)).toEqual([
      'announcements.announcement.created',
      'auth.user.profile-updated',
      'auth.user.registered',
    ]);
    expect(all.items[0]).toMatchObject({
      userId: USER,
      username: 'leyla2',
      organizationId: ORG,
      entityType: 'announcement',
      afterState: { title: "x'); drop table audit.users; --", organizationId: ORG },
      ipAddress: 'Xk2pQ0vB9mZr7TnLw4yHcA',
      userAgent: 'jest',
      createdAt: '2025-08-03T10:00:00.000Z',
      source: 'announcements',
    });
    // The row is the payload as the contract parsed it: fields it does not define are dropped.
    expect(all.items[0]!.afterState).not.toHaveProperty('password');
    expect(all.items[1]).toMatchObject({
      beforeState: { username: 'leyla' },
      afterState: { username: 'leyla2' },
    });
  });

  it('skips an unknown schema version or an unreadable payload, logging ids but never the payload', async () => {
    const v2 = event(
      'auth.user.registered',
      { userId: USER, note: 'secret-in-v2' },
      '2025-08-05T10:00:00Z',
      {},
      2,
    );
    const unreadable = event(
      'auth.user.logged-in',
      { userId: 'not-a-uuid', method: 'secret-in-v1' },
      '2025-08-05T10:00:01Z',
    );
    const fine = event('auth.user.logged-out', { userId: USER }, '2025-08-05T10:00:02Z');
    const before = await count();
    await bus.publish('auth.events', [v2, unreadable, fine]);
    await until(
      async () => (await processed(AUDIT_LOG_GROUP, [v2.eventId, unreadable.eventId, fine.eventId])) === 3,
    );
    await until(async () => logLines.length >= 2);
    expect(await count()).toBe(before + 1);
    const warnings = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          eventId: v2.eventId,
          type: 'auth.user.registered',
          schemaVersion: 2,
          group: AUDIT_LOG_GROUP,
          msg: 'unreadable event skipped',
        }),
        expect.objectContaining({
          eventId: unreadable.eventId,
          type: 'auth.user.logged-in',
          schemaVersion: 1,
          group: AUDIT_LOG_GROUP,
        }),
      ]),
    );
    expect(logLines.join('\n')).not.toMatch(/secret-in|not-a-uuid/);
  });

  it('applies a batch in one transaction: a failing handler leaves nothing, the batch comes again, each effect once, under its correlation id', async () => {
    await knex.schema.withSchema('audit').createTable('test_effects', (t) => {
      t.uuid('event_id').notNullable();
      t.text('request_id').notNullable();
    });
    const a = announcementCreated('Birinci', '2025-08-06T10:00:00Z'); // no correlation id
    const b = announcementCreated('İkinci', '2025-08-06T10:00:01Z', {}, { correlationId: 'req-42' });
    let failuresLeft = 1;
    const context = { knex, bus, logger } as unknown as ServiceContext;
    await subscribeConsumerGroup(context, 'audit', {
      groupId: 'audit.test-batch',
      handlers: {
        'announcements.announcement.created': {
          1: on(announcementCreatedV1Schema, async (trx, p, e) => {
            await trx('audit.test_effects').insert({
              event_id: e.eventId,
              request_id: currentContext()?.requestId ?? 'none',
            });
            if (p.title === 'İkinci' && failuresLeft-- > 0) throw new Error('failed on purpose');
          }),
        },
      },
    });
    await bus.publish('announcements.events', [a, b]);
    await until(async () => (await processed('audit.test-batch', [a.eventId, b.eventId])) === 2);
    // The first attempt's work on `a` was rolled back with the failure on `b`. (The new group
    // also read the topic's earlier event from the beginning.)
    expect(
      await knex('audit.test_effects').whereIn('event_id', [a.eventId, b.eventId]).orderBy('request_id'),
    ).toEqual([
      { event_id: a.eventId, request_id: a.eventId },
      { event_id: b.eventId, request_id: 'req-42' },
    ]);
    expect(failuresLeft).toBe(-1);
  });

  it('filters by organisation and dates and pages newest first', async () => {
    await knex('audit.audit_logs').where('created_at', '>=', '2025-08-05').delete();
    const q = (query: Record<string, string>) => listAuditLogs(knex, auditLogQuerySchema.parse(query));
    expect((await q({ organizationId: ORG })).items.map((i) => i.action)).toEqual([
      'announcements.announcement.created',
    ]);
    expect((await q({ fromDate: '2025-08-02', toDate: '2025-08-02' })).items.map((i) => i.action)).toEqual([
      'auth.user.profile-updated',
    ]);
    expect((await q({ toDate: '2025-08-02T10:00:00Z' })).total).toBe(2);
    const page2 = await q({ limit: '1', page: '2' });
    expect(page2).toMatchObject({ total: 3, limit: 1, offset: 1 });
    expect(page2.items.map((i) => i.action)).toEqual(['auth.user.profile-updated']);
  });

  it('keeps the identifier of a failed login only when it named an account (v1 as published, v2)', async () => {
    const at = '2025-08-06T10:00:00Z';
    const unknownV1 = event(
      'auth.user.login-failed',
      { userId: null, identifier: 'Gizli-Parol-1', method: 'username', reason: 'unknown-identifier' },
      at,
      { actorId: null },
    );
    const knownV1 = event(
      'auth.user.login-failed',
      { userId: USER, identifier: 'leyla2', method: 'username', reason: 'wrong-password' },
      at,
      { actorId: null },
    );
    const unknownV2 = event(
      'auth.user.login-failed',
      {
        userId: null,
        identifier: null,
        identifierDigest: '0123456789abcdef0123456789abcdef',
        method: 'email',
        reason: 'unknown-identifier',
      },
      at,
      { actorId: null },
      2,
    );
    await bus.publish('auth.events', [unknownV1, knownV1, unknownV2]);
    const ids = [unknownV1.eventId, knownV1.eventId, unknownV2.eventId];
    await until(async () => (await processed(AUDIT_LOG_GROUP, ids)) === 3);
    const rows = await knex('audit.audit_logs').whereIn('event_id', ids).orderBy('event_id');
    expect(rows.map((r) => r.after_state)).toEqual([
      { userId: null, identifier: null, method: 'username', reason: 'unknown-identifier' },
      { userId: USER, identifier: 'leyla2', method: 'username', reason: 'wrong-password' },
      {
        userId: null,
        identifier: null,
        identifierDigest: '0123456789abcdef0123456789abcdef',
        method: 'email',
        reason: 'unknown-identifier',
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('Gizli-Parol-1');
  });
});
