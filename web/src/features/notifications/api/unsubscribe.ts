import { NOTIFICATION_ENDPOINTS } from '@tapinti/contracts/notifications-api';

/** Refused with the server's message (a 400 names a broken link), or null when there was none. */
export class UnsubscribeRefused extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'unsubscribe failed');
  }
}

/**
 * POST /api/notifications/unsubscribe?token=…: the e-mail's one-click unsubscribe, from its web page.
 * Its answer is an HTML page made for mail clients: only the status counts. Plain `fetch`, not the
 * API client: this module is its page's alone, and importing the client from it split the first
 * load's shared chunk (the home page's JS went over its budget).
 */
export async function unsubscribeByLink(token: string): Promise<void> {
  const endpoint = NOTIFICATION_ENDPOINTS.unsubscribe;
  const res = await fetch(`${endpoint.path}?token=${encodeURIComponent(token)}`, {
    method: endpoint.method.toUpperCase(),
    credentials: 'include',
  });
  if (res.ok) return;
  const body: unknown = await res.json().catch(() => null);
  const message = (body as { message?: unknown } | null)?.message;
  throw new UnsubscribeRefused(typeof message === 'string' ? message : null);
}
