import type { Notification, NotificationType } from '@tapinti/contracts/notifications-api';
import type { HttpClient } from './http-client';

/** The caller's in-app notifications (the newest 100), of one type when given: what their bell shows. */
export async function notificationsOf(client: HttpClient, type?: NotificationType): Promise<Notification[]> {
  const res = await client.get('/api/notifications?limit=100');
  expect(res.status).toBe(200);
  const items = res.body.items as Notification[];
  return type ? items.filter((n) => n.type === type) : items;
}
