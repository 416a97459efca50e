import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';
import type { Accounts } from './application/accounts';
import { authRoutes } from './http/routes';

export function createApp(context: ServiceContext, accounts: Accounts): Express {
  return createServiceApp(context, authRoutes(context, accounts));
}
