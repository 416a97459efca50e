import { randomUUID } from 'node:crypto';
import {
  ANNOUNCEMENT_EVENTS,
  matchStreamId,
  type MatchFoundV1,
} from '@tapinti/contracts/announcements-events';
import type { Knex } from '@tapinti/platform/db';
import { event, consumingNotifications, registered, until } from './support';

describe('match found → both authors, in the app and by e-mail (PGlite)', () => {
  let knex: Knex;
  let service: Awaited<ReturnType<typeof consumingNotifications>>;

  beforeAll(async () => {
    service = await consumingNotifications(() => new Date('2025-08-10T08:00:00.000Z'), {
      ANNOUNCEMENT_ARCHIVE_AFTER_MS: 30 * 24 * 3600 * 1000,
    });
    knex = service.knex;
  });
  afterAll(() => service.close());

  const consumed = async (eventId: string) =>
    Boolean(await knex('notifications.processed_events').where({ event_id: eventId }).first());

  test('each author hears of the other announcement about their own, with the reasons and a link; once', async () => {
    const loser = randomUUID();
    const finder = randomUUID();
    const lostId = randomUUID();
    const foundId = randomUUID();
    const payload: MatchFoundV1 = {
      lost: { announcementId: lostId, userId: loser, title: 'Qara dəri pulqabı' },
      found: { announcementId: foundId, userId: finder, title: 'Кошелёк чёрный найден' },
      score: 0.82,
      reasons: ['Eyni kateqoriya', 'Oxşar yer: 28 May metrosu'],
      foundAt: '2025-08-10T08:00:00.000Z',
    };
    const registrations = [registered(loser, 'itirən'), registered(finder, 'tapan')];
    const match = event(ANNOUNCEMENT_EVENTS.matchFound, payload, matchStreamId(lostId, foundId));
    await service.bus.publish('auth.events', registrations);
    // A redelivery and the same pair seen twice write nothing twice.
    await service.bus.publish('announcements.events', [match, match]);
    await service.bus.publish('announcements.events', [match]);
    await until(async () => consumed(match.eventId));

    const rows = await knex('notifications.notifications')
      .where({ type: 'announcement-match' })
      .whereIn('user_id', [loser, finder])
      .orderBy(['user_id', 'channel']);
    expect(rows.map((r) => [r.user_id, r.channel, r.status])).toEqual(
      [
        [loser, 'email', 'pending'],
        [loser, 'in_app', 'sent'],
        [finder, 'email', 'pending'],
        [finder, 'in_app', 'sent'],
      ].sort((a, b) => (a[0] === b[0] ? 0 : a[0]! < b[0]! ? -1 : 1)),
    );
    const toLoser = rows.find((r) => r.user_id === loser && r.channel === 'in_app')!;
    expect(toLoser.title).toBe('Elanınıza uyğun elan tapıldı');
    expect(toLoser.message).toBe(
      '«Qara dəri pulqabı» elanınıza uyğun ola biləcək tapılmış əşya elanı var: «Кошелёк чёрный найден».\n' +
        'Səbəb: Eyni kateqoriya; Oxşar yer: 28 May metrosu.\n' +
        'Elana baxın; əşya sizindirsə, sahibi ilə əlaqə saxlamaq üçün müraciət göndərin.',
    );
    expect(toLoser.link).toBe(`/profile?tab=announcements&announcement=${lostId}`);
    const toFinder = rows.find((r) => r.user_id === finder && r.channel === 'in_app')!;
    expect(toFinder.message).toContain(
      '«Кошелёк чёрный найден» elanınıza uyğun ola biləcək itirilmiş əşya elanı var: «Qara dəri pulqabı».',
    );
    expect(toFinder.link).toBe(`/profile?tab=announcements&announcement=${foundId}`);
    expect(toFinder.data).toMatchObject({ announcementId: foundId, matchedAnnouncementId: lostId });
  });
});
