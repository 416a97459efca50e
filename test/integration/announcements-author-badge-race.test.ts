import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { ANNOUNCEMENT_EVENTS, type AnnouncementCreatedV2 } from '@tapinti/contracts/announcements-events';
import { AUTH_EVENTS, type EmailVerifiedV1 } from '@tapinti/contracts/auth-events';
import type { Knex } from '@tapinti/platform/db';
import { emailVerified } from '../../services/announcements/src/consumers/author-verification';
import { announcementsModule } from '../../services/announcements/src/module';
import { projectAnnouncementEvent } from '../../services/announcements/src/store/projection';
import { eventually } from '../support/eventually';
import { scratchDatabase } from '../support/scratch-database';

/**
 * An author's verified badge when their e-mail is verified while they post (a fresh-clone run of 2026-11-29: the
 * read-model rebuild gave a post the badge its live row lacked). On real Postgres, two
 * transactions as the services run them: the post's projection (in the command's transaction) and
 * auth's verification applied by the consumer, which must wait for the post rather than miss it.
 */
describe("an author's verified badge when the verification lands while they post (Postgres)", () => {
  let knex: Knex;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ knex, drop } = await scratchDatabase('author_badge', 'announcements', announcementsModule.migrations));
  });
  afterAll(() => drop?.());

  const envelope = (type: string, payload: unknown, schemaVersion = 1): EventEnvelope =>
    ({
      eventId: randomUUID(),
      type,
      schemaVersion,
      payload,
      metadata: { occurredAt: new Date().toISOString(), correlationId: randomUUID() },
    }) as unknown as EventEnvelope;

  it('a post whose projection read "not verified" before the verification committed still shows the badge', async () => {
    const userId = randomUUID();
    const announcementId = randomUUID();
    const created: AnnouncementCreatedV2 = {
      announcementId,
      userId,
      organizationId: null,
      type: 'lost',
      title: 'Qara pulqabı',
      description: 'Gənclik metrosunda itirmişəm',
      category: 'bags',
      location: 'Gənclik metrosu',
      roomNumber: null,
      contactInfo: null,
      imageUrl: null,
      imageUrls: [],
      rewardAmount: 0,
      rewardDescription: null,
      isPublic: true,
      createdAt: new Date().toISOString(),
    };
    // The post's transaction has projected its row (reading "not verified") and not committed yet …
    const post = await knex.transaction();
    await projectAnnouncementEvent(post, envelope(ANNOUNCEMENT_EVENTS.created, created, 2));
    // … when the consumer applies the verification in a transaction of its own.
    const verified: EmailVerifiedV1 = { userId, verificationId: randomUUID() };
    const verification = knex.transaction((trx) =>
      emailVerified(trx, verified, envelope(AUTH_EVENTS.emailVerified, verified)),
    );
    let applied = false;
    void verification.then(() => (applied = true));
    // It waits for the post (a lock on the author's badge), rather than committing past it.
    await eventually(
      async () => {
        const { rows } = await knex.raw(
          "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted",
        );
        expect(rows[0].n).toBe(1);
      },
      { timeoutMs: 10_000 },
    );
    expect(applied).toBe(false);
    await post.commit();
    await verification;
    const row = await knex('announcements.announcements').where({ id: announcementId }).first();
    expect(row.author_verified).toBe(true);
  });
});
