import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createAnnouncementRequestSchema } from '@tapinti/contracts/announcements-api';
import { announcementStreamId } from '@tapinti/contracts/announcements-events';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { systemMetadata } from '@tapinti/eventstore/request-metadata';
import { sharedConfigSchema } from '@tapinti/platform/config';
import { createKnex, migrateSchema, type Knex } from '@tapinti/platform/db';
import { ConflictError } from '@tapinti/platform/errors';
import { createLogger } from '@tapinti/platform/logger';
import type { Caller } from '@tapinti/platform/session';
import { createFilesystemObjectStorage } from '@tapinti/ports/filesystem-object-storage';
import { createMemoryJobQueue } from '@tapinti/ports/memory-job-queue';
import type { ObjectStorage } from '@tapinti/ports/object-storage';
import { createAnnouncements } from '../../src/application/announcements';
import { photoKeyOf, thumbnailKeyOf } from '../../src/domain/photo';
import { searchWordsOf } from '@tapinti/matching/search-document';
import { archiveDue } from '../../src/jobs/archive-announcements';
import { announcementsModule } from '../../src/module';
import { removeQueuedPhotos } from '../../src/jobs/remove-photos';
import { projectAnnouncementEvent } from '../../src/store/projection';
import { findDetails, listByUser, listPublic } from '../../src/store/queries';

const PERIOD = 60_000;

