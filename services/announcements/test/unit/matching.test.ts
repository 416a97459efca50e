import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createAnnouncementSchema } from '@tapinti/contracts/announcements-api';
import {
  ANNOUNCEMENT_EVENTS,
  announcementStreamId,
  matchStreamId,
} from '@tapinti/contracts/announcements-events';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { dropMatches, findRematch, storeRematch } from '../../src/application/matching';
import { announcementDecider } from '../../src/domain/announcement';
import { announcementsModule } from '../../src/module';
import { listMatches } from '../../src/store/matches';
import { projectAnnouncementEvent } from '../../src/store/projection';

/**
 * The matching consumer's work on PGlite with the real engine: stored on both sides, told once
 * per pair however often it runs, dropped when an announcement leaves the list.
 */
describe('matching lost ↔ found (PGlite, real engine)', () => {
  let knex: Knex;
  let es: EventSourcing;
  let now = new Date('2026-11-01T10:00:00.000Z');

  async function post(userId: string, fields: Record<string, unknown>) {
    now = new Date(now.getTime() + 60_000);
    const id = randomUUID();
    const input = createAnnouncementSchema.parse(fields);
    const events = announcementDecider.decide(
      {
        type: 'create',
        input,
        context: {
          announcementId: id,
          caller: { userId, role: 'user', organizationId: null },
          now,
          knownContacts: { phone: '+994501234567', email: null },
        },
      },
      null,
    );
    await es.commit(({ append }) => append(announcementStreamId(id), 'no-stream', events, systemMetadata()));
    return id;
  }
  const run = async (id: string) => {
    const found = await findRematch(knex, id);
    await knex.transaction((trx) => storeRematch(trx, es, id, found, systemMetadata('test')));
  };
  const told = async (lostId: string, foundId: string) =>
    (await es.store.readStream(matchStreamId(lostId, foundId))).filter(
      (e) => e.type === ANNOUNCEMENT_EVENTS.matchFound,
    );

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'match-')) });
    await migrateSchema(knex, 'announcements', [
      ...eventStoreMigrations('announcements'),
      ...announcementsModule.migrations,
    ]);
    es = createEventSourcing(knex, {
      schema: 'announcements',
      source: 'announcements',
      project: projectAnnouncementEvent,
      readModelTables: ['announcements'],
    });
  });
  afterAll(() => knex.destroy());

  it('stores the pair on both sides with reasons, tells it once, and forgets it when one side leaves', async () => {
    const lost = await post(randomUUID(), {
      type: 'lost',
      title: 'Qara dəri pulqabı itirdim',
      description: 'Qara dəri pulqabı itirdim, 28 May metrosu. İçində kartlar var idi.',
      category: 'bags',
      location: '28 May metrosu',
    });
    const umbrella = await post(randomUUID(), {
      type: 'found',
      title: 'Mavi çətir tapılıb',
      description: 'Gəncədə avtovağzalda mavi uşaq çətiri tapılıb, sahibi yazsın.',
      category: 'other',
      location: 'Gəncə',
    });
    const found = await post(randomUUID(), {
      type: 'found',
      title: 'Кошелёк чёрный найден',
      description: 'Кошелёк чёрный найден у м. 28 Мая, кожаный, внутри карты.',
      category: 'bags',
      location: 'м. 28 Мая',
    });
    await run(lost);
    await run(umbrella);
    await run(found);

    const ofLost = await listMatches(knex, lost, 10);
    expect(ofLost.map((m) => m.announcement.id)).toEqual([found]);
    expect(ofLost[0]!.reasons.length).toBeGreaterThan(0);
    expect(ofLost[0]!.announcement).not.toHaveProperty('contactInfo');
    expect((await listMatches(knex, found, 10)).map((m) => m.announcement.id)).toEqual([lost]);
    expect(await told(lost, found)).toHaveLength(1);

    // Matching again (an edit, the other side) tells nobody twice.
    await run(lost);
    await run(found);
    expect(await told(lost, found)).toHaveLength(1);
    expect((await listMatches(knex, found, 10)).map((m) => m.announcement.id)).toEqual([lost]);

    // One side leaves the list: no match on either side.
    await knex.transaction((trx) => dropMatches(trx, found));
    expect(await listMatches(knex, lost, 10)).toEqual([]);
  });

  it('never matches an author with themselves, nor two announcements of the same type', async () => {
    const author = randomUUID();
    const fields = {
      title: 'Samsung telefon',
      description: 'Samsung Galaxy telefon, qara rəngli, Gənclik metrosunda.',
      category: 'phones',
      location: 'Gənclik metrosu',
    };
    const mine = await post(author, { ...fields, type: 'lost' });
    const ownFound = await post(author, { ...fields, type: 'found' });
    const sameType = await post(randomUUID(), { ...fields, type: 'lost' });
    await run(mine);
    await run(sameType);
    const ids = async (id: string) => (await listMatches(knex, id, 10)).map((m) => m.announcement.id);
    expect(await ids(mine)).not.toContain(ownFound);
    expect(await ids(sameType)).toEqual([ownFound]);
  });
});
