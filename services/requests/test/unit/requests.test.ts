import { fillMessage } from '@tapinti/contracts/message-template';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AnnouncementCreatedV1 } from '@tapinti/contracts/announcements-events';
import {
  REQUEST_LIMIT_MESSAGES,
  REQUEST_LIMITS,
  REQUEST_MESSAGES,
  fileRequestSchema,
} from '@tapinti/contracts/requests-api';
import { REQUEST_EVENTS } from '@tapinti/contracts/requests-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { createRequests, type Claimant } from '../../src/application/requests';
import { announcementArchived, announcementCreated } from '../../src/consumers/announcements';
import { userRegistered } from '../../src/consumers/users';
import { updateAnnouncement } from '../../src/store/announcements';
import { project } from '../../src/store/projection';
import { requestsModule } from '../../src/module';

const HOUR = 3600_000;

const person = (role: Claimant['role'] = 'user', organizationId: string | null = null): Claimant => {
  const userId = randomUUID();
  return { userId, role, organizationId, username: `u${userId.slice(0, 8)}` };
};

describe('request use cases on PGlite', () => {
  let knex: Knex;
  let es: EventSourcing;
  let now = new Date('2025-08-25T10:00:00.000Z');
  let requests: ReturnType<typeof createRequests>;
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
  const organizationId = randomUUID();
  const orgAdmin = person('org_admin', organizationId);

  /** The announcement as this service learns it from announcements.events. */
  async function post(fields: Partial<AnnouncementCreatedV1> = {}, questions: string[] = []) {
    const id = randomUUID();
    await knex.transaction(async (trx) => {
      await announcementCreated(
        trx,
        {
          announcementId: id,
          userId: author.userId,
          organizationId: null,
          type: 'found',
          title: 'Qara telefon tapılıb',
          description: 'Metroda qara telefon tapılıb, sahibini axtarırıq',
          category: 'phones',
          location: 'Gənclik metrosu',
          roomNumber: null,
          contactInfo: '+994501112233',
          imageUrl: null,
          rewardAmount: 0,
          rewardDescription: null,
          isPublic: true,
          createdAt: now.toISOString(),
          ...fields,
        },
        envelope(),
      );
      if (questions.length)
        await updateAnnouncement(trx, id, { securityQuestions: questions }, now.toISOString());
    });
    return id;
  }

  const file = (claimant: Claimant, announcementId: string, extra: Record<string, unknown> = {}) =>
    requests.file(
      claimant,
      fileRequestSchema.parse({ announcementId, contactMethod: 'phone', ...extra }),
      meta(),
    );

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
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'req-')) });
    await migrateSchema(knex, 'requests', [
      ...eventStoreMigrations('requests'),
      ...requestsModule.migrations,
    ]);
    es = createEventSourcing(knex, {
      schema: 'requests',
      source: 'requests',
      project,
      readModelTables: ['requests', 'answer_deadlines'],
    });
    requests = createRequests({
      es,
      knex,
      clock: () => now,
      config: { JWT_SECRET: 'unit-test-secret-'.padEnd(32, 'x') },
    });
  }, 60_000);
  afterAll(() => knex.destroy());

  it('files a claim with answers next to the questions, kept out of the events', async () => {
    const claimant = person();
    await knex.transaction((trx) =>
      userRegistered(
        trx,
        {
          userId: claimant.userId,
          username: claimant.username,
          email: 'sahib@example.az',
          phone: '+994551234567',
          role: 'user',
          organizationId: null,
          isActive: true,
          isVerified: false,
          via: 'registration',
        },
        envelope(),
      ),
    );
    const questions = ['Arxa örtüyü hansı rəngdədir?', 'Ekran qoruyucusu var?'];
    const id = await post({}, questions);
    expect(await refusal(file(claimant, id))).toEqual({
      status: 400,
      message: REQUEST_MESSAGES.answersCount,
    });

    const mine = await file(claimant, id, {
      answers: ['Bənövşəyi', 'Bəli'],
      message: 'Mənimdir',
      roomNumber: '12',
    });
    expect(mine).toMatchObject({
      announcementId: id,
      status: 'pending',
      contactMethod: 'phone',
      message: 'Mənimdir',
      roomNumber: '12',
      answers: [
        { question: questions[0], answer: 'Bənövşəyi' },
        { question: questions[1], answer: 'Bəli' },
      ],
      announcement: { title: 'Qara telefon tapılıb', type: 'found', status: 'open' },
    });
    const [incoming] = await requests.listIncoming(author);
    expect(incoming).toMatchObject({
      id: mine.id,
      userId: claimant.userId,
      username: claimant.username,
      contact: '+994551234567',
      answers: mine.answers,
    });
    const events = await knex('requests.events').select('payload');
    expect(JSON.stringify(events)).not.toMatch(/Bənövşəyi|Mənimdir|Arxa örtüyü/);
  });

  it('refuses own announcements, closed ones and a second open claim; unknown ones are 404', async () => {
    const claimant = person();
    const id = await post();
    expect(await refusal(file(author, id))).toEqual({
      status: 403,
      message: REQUEST_MESSAGES.ownAnnouncement,
    });
    expect(await refusal(file(claimant, randomUUID()))).toMatchObject({ status: 404 });
    await file(claimant, id);
    expect(await refusal(file(claimant, id))).toEqual({ status: 409, message: REQUEST_MESSAGES.duplicate });

    const archived = await post();
    await knex.transaction((trx) =>
      announcementArchived(
        trx,
        { announcementId: archived, reason: 'expired', archivedAt: now.toISOString() },
        envelope(),
      ),
    );
    expect(await refusal(file(claimant, archived))).toEqual({
      status: 409,
      message: REQUEST_MESSAGES.announcementClosed,
    });
  });

  it('resolved_claimed rejects every other open claim on the item in the same transaction; new claims are refused', async () => {
    const id = await post({ organizationId, userId: orgAdmin.userId, roomNumber: '204' });
    const [first, second, third] = [person(), person(), person()];
    const a = await file(first, id);
    const b = await file(second, id);
    const c = await file(third, id);
    expect(await refusal(requests.changeStatus(author, a.id, 'contacted', meta()))).toMatchObject({
      status: 403,
    });
    expect((await requests.changeStatus(orgAdmin, b.id, 'resolved_rejected', meta())).status).toBe(
      'resolved_rejected',
    );
    expect((await requests.changeStatus(orgAdmin, a.id, 'contacted', meta())).status).toBe('contacted');
    const claimed = await requests.changeStatus(orgAdmin, a.id, 'resolved_claimed', meta());
    expect(claimed).toMatchObject({
      status: 'resolved_claimed',
      handledBy: orgAdmin.userId,
      handledAt: now.toISOString(),
    });

    const list = await requests.listForOrganization(orgAdmin, organizationId);
    const statusOf = (rid: string) => list.find((r) => r.id === rid)?.status;
    expect([statusOf(a.id), statusOf(b.id), statusOf(c.id)]).toEqual([
      'resolved_claimed',
      'resolved_rejected',
      'resolved_rejected',
    ]);
    const resolved = await requests.listForOrganization(orgAdmin, organizationId, 'resolved');
    expect(resolved).toHaveLength(3);
    expect(await requests.listForOrganization(orgAdmin, organizationId, 'pending')).toHaveLength(0);
    expect(list[0]!.announcement).toMatchObject({ roomNumber: '204' });

    // Only the competing one that was still open got the automatic rejection.
    const auto = await knex('requests.events')
      .where({ event_type: REQUEST_EVENTS.statusChanged })
      .whereRaw(`payload->>'reason' = 'item-claimed'`)
      .select('payload');
    expect(
      auto.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload).requestId),
    ).toEqual([c.id]);
    expect(await refusal(file(person(), id))).toEqual({
      status: 409,
      message: REQUEST_MESSAGES.announcementClosed,
    });
    expect(
      await refusal(requests.listForOrganization(person('org_admin', randomUUID()), organizationId)),
    ).toEqual({
      status: 403,
      message: REQUEST_MESSAGES.organizationForbidden,
    });
  });

  it(`allows ${REQUEST_LIMITS.maxPerHour} filings an hour and ${REQUEST_LIMITS.maxOpen} open claims at once (429)`, async () => {
    const harvester = person();
    const ids = await Promise.all(Array.from({ length: REQUEST_LIMITS.maxOpen + 1 }, () => post()));
    for (let i = 0; i < REQUEST_LIMITS.maxPerHour; i++) await file(harvester, ids[i]!);
    expect(await refusal(file(harvester, ids[REQUEST_LIMITS.maxPerHour]!))).toEqual({
      status: 429,
      message: fillMessage(REQUEST_LIMIT_MESSAGES.tooManyPerHour, { max: REQUEST_LIMITS.maxPerHour }),
    });
    now = new Date(now.getTime() + HOUR);
    for (let i = REQUEST_LIMITS.maxPerHour; i < REQUEST_LIMITS.maxOpen; i++) await file(harvester, ids[i]!);
    now = new Date(now.getTime() + HOUR);
    expect(await refusal(file(harvester, ids[REQUEST_LIMITS.maxOpen]!))).toEqual({
      status: 429,
      message: fillMessage(REQUEST_LIMIT_MESSAGES.tooManyOpen, { max: REQUEST_LIMITS.maxOpen }),
    });
    // A resolved one frees a place.
    const [oldest] = (await requests.listMine(harvester)).slice(-1);
    await requests.changeStatus(author, oldest!.id, 'resolved_rejected', meta());
    expect((await file(harvester, ids[REQUEST_LIMITS.maxOpen]!)).status).toBe('pending');
  });

  it('serialises concurrent claims of one user on one announcement: one wins, the other is a duplicate', async () => {
    const id = await post();
    const claimant = person();
    const results = await Promise.allSettled([file(claimant, id), file(claimant, id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await requests.listMine(claimant)).toHaveLength(1);
  });

  it('a rebuild gives the same requests read model', async () => {
    const before = await knex('requests.requests').orderBy('id');
    await es.rebuildReadModels();
    expect(await knex('requests.requests').orderBy('id')).toEqual(before);
  });
});
