import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_RANGE_DAYS,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  TRANSACTIONAL_NOTIFICATION_TYPES,
  type AdminNotificationsQuery,
  type InboxQuery,
  type NotificationPreferences,
  type NotificationRange,
  type NotificationStatsQuery,
  type UpdateNotificationPreferences,
} from '@tapinti/contracts/notifications-api';
import type { Knex } from '@tapinti/platform/db';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import { DAY_MS } from '@tapinti/contracts/baku-calendar';
import * as store from '../store/notifications';
import { emailOffTypes, setEmailPreferences, userRecipient } from '../store/preferences';

/** The use cases behind the HTTP endpoints: a caller only ever reaches their own in-app rows. */
export function createInbox(context: { knex: Knex; clock: () => Date }) {
  const { knex, clock } = context;
  const sinceOf = (range: NotificationRange) => {
    const days = NOTIFICATION_RANGE_DAYS[range];
    return days === null ? null : new Date(clock().getTime() - days * DAY_MS);
  };

  async function preferencesOf(recipient: string): Promise<NotificationPreferences> {
    const off = await emailOffTypes(knex, recipient);
    return {
      // Security e-mails are always sent: nothing to choose, so they are not offered.
      items: NOTIFICATION_TYPES.filter((type) => !TRANSACTIONAL_NOTIFICATION_TYPES.includes(type)).map(
        (type) => ({
          type,
          label: NOTIFICATION_TYPE_LABELS[type],
          email: !off.has(type),
        }),
      ),
    };
  }

  return {
    list: (caller: Caller, query: InboxQuery) => store.listInbox(knex, caller.userId, query),

    async unreadCount(caller: Caller) {
      return { count: await store.countUnread(knex, caller.userId) };
    },

    /** Another user's notification, or an unknown id, is 404 alike. */
    async markRead(caller: Caller, id: string) {
      const row = await store.markRead(knex, caller.userId, id, clock());
      if (!row) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
      return row;
    },

    async markAllRead(caller: Caller) {
      return { updated: await store.markAllRead(knex, caller.userId, clock()) };
    },

    stats: (query: NotificationStatsQuery) =>
      store.countByStatus(knex, {
        since: sinceOf(query.range),
        status: query.status,
        channel: query.channel,
      }),

    adminList: (query: AdminNotificationsQuery) =>
      store.listAll(
        knex,
        { since: sinceOf(query.range), status: query.status, channel: query.channel },
        { limit: query.limit, before: query.before },
      ),

    /** A failed e-mail back to pending; the dispatcher queues it again (a new job, same id). */
    async retry(id: string) {
      const { row, requeued } = await store.requeueFailed(knex, id);
      if (!row) throw new NotFoundError(NOTIFICATION_MESSAGES.notFound);
      if (!requeued) throw new ConflictError(NOTIFICATION_MESSAGES.retryOnlyFailed);
      return row;
    },

    preferences: (caller: Caller) => preferencesOf(userRecipient(caller.userId)),

    async updatePreferences(caller: Caller, body: UpdateNotificationPreferences) {
      const recipient = userRecipient(caller.userId);
      await setEmailPreferences(knex, recipient, body.email, clock());
      return preferencesOf(recipient);
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
