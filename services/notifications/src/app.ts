import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createInbox } from './application/inbox';
import { createSavedSearches } from './application/saved-searches';
import { createUnsubscribe } from './application/unsubscribe';
import { routes } from './http/routes';
import { dispatcherOf } from './jobs/dispatcher';

export function createApp(context: ServiceContext): Express {
  const inbox = createInbox(context);
  const unsubscribe = createUnsubscribe({
    knex: context.knex,
    clock: context.clock,
    secret: context.config.JWT_SECRET,
  });
  const savedSearches = createSavedSearches({
    knex: context.knex,
    clock: context.clock,
    secret: context.config.JWT_SECRET,
    // The worker's dispatcher, when this process runs one; it polls every second anyway.
    onEmailWritten: () => dispatcherOf(context)?.nudge(),
  });
  return createServiceApp(context, (app) => routes(app, { inbox, unsubscribe, savedSearches }));
}
