import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  NOTIFICATION_ENDPOINTS,
  type AdminNotification,
  type Notification,
  type NotificationPage,
  type NotificationRange,
  type NotificationStats,
  type NotificationStatus,
} from '@tapinti/contracts/notifications-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = NOTIFICATION_ENDPOINTS;

/** The caller's inbox keys: refreshed together when something is read. */
const isInboxKey = (key: unknown) =>
  typeof key === 'string' && (key === E.unreadCount.path || key.startsWith(`${E.list.path}?`));

export const UNREAD_COUNT_KEY = E.unreadCount.path;
export const INBOX_KEY = apiPath(E.list.path, {}, { limit: 20 });

/** GET /api/notifications/unread-count (signed-in users only: `enabled`). */
export function useUnreadCount(enabled: boolean) {
  return useSWR<{ count: number }>(enabled ? UNREAD_COUNT_KEY : null, (url: string) =>
    callEndpoint(E.unreadCount, { url }),
  );
}

/** GET /api/notifications?limit=20: the newest in-app notifications. */
export function useInbox(enabled: boolean) {
  return useSWR<NotificationPage>(enabled ? INBOX_KEY : null, (url: string) => callEndpoint(E.list, { url }));
}

/** POST /api/notifications/:id/read */
export function useMarkRead() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/notifications/:id/read',
    (_key: string, { arg }: { arg: string }): Promise<Notification> =>
      callEndpoint(E.markRead, { params: { id: arg } }),
    { onSuccess: () => void mutate(isInboxKey) },
  );
}

/** POST /api/notifications/read-all */
export function useMarkAllRead() {
  const { mutate } = useSWRConfig();
  return useSWRMutation('POST /api/notifications/read-all', () => callEndpoint(E.markAllRead), {
    onSuccess: () => void mutate(isInboxKey),
  });
}

export interface DeliveryFilter {
  range: NotificationRange;
  status?: NotificationStatus | 'all';
}

const deliveryQuery = ({ range, status }: DeliveryFilter) => ({
  range,
  status: status && status !== 'all' ? status : undefined,
});

/** GET /api/notifications/stats (super admin): sent, pending and failed in the range. */
export function useNotificationStats(filter: DeliveryFilter) {
  return useSWR<NotificationStats>(apiPath(E.stats.path, {}, deliveryQuery(filter)), (url: string) =>
    callEndpoint(E.stats, { url }),
  );
}

const isAdminListKey = (key: unknown) =>
  typeof key === 'string' && (key.startsWith(E.adminList.path) || key.startsWith(E.stats.path));

/** GET /api/notifications/admin (super admin): every recipient's notifications, newest first. */
export function useAdminNotifications(filter: DeliveryFilter, limit = 20) {
  return useSWR<{ items: AdminNotification[]; nextBefore: string | null }>(
    apiPath(E.adminList.path, {}, { ...deliveryQuery(filter), limit }),
    (url: string) => callEndpoint(E.adminList, { url }),
  );
}

/** POST /api/notifications/:id/retry (super admin): a failed e-mail goes back to the queue. */
export function useRetryNotification() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/notifications/:id/retry',
    (_key: string, { arg }: { arg: string }): Promise<AdminNotification> =>
      callEndpoint(E.retry, { params: { id: arg } }),
    { onSuccess: () => void mutate(isAdminListKey) },
  );
}

/** Where a notification leads: its link, narrowed to the right tab of /profile when it is about claims. */
export function notificationTarget(n: Notification): string | null {
  if (!n.link) return null;
  if (n.link === '/profile' && n.type === 'request-status-changed') return '/profile?tab=requests';
  if (n.link === '/profile' && n.type === 'request-filed') return '/profile?tab=incoming';
  if (n.link === '/profile' && n.type.startsWith('announcement-')) return '/profile?tab=announcements';
  return n.link;
}
