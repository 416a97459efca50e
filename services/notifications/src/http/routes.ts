import type { Express, Response } from 'express';
import { NOTIFICATION_ENDPOINTS as E } from '@tapinti/contracts/notifications-api';
import { mountEndpoint } from '@tapinti/platform/endpoint-route';
import type { Inbox } from '../application/inbox';
import type { createUnsubscribe, Page } from '../application/unsubscribe';

function sendPage(res: Response, page: Page) {
  res.status(page.status).type('html').setHeader('Cache-Control', 'no-store').send(page.html);
}

/** parse → use case → answer; the contracts in `NOTIFICATION_ENDPOINTS` parse and serialise. */
export function notificationRoutes(inbox: Inbox, unsubscribe: ReturnType<typeof createUnsubscribe>) {
  return (app: Express) => {
    // Fixed paths before `/:id/...` ones (they never clash: those have two segments).
    mountEndpoint(app, E.unreadCount, ({ caller }) => inbox.unreadCount(caller));
    mountEndpoint(app, E.markAllRead, ({ caller }) => inbox.markAllRead(caller));
    mountEndpoint(app, E.stats, ({ query }) => inbox.stats(query));
    mountEndpoint(app, E.adminList, ({ query }) => inbox.adminList(query));
    mountEndpoint(app, E.preferences, ({ caller }) => inbox.preferences(caller));
    mountEndpoint(app, E.updatePreferences, ({ caller, body }) => inbox.updatePreferences(caller, body));
    mountEndpoint(app, E.unsubscribePage, async ({ query, res }) => {
      sendPage(res, unsubscribe.confirmPage(query.token));
    });
    mountEndpoint(app, E.unsubscribe, async ({ query, res }) => {
      sendPage(res, await unsubscribe.unsubscribe(query.token));
    });
    mountEndpoint(app, E.list, ({ caller, query }) => inbox.list(caller, query));
    mountEndpoint(app, E.markRead, ({ caller, params }) => inbox.markRead(caller, params.id));
    mountEndpoint(app, E.retry, ({ params }) => inbox.retry(params.id));
  };
}
