import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import { createAccounts } from './application/accounts';
import { authRoutes } from './http/routes';

export function createApp(context: EventSourcedContext): Express {
  return createServiceApp(context, authRoutes(context, createAccounts(context)));
}
