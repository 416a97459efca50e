import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createInbox } from './application/inbox';
import { createUnsubscribe } from './application/unsubscribe';
import { routes } from './http/routes';

export function createApp(context: ServiceContext): Express {
  const inbox = createInbox(context);
  const unsubscribe = createUnsubscribe({
    knex: context.knex,
    clock: context.clock,
    secret: context.config.JWT_SECRET,
  });
  return createServiceApp(context, (app) => routes(app, { inbox, unsubscribe }));
}
