import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AnnouncementCreatedV1 } from '@tapinti/contracts/announcements-events';
import { REQUEST_MESSAGES, fileRequestSchema } from '@tapinti/contracts/requests-api';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createRequests, type Claimant } from '../../src/application/requests';
import {
  announcementArchived,
  announcementClosed,
  announcementCreated,
  announcementDeleted,
  announcementEdited,
  announcementHeldForReview,
  announcementHidden,
  announcementRenewed,
  announcementRestored,
  announcementApproved,
} from '../../src/consumers/announcements';
import { requestsModule } from '../../src/module';
import { project } from '../../src/store/projection';

const person = (): Claimant => {
  const userId = randomUUID();
  return { userId, role: 'user', organizationId: null, username: `u${userId.slice(0, 8)}` };
};

describe('an announcement edited, closed, deleted and renewed, as the requests service sees it', () => {
  let knex: Knex;
  let requests: ReturnType<typeof createRequests>;
  const now = new Date('2025-08-25T10:00:00.000Z');
  const meta = () => ({ ...systemMetadata(), occurredAt: now.toISOString() });
  const envelope = (): EventEnvelope => ({
    eventId: randomUUID(),
    type: 'test',
    schemaVersion: 1,
    source: 'announcements',
    streamId: 'x',
    streamVersion: 1,
    position: 1,
    payload: {},
    metadata: meta(),
  });
  const author = person();
  const created = (id: string): AnnouncementCreatedV1 => ({
    announcementId: id,
    userId: author.userId,
    organizationId: null,
    type: 'found',
    title: 'Qara telefon tapılıb',
    description: 'Metroda qara telefon tapılıb, sahibini axtarırıq',
    category: 'phones',
    location: 'Gənclik metrosu',
    roomNumber: null,
    contactInfo: null,
    imageUrl: null,
    rewardAmount: 0,
    rewardDescription: null,
    isPublic: true,
    createdAt: now.toISOString(),
  });

  /** Applies a consumer twice with the same event, as a redelivery would. */
  async function deliverTwice<P>(
    handler: (trx: Knex.Transaction, p: P, e: EventEnvelope) => Promise<void>,
    payload: P,
  ) {
    const event = envelope();
    for (let i = 0; i < 2; i++) await knex.transaction((trx) => handler(trx, payload, event));
  }

  async function post() {
    const id = randomUUID();
    await deliverTwice(announcementCreated, created(id));
    return id;
  }

  const file = (claimant: Claimant, announcementId: string) =>
    requests.file(claimant, fileRequestSchema.parse({ announcementId, contactMethod: 'phone' }), meta());

  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (err) {
      const e = err as { status: number; message: string };
      return { status: e.status, message: e.message };
    }
    throw new Error('expected a refusal');
  };

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'req-life-')),
    });
    await migrateSchema(knex, 'requests', [
      ...eventStoreMigrations('requests'),
      ...requestsModule.migrations,
    ]);
    const es = createEventSourcing(knex, {
      schema: 'requests',
      source: 'requests',
      project,
      readModelTables: ['requests'],
    });
    requests = createRequests({
      es,
      knex,
      clock: () => now,
      config: { JWT_SECRET: 'unit-test-secret-'.padEnd(32, 'x') },
    });
  }, 60_000);
  afterAll(() => knex.destroy());

  it('an edit changes the title claims show, also for claims filed before it', async () => {
    const claimant = person();
    const id = await post();
    await file(claimant, id);
    await deliverTwice(announcementEdited, {
      ...created(id),
      title: 'Göy telefon tapılıb',
      roomNumber: '12',
      editedAt: now.toISOString(),
    });
    const [mine] = await requests.listMine(claimant);
    expect(mine!.announcement).toMatchObject({
      title: 'Göy telefon tapılıb',
      roomNumber: '12',
      status: 'open',
    });
  });

  it('a closed announcement refuses claims (409); open claims on it stay for its handler', async () => {
    const [early, late] = [person(), person()];
    const id = await post();
    const claim = await file(early, id);
    await deliverTwice(announcementClosed, {
      announcementId: id,
      outcome: 'returned',
      closedAt: now.toISOString(),
    });
    expect(await refusal(file(late, id))).toEqual({
      status: 409,
      message: REQUEST_MESSAGES.announcementClosed,
    });
    const handled = await requests.changeStatus(author, claim.id, 'resolved_rejected', meta());
    expect(handled.status).toBe('resolved_rejected');
  });

  it('a deleted announcement is unknown to new claims (404); earlier claims keep its title', async () => {
    const [early, late] = [person(), person()];
    const id = await post();
    await file(early, id);
    await deliverTwice(announcementDeleted, { announcementId: id, deletedAt: now.toISOString() });
    expect(await refusal(file(late, id))).toEqual({
      status: 404,
      message: REQUEST_MESSAGES.announcementNotFound,
    });
    const [mine] = await requests.listMine(early);
    expect(mine!.announcement).toMatchObject({ title: 'Qara telefon tapılıb' });
  });

  it('a renewed announcement can be claimed again', async () => {
    const claimant = person();
    const id = await post();
    await deliverTwice(announcementArchived, {
      announcementId: id,
      reason: 'expired',
      archivedAt: now.toISOString(),
    });
    expect(await refusal(file(claimant, id))).toMatchObject({ status: 409 });
    await deliverTwice(announcementRenewed, { announcementId: id, renewedAt: now.toISOString() });
    expect(await file(claimant, id)).toMatchObject({ status: 'pending', announcement: { status: 'open' } });
  });

  it('a held or hidden announcement is unknown to other claimants (404) until approved or restored', async () => {
    const [claimant, early] = [person(), person()];
    const at = now.toISOString();
    const id = await post();
    await file(early, id);
    const notFound = { status: 404, message: REQUEST_MESSAGES.announcementNotFound };

    await deliverTwice(announcementHeldForReview, { announcementId: id, rules: ['reports'], heldAt: at });
    expect(await refusal(file(claimant, id))).toEqual(notFound);
    await deliverTwice(announcementApproved, { announcementId: id, approvedAt: at });
    await deliverTwice(announcementHidden, { announcementId: id, reason: 'Saxta elan', hiddenAt: at });
    expect(await refusal(file(claimant, id))).toEqual(notFound);
    // The claim filed before it was hidden stays with its handler.
    const [earlier] = await requests.listMine(early);
    expect(earlier).toMatchObject({ status: 'pending' });

    await deliverTwice(announcementRestored, { announcementId: id, restoredAt: at });
    expect(await file(claimant, id)).toMatchObject({ status: 'pending' });
  });
});
