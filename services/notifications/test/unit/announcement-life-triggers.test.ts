import { randomUUID } from 'node:crypto';
import type { Knex } from '@tapinti/platform/db';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { remindDue } from '../../src/jobs/reminders';
import { announcementCreated, event, consumingNotifications, registered, until } from './support';

const DAY = 24 * 3600 * 1000;
const PERIOD = 30 * DAY;

describe('notifications follow an announcement edited, closed, deleted and renewed (PGlite)', () => {
  let knex: Knex;
  let now = new Date('2025-09-01T12:00:00.000Z');
  let service: Awaited<ReturnType<typeof consumingNotifications>>;
  let context: ServiceContext;

  beforeAll(async () => {
    service = await consumingNotifications(() => now, { ANNOUNCEMENT_ARCHIVE_AFTER_MS: PERIOD });
    knex = service.knex;
    context = service.context;
  });
  afterAll(() => service.close());

  const rowsAbout = (announcementId: string, type: string) =>
    knex('notifications.notifications')
      .where('subject_id', 'like', `${announcementId}%`)
      .andWhere({ type, channel: 'in_app' })
      .orderBy('created_at');
  const consumed = async (eventId: string) =>
    Boolean(await knex('notifications.processed_events').where({ event_id: eventId }).first());
  /** Publishes the events, and each once more (a redelivery), and waits until all are consumed. */
  async function publishTwice(topic: string, ...events: Array<ReturnType<typeof event>>) {
    await service.bus.publish(topic, [...events, ...events]);
    await until(async () => (await Promise.all(events.map((e) => consumed(e.eventId)))).every(Boolean));
  }
  const edited = (announcementId: string, userId: string, title: string) =>
    event('announcements.announcement.edited', {
      ...announcementCreated(announcementId, userId, now.toISOString()).payload,
      createdAt: undefined,
      title,
      editedAt: now.toISOString(),
    });
  const archived = (announcementId: string) =>
    event('announcements.announcement.archived', {
      announcementId,
      reason: 'expired',
      archivedAt: now.toISOString(),
    });

  test('a claim notice names the edited title', async () => {
    const [author, claimant, a] = [randomUUID(), randomUUID(), randomUUID()];
    await publishTwice('auth.events', registered(author, `ed${author.slice(0, 6)}`));
    await publishTwice('announcements.events', announcementCreated(a, author, now.toISOString()));
    await publishTwice('announcements.events', edited(a, author, 'Qəhvəyi pulqabı'));
    const requestId = randomUUID();
    await publishTwice(
      'requests.events',
      event('requests.request.filed', {
        requestId,
        announcementId: a,
        organizationId: null,
        userId: claimant,
        handlerUserId: author,
        contactMethod: 'phone',
        status: 'pending',
        createdAt: now.toISOString(),
      }),
    );
    const [notice] = await knex('notifications.notifications').where({
      subject_id: requestId,
      channel: 'in_app',
    });
    expect(notice.message).toContain('«Qəhvəyi pulqabı»');
  });

  test('no reminder nor archived notice for a closed or deleted announcement', async () => {
    const author = randomUUID();
    const [closed, deleted, open] = [randomUUID(), randomUUID(), randomUUID()];
    const createdAt = new Date('2025-09-01T12:00:00.000Z');
    now = createdAt;
    await publishTwice('auth.events', registered(author, `cl${author.slice(0, 6)}`));
    await publishTwice(
      'announcements.events',
      ...[closed, deleted, open].map((id) => announcementCreated(id, author, createdAt.toISOString())),
    );
    await publishTwice(
      'announcements.events',
      event('announcements.announcement.closed', {
        announcementId: closed,
        outcome: 'no_longer_needed',
        closedAt: createdAt.toISOString(),
      }),
      event('announcements.announcement.deleted', {
        announcementId: deleted,
        deletedAt: createdAt.toISOString(),
      }),
    );
    now = new Date(createdAt.getTime() + 27 * DAY + 60_000);
    await remindDue(context);
    expect(await rowsAbout(open, 'announcement-archive-reminder')).toHaveLength(1);
    expect(await rowsAbout(closed, 'announcement-archive-reminder')).toHaveLength(0);
    expect(await rowsAbout(deleted, 'announcement-archive-reminder')).toHaveLength(0);
    // Even if an archiving raced the close or the deletion, its author is not told it was archived.
    await publishTwice('announcements.events', archived(closed), archived(deleted));
    expect(await rowsAbout(closed, 'announcement-archived')).toHaveLength(0);
    expect(await rowsAbout(deleted, 'announcement-archived')).toHaveLength(0);
  });

  test('a renewed announcement is reminded, and told it was archived, once again in its new period', async () => {
    const [author, a] = [randomUUID(), randomUUID()];
    const createdAt = new Date('2025-10-01T12:00:00.000Z');
    now = createdAt;
    await publishTwice('auth.events', registered(author, `rn${author.slice(0, 6)}`));
    await publishTwice('announcements.events', announcementCreated(a, author, createdAt.toISOString()));
    now = new Date(createdAt.getTime() + 27 * DAY + 60_000);
    await remindDue(context);
    now = new Date(createdAt.getTime() + PERIOD);
    await publishTwice('announcements.events', archived(a));
    expect(await rowsAbout(a, 'announcement-archive-reminder')).toHaveLength(1);
    expect(await rowsAbout(a, 'announcement-archived')).toHaveLength(1);

    const renewedAt = new Date(createdAt.getTime() + PERIOD + 5 * DAY);
    now = renewedAt;
    await publishTwice(
      'announcements.events',
      event('announcements.announcement.renewed', { announcementId: a, renewedAt: renewedAt.toISOString() }),
    );
    // 26 days into the new period: not yet.
    now = new Date(renewedAt.getTime() + 26 * DAY);
    await remindDue(context);
    expect(await rowsAbout(a, 'announcement-archive-reminder')).toHaveLength(1);
    now = new Date(renewedAt.getTime() + 27 * DAY + 60_000);
    await remindDue(context);
    await remindDue(context);
    const reminders = await rowsAbout(a, 'announcement-archive-reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders[1].message).toContain('05.12.2025 16:00 tarixində avtomatik arxivləşdiriləcək');
    now = new Date(renewedAt.getTime() + PERIOD);
    await publishTwice('announcements.events', archived(a));
    expect(await rowsAbout(a, 'announcement-archived')).toHaveLength(2);
  });
});
