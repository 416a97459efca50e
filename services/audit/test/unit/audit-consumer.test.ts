import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { auditLogQuerySchema } from '@tapinti/contracts/audit-api';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createMemoryEventBus } from '@tapinti/ports/memory-event-bus';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { auditLogs } from '../../migrations/001-audit-logs';
import { AUDIT_LOG_EFFECTS, startAuditConsumers } from '../../src/consumers/audit-log-consumer';
import type { EffectEntry } from '../../src/consumers/effects';
import { listAuditLogs } from '../../src/store/audit-logs';

const USER = '6f1c1a51-8a8a-4f59-9d8e-2f0d3f3f7c11';
const ORG = '0b7b6a9e-3c55-4d8e-9a37-6a3c9e2f1b22';
let seq = 0;
const event = (
  type: string,
  payload: unknown,
  occurredAt: string,
  over: Partial<EventEnvelope['metadata']> = {},
) => {
  seq += 1;
  return {
    eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    type,
    schemaVersion: 1,
    source: type.split('.')[0]!,
    streamId: `user-${USER}`,
    streamVersion: seq,
    position: seq,
    payload,
    metadata: {
      actorId: USER,
      organizationId: null,
      ip: '127.0.0.1',
      userAgent: 'jest',
      correlationId: null,
      occurredAt,
      ...over,
    },
  } satisfies EventEnvelope;
};

async function until(check: () => Promise<boolean>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('audit-log consumer on PGlite', () => {
  // Starting PGlite and hashing with argon2 take a few seconds on a busy machine.
  jest.setTimeout(60_000);
  let knex: Knex;
  const logger = pino({ level: 'silent' });
  const bus = createMemoryEventBus(logger);
  const seen: string[] = [];
  const extra: EffectEntry = {
    name: 'extra',
    appliesTo: (t) => t.startsWith('announcements.'),
    effect: async (_trx, e) => {
      seen.push(e.eventId);
    },
  };

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'audit-')) });
    await migrateSchema(knex, 'audit', [...eventStoreMigrations('audit'), auditLogs]);
    await startAuditConsumers({ knex, bus, logger } as unknown as ServiceContext, [
      ...AUDIT_LOG_EFFECTS,
      extra,
    ]);
  });
  afterAll(async () => {
    await bus.close();
    await knex.destroy();
  });

  const count = async () => Number((await knex('audit.audit_logs').count({ n: '*' }))[0]!.n);

  it('keeps each event once, however often it is delivered, with the actor name and more effects per type', async () => {
    const registered = event(
      'auth.user.registered',
      { userId: USER, username: 'leyla', email: 'l@x.az' },
      '2025-08-01T10:00:00Z',
    );
    const renamed = event(
      'auth.user.profile-updated',
      { userId: USER, before: { username: 'leyla' }, after: { username: 'leyla2' } },
      '2025-08-02T10:00:00Z',
    );
    const created = event(
      'announcements.announcement.created',
      { title: "x'); drop table audit.users; --", organizationId: ORG, password: 'p' },
      '2025-08-03T10:00:00Z',
      { organizationId: ORG },
    );
    await bus.publish('auth.events', [registered, renamed]);
    await bus.publish('auth.events', [registered]);
    await bus.publish('announcements.events', [created, created]);
    await bus.publish('notifications.events', [
      event('notifications.notification.sent', {}, '2025-08-04T10:00:00Z'),
    ]);
    await until(async () => (await count()) === 3 && seen.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await count()).toBe(3);
    expect(seen).toEqual([created.eventId]);

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
      afterState: { title: "x'); drop table audit.users; --", organizationId: ORG, password: '[redacted]' },
      ipAddress: '127.0.0.1',
      userAgent: 'jest',
      createdAt: '2025-08-03T10:00:00.000Z',
      source: 'announcements',
    });
    expect(all.items[1]).toMatchObject({
      beforeState: { username: 'leyla' },
      afterState: { username: 'leyla2' },
    });
  });

  it('filters by organisation and dates and pages newest first', async () => {
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
});
