import { randomUUID } from 'node:crypto';
import type { Knex } from '@tapinti/platform/db';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { CONVERSATION_MAIL_WINDOW_MS } from '../../src/domain/conversation-mail';
import { remindDue } from '../../src/jobs/reminders';
import {
  announcementCreated,
  becameOrgAdmin,
  event,
  consumingNotifications,
  registered,
  until,
} from './support';

const MINUTE = 60_000;

describe("a conversation's messages notify the other side, e-mails digested within minutes (PGlite)", () => {
  let knex: Knex;
  let now = new Date('2026-11-28T09:00:00.000Z');
  let service: Awaited<ReturnType<typeof consumingNotifications>>;
  let context: ServiceContext;

  beforeAll(async () => {
    service = await consumingNotifications(() => now, {
      ANNOUNCEMENT_ARCHIVE_AFTER_MS: 30 * 24 * 3600 * 1000,
    });
    knex = service.knex;
    context = service.context;
  });
  afterAll(() => service.close());

  const consumed = async (eventId: string) =>
    Boolean(await knex('notifications.processed_events').where({ event_id: eventId }).first());
  async function publishTwice(topic: string, ...events: Array<ReturnType<typeof event>>) {
    await service.bus.publish(topic, [...events, ...events]);
    await until(async () => (await Promise.all(events.map((e) => consumed(e.eventId)))).every(Boolean));
  }
  const rowsOf = (userId: string, channel: 'in_app' | 'email') =>
    knex('notifications.notifications')
      .where({ user_id: userId, channel, type: 'conversation-message' })
      .orderBy('created_at');

  const parties = (
    conversationId: string,
    announcementId: string,
    claimant: string,
    holder: string | null,
    org: string | null,
  ) => ({
    conversationId,
    announcementId,
    claimantUserId: claimant,
    holderUserId: holder,
    holderOrganizationId: org,
  });
  const posted = (
    sides: ReturnType<typeof parties>,
    senderUserId: string,
    senderSide: 'claimant' | 'holder',
  ) =>
    event(
      'conversations.message.posted',
      { ...sides, messageId: randomUUID(), senderUserId, senderSide, postedAt: now.toISOString() },
      `conversation-${sides.conversationId}`,
    );

  test('the first message is e-mailed at once, the next within the window only in the app, then one digest', async () => {
    const [finder, claimant, a, c] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await publishTwice(
      'auth.events',
      registered(finder, `cf${finder.slice(0, 6)}`),
      registered(claimant, `cc${claimant.slice(0, 6)}`),
    );
    await publishTwice(
      'announcements.events',
      announcementCreated(a, finder, now.toISOString(), { type: 'found', title: 'Qara telefon' }),
    );
    const sides = parties(c, a, claimant, finder, null);

    await publishTwice('conversations.events', posted(sides, claimant, 'claimant'));
    expect(await rowsOf(finder, 'in_app')).toHaveLength(1);
    const [first] = await rowsOf(finder, 'email');
    expect(first).toMatchObject({
      title: 'Yazışmada yeni mesaj',
      link: `/profile?tab=incoming&request=${c}`,
      status: 'pending',
    });
    expect(first.message).toContain('«Qara telefon» elanı üzrə');
    expect(await rowsOf(claimant, 'in_app')).toHaveLength(0);

    now = new Date(now.getTime() + MINUTE);
    await publishTwice(
      'conversations.events',
      posted(sides, claimant, 'claimant'),
      posted(sides, claimant, 'claimant'),
    );
    expect(await rowsOf(finder, 'in_app')).toHaveLength(3);
    expect(await rowsOf(finder, 'email')).toHaveLength(1);

    now = new Date(now.getTime() + 2 * MINUTE);
    await remindDue(context);
    expect(await rowsOf(finder, 'email')).toHaveLength(1);

    now = new Date(now.getTime() + CONVERSATION_MAIL_WINDOW_MS);
    await remindDue(context);
    await remindDue(context);
    const emails = await rowsOf(finder, 'email');
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatchObject({
      title: 'Yazışmada 2 yeni mesaj',
      link: `/profile?tab=incoming&request=${c}`,
    });
    expect(await rowsOf(finder, 'in_app')).toHaveLength(3);

    // The reply goes the other way, to the claimant's page of the claim.
    await publishTwice('conversations.events', posted(sides, finder, 'holder'));
    const [toClaimant] = await rowsOf(claimant, 'email');
    expect(toClaimant.link).toBe(`/profile?tab=requests&request=${c}`);

    // Quiet for longer than the window: the next message is e-mailed at once again.
    now = new Date(now.getTime() + CONVERSATION_MAIL_WINDOW_MS + MINUTE);
    await publishTwice('conversations.events', posted(sides, claimant, 'claimant'));
    expect(await rowsOf(finder, 'email')).toHaveLength(3);
  });

  test("an organisation's admins and staff hear about the claimant's messages, not the staff member who wrote", async () => {
    const [admin, staff, claimant, org, a, c] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await publishTwice(
      'auth.events',
      registered(admin, `oa${admin.slice(0, 6)}`),
      registered(staff, `os${staff.slice(0, 6)}`),
      registered(claimant, `oc${claimant.slice(0, 6)}`),
    );
    // Staff exist since role-changed v2 (issue 25).
    const becameStaff = {
      ...event('auth.user.role-changed', {
        userId: staff,
        before: { role: 'user', organizationId: null },
        after: { role: 'org_staff', organizationId: org },
      }),
      schemaVersion: 2,
    };
    await publishTwice('auth.events', becameOrgAdmin(admin, org), becameStaff);
    const sides = parties(c, a, claimant, null, org);
    await publishTwice('conversations.events', posted(sides, claimant, 'claimant'));
    for (const member of [admin, staff]) {
      const [mail] = await rowsOf(member, 'email');
      expect(mail.link).toBe(`/org-admin?tab=requests&request=${c}`);
    }
    await publishTwice('conversations.events', posted(sides, staff, 'holder'));
    expect(await rowsOf(claimant, 'in_app')).toHaveLength(1);
    expect(await rowsOf(admin, 'in_app')).toHaveLength(1);
  });
});