describe('an announcement after posting, on PGlite', () => {
  let knex: Knex;
  let es: EventSourcing;
  let storage: ObjectStorage;
  let now = new Date('2026-03-01T00:00:00.000Z');
  const logger = createLogger('test', 'silent');
  // Not started: a job enqueued after a commit never runs, as if the process died right then.
  const jobs = createMemoryJobQueue(logger);
  const config = sharedConfigSchema.parse({
    JWT_SECRET: 'x'.repeat(32),
    ANNOUNCEMENT_ARCHIVE_AFTER_MS: String(PERIOD),
  });
  const author: Caller = {
    userId: randomUUID(),
    role: 'user',
    organizationId: null,
    sessionId: 's',
    username: 'muellif',
  };
  let announcements: ReturnType<typeof createAnnouncements>;
  const input = (fields: Record<string, unknown> = {}) =>
    createAnnouncementRequestSchema.parse({
      type: 'lost',
      title: 'Qara pulqabı itirilib',
      description: 'Metroda qara dəri pulqabı itirmişəm, içində sənədlər var',
      category: 'bags',
      location: 'Gənclik metrosu',
      rewardAmount: 20,
      ...fields,
    });
  const publicIds = async (search?: string) =>
    (await listPublic(knex, { words: searchWordsOf(search), limit: 500 })).map((a) => a.id);

  /** A photo the author uploaded and that passed normalisation, with its bytes in storage. */
  async function readyPhoto(): Promise<string> {
    const id = randomUUID();
    await knex('announcements.uploads').insert({
      id,
      user_id: author.userId,
      status: 'ready',
      content_type: 'image/png',
      size: 4,
      created_at: now,
    });
    await storage.put(photoKeyOf(id), Buffer.from('photo'), 'image/png');
    await storage.put(thumbnailKeyOf(id), Buffer.from('thumb'), 'image/webp');
    return `/objects/${id}`;
  }

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ann-life-'));
    knex = await createKnex({ driver: 'pglite', dataDir: path.join(dir, 'db') });
    await migrateSchema(knex, 'announcements', [
      ...eventStoreMigrations('announcements'),
      ...announcementsModule.migrations,
    ]);
    es = createEventSourcing(knex, {
      schema: 'announcements',
      source: 'announcements',
      project: projectAnnouncementEvent,
      readModelTables: ['announcements', 'reports'],
    });
    storage = createFilesystemObjectStorage({
      dir: path.join(dir, 'objects'),
      signingSecret: 'x'.repeat(32),
      uploadPathPrefix: '/api/objects/uploads/',
    });
    announcements = createAnnouncements({
      es,
      knex,
      clock: () => now,
      logger,
      jobs,
      config: { MODERATION_REWARD_REVIEW_ABOVE: 500 },
    });
  }, 180_000);
  afterAll(() => knex.destroy());

  it('edit → close: the read model follows; a deleted one queues its photo in the same transaction', async () => {
    const imageUrl = await readyPhoto();
    const posted = await announcements.create(author, input({ imageUrl }), systemMetadata());
    const edited = await announcements.update(
      author,
      posted.id,
      input({ imageUrl, title: 'Qəhvəyi pulqabı itirilib', location: '28 May metrosu' }),
      systemMetadata(),
    );
    expect(edited).toMatchObject({ title: 'Qəhvəyi pulqabı itirilib', imageUrl, outcome: null });
    expect(await publicIds('28 may')).toContain(posted.id);
    expect(await publicIds('gənclik')).not.toContain(posted.id);

    const closed = await announcements.close(author, posted.id, 'returned', systemMetadata());
    expect(closed).toMatchObject({ status: 'resolved', isActive: false, outcome: 'returned' });
    expect(await publicIds()).not.toContain(posted.id);
    await expect(announcements.renew(author, posted.id, systemMetadata())).rejects.toThrow(ConflictError);

    await announcements.remove(author, posted.id, systemMetadata());
    expect(await findDetails(knex, posted.id)).toBeNull();
    expect((await listByUser(knex, author.userId)).map((a) => a.id)).not.toContain(posted.id);
    // Committed with the event: served no more, queued for removal; the bytes wait for the job.
    const objectId = imageUrl.split('/').pop()!;
    expect((await knex('announcements.uploads').where({ id: objectId }).first()).status).toBe('removed');
    expect(await knex('announcements.photo_removals').pluck('object_id')).toEqual([objectId]);
    expect(await storage.stat(photoKeyOf(objectId))).not.toBeNull();

    // The job (after the commit, or its repeated run after a crash) removes them, once.
    expect(await removeQueuedPhotos({ knex, storage })).toBe(1);
    expect(await storage.stat(photoKeyOf(objectId))).toBeNull();
    expect(await storage.stat(thumbnailKeyOf(objectId))).toBeNull();
    expect(await knex('announcements.photo_removals').count('* as n').first()).toMatchObject({ n: 0 });
    expect(await removeQueuedPhotos({ knex, storage })).toBe(0);
  });

  it('an edit replacing the photo removes the old one, unless another announcement still shows it', async () => {
    const shared = await readyPhoto();
    const first = await announcements.create(author, input({ imageUrl: shared }), systemMetadata());
    await announcements.create(author, input({ imageUrl: shared }), systemMetadata());
    const replacement = await readyPhoto();
    await announcements.update(author, first.id, input({ imageUrl: replacement }), systemMetadata());
    expect(await knex('announcements.photo_removals').count('* as n').first()).toMatchObject({ n: 0 });

    const own = await readyPhoto();
    const second = await announcements.create(author, input({ imageUrl: own }), systemMetadata());
    await announcements.update(author, second.id, input({ imageUrl: null }), systemMetadata());
    expect(await knex('announcements.photo_removals').pluck('object_id')).toEqual([own.split('/').pop()]);
    expect(await removeQueuedPhotos({ knex, storage })).toBe(1);
  });

  it('renewed: open again, archived a whole period after the renewal; a rebuild gives the same read model', async () => {
    const posted = await announcements.create(author, input(), systemMetadata());
    const context = { es, knex, config, clock: () => now };
    now = new Date(now.getTime() + PERIOD);
    await archiveDue(context);
    expect((await findDetails(knex, posted.id))?.status).toBe('archived');

    now = new Date(now.getTime() + 10 * PERIOD);
    const renewed = await announcements.renew(author, posted.id, systemMetadata());
    expect(renewed).toMatchObject({ status: 'open', isActive: true });
    expect(await publicIds()).toContain(posted.id);
    const renewedAt = now;
    now = new Date(renewedAt.getTime() + PERIOD - 1);
    await archiveDue(context);
    expect((await findDetails(knex, posted.id))?.status).toBe('open');
    now = new Date(renewedAt.getTime() + PERIOD);
    await archiveDue(context);
    expect((await findDetails(knex, posted.id))?.status).toBe('archived');
    expect((await es.store.readStream(announcementStreamId(posted.id))).map((e) => e.type)).toEqual([
      'announcements.announcement.created',
      'announcements.announcement.archived',
      'announcements.announcement.renewed',
      'announcements.announcement.archived',
    ]);

    const before = await knex('announcements.announcements').orderBy('id');
    await es.rebuildReadModels();
    expect(await knex('announcements.announcements').orderBy('id')).toEqual(before);
  });
});
