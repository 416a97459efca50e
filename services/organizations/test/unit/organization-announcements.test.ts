import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AnnouncementCreatedV1 } from '@tapinti/contracts/announcements-events';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { readModelsMigration } from '../../migrations/001-read-models';
import {
  announcementArchived,
  announcementClosed,
  announcementCreated,
  announcementDeleted,
  announcementEdited,
  announcementRenewed,
} from '../../src/store/organization-announcements';
import { listOrganizationAnnouncements } from '../../src/store/queries';

describe("an organisation's announcements follow edits, closes, deletions and renewals", () => {
  let knex: Knex;
  const organizationId = randomUUID();
  const at = '2025-08-25T10:00:00.000Z';
  const created = (id: string): AnnouncementCreatedV1 => ({
    announcementId: id,
    userId: randomUUID(),
    organizationId,
    type: 'found',
    title: 'Qara pulqabı tapılıb',
    description: 'Lobbidə qara dəri pulqabı tapılıb',
    category: 'other',
    location: 'Hilton Baku',
    roomNumber: null,
    contactInfo: null,
    imageUrl: null,
    rewardAmount: 0,
    rewardDescription: null,
    isPublic: true,
    createdAt: at,
  });

  /** Applies a consumer twice, as a redelivery would: the second changes nothing. */
  async function deliverTwice<P>(handler: (trx: Knex.Transaction, p: P) => Promise<void>, payload: P) {
    for (let i = 0; i < 2; i++) await knex.transaction((trx) => handler(trx, payload));
  }
  const listed = async (id: string) =>
    (await listOrganizationAnnouncements(knex, organizationId)).find((a) => a.id === id);

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'org-ann-')),
    });
    await migrateSchema(knex, 'organizations', [
      ...eventStoreMigrations('organizations'),
      readModelsMigration,
    ]);
  }, 60_000);
  afterAll(() => knex.destroy());

  it('an edit shows the new fields', async () => {
    const id = randomUUID();
    await deliverTwice(announcementCreated, created(id));
    await deliverTwice(announcementEdited, {
      ...created(id),
      title: 'Qəhvəyi pulqabı tapılıb',
      roomNumber: '305',
      isPublic: false,
      editedAt: at,
    });
    expect(await listed(id)).toMatchObject({
      title: 'Qəhvəyi pulqabı tapılıb',
      roomNumber: '305',
      isPublic: false,
      status: 'open',
      isActive: true,
    });
  });

  it('a closed one stays listed as resolved; a deleted one is dropped', async () => {
    const [closed, deleted] = [randomUUID(), randomUUID()];
    await deliverTwice(announcementCreated, created(closed));
    await deliverTwice(announcementCreated, created(deleted));
    await deliverTwice(announcementClosed, { announcementId: closed, outcome: 'returned', closedAt: at });
    await deliverTwice(announcementDeleted, { announcementId: deleted, deletedAt: at });
    expect(await listed(closed)).toMatchObject({ status: 'resolved', isActive: false });
    expect(await listed(deleted)).toBeUndefined();
  });

  it('a renewed one is open again', async () => {
    const id = randomUUID();
    await deliverTwice(announcementCreated, created(id));
    await deliverTwice(announcementArchived, { announcementId: id, reason: 'expired', archivedAt: at });
    expect(await listed(id)).toMatchObject({ status: 'archived', isActive: false });
    await deliverTwice(announcementRenewed, { announcementId: id, renewedAt: at });
    expect(await listed(id)).toMatchObject({ status: 'open', isActive: true });
    const [row] = await knex('organizations.organization_announcements').where({ id }).select('archived_at');
    expect(row.archived_at).toBeNull();
  });
});
