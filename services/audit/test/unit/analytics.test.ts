import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { idempotentHandler } from '@tapinti/eventstore/idempotent-consumer';
import { analyticsReadModels } from '../../migrations/analytics-001-read-models';
import { analyticsEffects } from '../../src/analytics/effects';
import { foldForSearch } from '@tapinti/contracts/text-folding';
import { readKpis, searchAnnouncements, searchOrganizations, searchUsers } from '../../src/analytics/store';

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

jest.setTimeout(30_000);

describe('analytics read models', () => {
  let knex: Knex;
  let handle: (e: EventEnvelope) => Promise<void>;

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'analytics-')),
    });
    await migrateSchema(knex, 'audit', [...eventStoreMigrations('audit'), analyticsReadModels]);
    handle = idempotentHandler(knex, {
      schema: 'audit',
      consumer: 'audit.analytics',
      effects: analyticsEffects(pino({ level: 'silent' })),
    });
  }, 60_000);
  afterAll(() => knex.destroy());

  it('answers zeros before anything happened', async () => {
    expect(await readKpis(knex)).toEqual({
      organizations: { total: 0, active: 0, suspended: 0 },
      announcements: { total: 0, lost: 0, found: 0 },
      requests: { total: 0, pending: 0, resolved: 0 },
    });
  });

  it('counts announcements, organisations and requests from their events, once each', async () => {
    const announcement = (type: 'lost' | 'found', title: string) =>
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
        createdAt: new Date().toISOString(),
      });
    const lost = announcement('lost', 'Qara pulqabı');
    await handle(lost);
    await handle(lost); // redelivered
    await handle(announcement('found', 'Açar tapılıb'));
    await handle(announcement('lost', 'Telefon itib'));

    const orgA = randomUUID();
    await handle(
      event('organizations.organization.created', {
        organizationId: orgA,
        name: 'İçərişəhər Oteli',
        type: 'hotel',
      }),
    );
    await handle(
      event('organizations.organization.created', {
        organizationId: randomUUID(),
        name: 'Gənclik Mall',
        type: 'mall',
      }),
    );
    await handle(event('organizations.organization.deactivated', { organizationId: orgA }));

    const requests = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    for (const requestId of requests)
      await handle(event('requests.request.created', { requestId, announcementId: randomUUID() }));
    await handle(
      event('requests.request.status-changed', { requestId: requests[0], status: 'resolved_claimed' }),
    );
    await handle(
      event('requests.request.status-changed', {
        requestId: requests[1],
        after: { status: 'resolved_rejected' },
      }),
    );
    await handle(event('requests.request.status-changed', { requestId: requests[2], status: 'contacted' }));
    // Unknown versions and unreadable payloads are skipped, not fatal.
    await handle(event('requests.request.created', { nonsense: true }));
    await handle(event('requests.request.created', { requestId: randomUUID() }, 2));

    expect(await readKpis(knex)).toEqual({
      organizations: { total: 2, active: 1, suspended: 1 },
      announcements: { total: 3, lost: 2, found: 1 },
      requests: { total: 4, pending: 1, resolved: 2 },
    });
  });

  it('searches with Azerbaijani case folding, at most 3 per group', async () => {
    expect((await searchAnnouncements(knex, foldForSearch('PULQABI'))).map((a) => a.title)).toEqual([
      'Qara pulqabı',
    ]);
    expect(
      (await searchOrganizations(knex, foldForSearch('İÇƏRİŞƏHƏR'))).map((o) => [o.name, o.isActive]),
    ).toEqual([['İçərişəhər Oteli', false]]);
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
