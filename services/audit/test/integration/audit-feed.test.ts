import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { auditLogs } from '../../migrations/001-audit-logs';
import { createAuditFeed, FEED_POLL_MS, type AuditFeed } from '../../src/http/audit-feed';
import { insertAuditEntry } from '../../src/store/audit-logs';
import type { AuditEntry } from '../../src/domain/audit-entry';
import { eventually } from '../../../../test/support/eventually';
import { INFRA } from '../../../../test/support/infra';

const entry = (action: string): AuditEntry => ({
  eventId: randomUUID(),
  source: 'announcements',
  userId: null,
  organizationId: null,
  entityType: 'announcement',
  entityId: randomUUID(),
  action,
  beforeState: null,
  afterState: null,
  ipAddress: null,
  userAgent: null,
  createdAt: new Date(),
});

// Real Postgres: two consumer transactions at once, the one with the lower `seq` committing last.
describe('the live audit feed (Postgres)', () => {
  const database = `tapinti_audit_feed_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: INFRA.postgresAdminUrl });
  let knex: Knex;
  let feed: AuditFeed;

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database "${database}"`);
    knex = await createKnex({ driver: 'postgres', url: `${INFRA.postgresBaseUrl}/${database}` });
    await migrateSchema(knex, 'audit', [auditLogs]);
    feed = createAuditFeed(knex, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    feed.close();
    await knex.destroy();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  });

  it('hands on a row that commits after a newer one was already streamed', async () => {
    const seen: AuditLogEntry[] = [];
    const unsubscribe = await feed.subscribe((e) => seen.push(e));

    const slow = await knex.transaction();
    await insertAuditEntry(slow, randomUUID(), entry('announcements.announcement.created')); // the lower seq
    await knex.transaction((fast) =>
      insertAuditEntry(fast, randomUUID(), entry('announcements.announcement.updated')),
    );
    await eventually(
      () => expect(seen.map((e) => e.action)).toEqual(['announcements.announcement.updated']),
      {
        timeoutMs: 10 * FEED_POLL_MS,
      },
    );

    await slow.commit();
    await eventually(
      () =>
        expect(seen.map((e) => e.action)).toEqual([
          'announcements.announcement.updated',
          'announcements.announcement.created',
        ]),
      { timeoutMs: 10 * FEED_POLL_MS },
    );
    // Each row once: the next polls pass over what was handed on.
    await new Promise((r) => setTimeout(r, 2 * FEED_POLL_MS));
    expect(seen).toHaveLength(2);
    unsubscribe();
  });
});
