import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { createAnnouncementSchema } from '@tapinti/contracts/announcements-api';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import { sharedConfigSchema } from '@tapinti/platform/config';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { announcementDecider, type AnnouncementCommand } from '../../src/domain/announcement';
import { createCommandHandler } from '@tapinti/eventstore/command-handler';
import { archiveDue } from '../../src/jobs/archive-announcements';
import { projectAnnouncementEvent } from '../../src/store/projection';
import {
  countPublic,
  findDetails,
  listByUser,
  listPublic,
  listPublicPage,
  publicCountQuery,
  publicListQuery,
  withKnownTypos,
} from '../../src/store/queries';
import { announcementsModule } from '../../src/module';
import { searchWordsOf } from '@tapinti/matching/search-document';

const PERIOD = 60_000;

describe('announcements read model on PGlite', () => {
  let knex: Knex;
  let es: EventSourcing;
  let now = new Date('2025-08-01T00:00:00.000Z');
  const config = sharedConfigSchema.parse({
    JWT_SECRET: 'x'.repeat(32),
    ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(PERIOD),
  });
  const context = () => ({ es, knex, config, clock: () => now, logger: pino({ level: 'silent' }) });
  const author = randomUUID();

  async function create(fields: Record<string, unknown>, at?: Date) {
    if (!at) at = now = new Date(now.getTime() + 1);
    const id = randomUUID();
    const input = createAnnouncementSchema.parse({
      type: 'lost',
      description: 'Ətraflı təsvir burada yazılıb, kifayət qədər uzun',
      category: 'other',
      location: 'Bakı',
      ...fields,
    });
    const events = announcementDecider.decide(
      {
        type: 'create',
        input,
        context: {
          announcementId: id,
          caller: { userId: author, role: 'user', organizationId: null },
          now: at,
          knownContacts: { phone: null, email: 'author@tapinti.test' },
        },
      },
      null,
    );
    await es.commit(({ append }) => append(announcementStreamId(id), 'no-stream', events, systemMetadata()));
    return id;
  }

  beforeAll(async () => {
    knex = await createKnex({ driver: 'pglite', dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'ann-')) });
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
  }, 60_000);
  afterAll(() => knex.destroy());

  it('finds announcements case-insensitively with Azerbaijani letters, by title, description or location', async () => {
    const wallet = await create({ title: 'Qara pulqabı itib', category: 'bags' });
    const keys = await create({
      title: 'Açar dəsti tapılıb',
      type: 'found',
      category: 'keys',
      location: 'İçərişəhər',
    });
    const list = async (search?: string, category?: 'bags' | 'keys') =>
      (await listPublic(knex, { words: searchWordsOf(search), category, limit: 200 })).map((a) => a.id);
    expect(await list('PULQABI')).toEqual([wallet]);
    expect(await list('qara PULQABI')).toEqual([wallet]);
    expect(await list('İÇƏRİŞƏHƏR')).toEqual([keys]);
    expect(await list('kifayət', 'keys')).toEqual([keys]);
    expect(await list('50%')).toEqual([]);
    expect((await list()).slice(0, 2)).toEqual([keys, wallet]);
    const details = await findDetails(knex, wallet);
    expect(details).toMatchObject({
      contactInfo: 'author@tapinti.test',
      userId: author,
      status: 'open',
      isActive: true,
    });
  });

  it('archives what is due, leaves the rest, is idempotent, and a rebuild gives the same read model', async () => {
    const old = await create({ title: 'Köhnə elan, vaxtı keçib' }, new Date(now.getTime() - PERIOD - 1));
    const fresh = await create({ title: 'Təzə elan, hələ aktivdir' });
    expect(await archiveDue(context())).toBeGreaterThanOrEqual(1);
    expect((await findDetails(knex, old))?.status).toBe('archived');
    expect((await findDetails(knex, old))?.isActive).toBe(false);
    expect((await findDetails(knex, fresh))?.status).toBe('open');
    const listed = (await listPublic(knex, { words: [], limit: 500 })).map((a) => a.id);
    expect(listed).toContain(fresh);
    expect(listed).not.toContain(old);
    expect((await listByUser(knex, author)).map((a) => a.id)).toContain(old);

    // Two runs at once (two instances) archive each announcement once; a later run changes nothing.
    const due = await create({ title: 'Başqa köhnə elan' }, new Date(now.getTime() - PERIOD - 1));
    const runs = await Promise.all([archiveDue(context()), archiveDue(context())]);
    expect(runs[0] + runs[1]).toBe(1);
    expect((await es.store.readStream(announcementStreamId(due))).map((e) => e.type)).toEqual([
      'announcements.announcement.created',
      'announcements.announcement.archived',
    ]);
    expect(await archiveDue(context())).toBe(0);

    const before = await knex('announcements.announcements').orderBy('id');
    await es.rebuildReadModels();
    expect(await knex('announcements.announcements').orderBy('id')).toEqual(before);
  });

  /** Every filter combination's kept total against the rows counted one by one. */
  async function expectKeptTotalsTrue() {
    for (const category of [undefined, 'bags', 'keys', 'other'] as const)
      for (const rewards of [false, true])
        for (const place of [undefined, 'm-ganjlik', 'd-narimanov', 'd-sabail']) {
          const filters = { words: [], category, rewards, place };
          const exact = Number((await publicCountQuery(knex, filters).first())?.count);
          expect({ filters, ...(await countPublic(knex, filters)) }).toEqual({
            filters,
            count: exact,
            capped: false,
          });
        }
  }

  it('pages a one-word search way of matching by way of matching, in the order one ranked query gives', async () => {
    for (const [title, location] of [
      ['Сумка потерялась', 'Nərimanov'],
      ['Qara çanta', 'Gənclik m/st'],
      ['Cantami tapdim', 'Yasamal'],
      ['Çantamı itirmişəm', 'Xətai'],
      ['Mavi çanta, içində kitab', 'Səbail'],
      ['Bag left in a taxi', 'Nəsimi'],
      ['Köhnə çamta tapılıb', 'Binəqədi'],
      ['Çantalar və açarlar', 'Sabunçu'],
      ['Canta qəhvəyi', 'Xətai'],
    ] as const)
      await create({ title, location, category: 'bags' });
    const oneQuery = async (words: Awaited<ReturnType<typeof withKnownTypos>>) =>
      (await publicListQuery(knex, { words, limit: 500 })) as Array<{ id: string; rank: string | number }>;
    const ranksSeen = new Set<number>();
    for (const query of ['çanta', 'canta', 'ÇANTAMI', 'сумка', 'bag', 'ça', 'cnata', 'zzzzq']) {
      const words = await withKnownTypos(knex, searchWordsOf(query));
      const ranked = await oneQuery(words);
      for (const row of ranked) ranksSeen.add(Number(row.rank));
      const expected = ranked.map((r) => r.id);
      for (const limit of [1, 2, 3, 200]) {
        const seen: string[] = [];
        let after: Parameters<typeof listPublicPage>[1]['after'];
        do {
          const page = await listPublicPage(knex, { words, limit, after });
          seen.push(...page.announcements.map((a) => a.id));
          after = page.next;
        } while (after);
        expect({ query, limit, seen }).toEqual({ query, limit, seen: expected });
      }
    }
    // Every way of matching took part.
    expect([...ranksSeen].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the list totals per filter combination true through posting, editing, closing, moderation and a rebuild', async () => {
    const caller = { userId: author, role: 'user' as const, organizationId: null };
    const bag = await create({ title: 'Qəhvəyi çanta', category: 'bags', location: 'Gənclik metrosu' });
    const rewarded = await create({
      title: 'Açarlar itib',
      category: 'keys',
      location: '28 May metrosu',
      rewardAmount: 30,
    });
    await create({ title: 'Şəxsi əşyalar', location: 'İçərişəhər', rewardAmount: 5 });
    await expectKeptTotalsTrue();

    // Edited into another category and place, with a reward; then closed.
    const commands = createCommandHandler(es, announcementDecider);
    const handle = (id: string, command: AnnouncementCommand) =>
      commands.handle(
        announcementStreamId(id),
        (state) => announcementDecider.decide(command, state),
        systemMetadata(),
      );
    await handle(bag, {
      type: 'edit',
      input: createAnnouncementSchema.parse({
        type: 'lost',
        title: 'Qəhvəyi çanta, açarlar içində',
        description: 'Ətraflı təsvir burada yazılıb, kifayət qədər uzun',
        category: 'keys',
        location: 'Nərimanov metrosu',
        rewardAmount: 20,
      }),
      context: { caller, now, knownContacts: { phone: null, email: 'author@tapinti.test' } },
    });
    await expectKeptTotalsTrue();
    await handle(rewarded, { type: 'close', outcome: 'returned', caller, now });
    await expectKeptTotalsTrue();

    // A deactivated organisation's rows leave every total; back again when it is reactivated.
    const organizationId = randomUUID();
    await knex('announcements.announcements').where({ id: bag }).update({ organization_id: organizationId });
    await knex('announcements.organization_status').insert({
      organization_id: organizationId,
      is_active: false,
      changed_at: now,
    });
    await expectKeptTotalsTrue();
    await knex('announcements.organization_status').where({ organization_id: organizationId }).delete();
    // Held by moderation: off the board.
    await knex('announcements.announcements')
      .where({ id: bag })
      .update({ moderation_status: 'pending_review' });
    await expectKeptTotalsTrue();

    await es.rebuildReadModels();
    await expectKeptTotalsTrue();
  });
});
