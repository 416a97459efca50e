import type { Express } from 'express';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';

export function createApp(deps: ServiceContext): Express {
  return createServiceApp(deps, () => {});
}
