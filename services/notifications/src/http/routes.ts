import type { Express, Response } from 'express';
import { NOTIFICATION_ENDPOINTS } from '@tapinti/contracts/notifications-api';
import { SAVED_SEARCH_ENDPOINTS } from '@tapinti/contracts/saved-searches-api';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Inbox } from '../application/inbox';
import type { SavedSearches } from '../application/saved-searches';
import type { Unsubscribe } from '../application/unsubscribe';

function sendPage(res: Response, html: string) {
  res.status(200).type('html').setHeader('Cache-Control', 'no-store').send(html);
}

/** parse → use case → answer; the contracts in `NOTIFICATION_ENDPOINTS` parse and serialise. */
export function routes(
  app: Express,
  {
    inbox,
    unsubscribe,
    savedSearches,
  }: { inbox: Inbox; unsubscribe: Unsubscribe; savedSearches: SavedSearches },
): void {
  mountEndpoints(app, NOTIFICATION_ENDPOINTS, {
    list: ({ caller, query }) => inbox.list(caller, query),
    unreadCount: ({ caller }) => inbox.unreadCount(caller),
    markRead: ({ caller, params }) => inbox.markRead(caller, params.id),
    markAllRead: ({ caller }) => inbox.markAllRead(caller),
    stats: ({ query }) => inbox.stats(query),
    adminList: ({ query }) => inbox.adminList(query),
    retry: ({ params }) => inbox.retry(params.id),
    preferences: ({ caller }) => inbox.preferences(caller),
    updatePreferences: ({ caller, body }) => inbox.updatePreferences(caller, body),
    unsubscribePage: async ({ query, res }) => sendPage(res, unsubscribe.confirmPage(query.token)),
    unsubscribe: async ({ query, res }) => sendPage(res, await unsubscribe.unsubscribe(query.token)),
  });
  mountEndpoints(app, SAVED_SEARCH_ENDPOINTS, {
    create: ({ caller, body }) => savedSearches.save(caller, body),
    list: ({ caller }) => savedSearches.list(caller),
    update: ({ caller, params, body }) => savedSearches.update(caller, params.id, body),
    remove: ({ caller, params }) => savedSearches.remove(caller, params.id),
    confirm: ({ body }) => savedSearches.confirm(body.token),
  });
}
