import type { Express } from 'express';
import { organizationStatusReader } from '@tapinti/runtime/organization-status';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createConversations } from './application/conversations';
import { routes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  const conversations = createConversations(context);
  return createServiceApp(context, (app) => routes(app, { conversations }), {
    organizationActive: organizationStatusReader(context.knex, 'conversations'),
  });
}
