import type { Express } from 'express';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createServiceApp } from '@tapinti/runtime/start-module';

export function createApp(context: EventSourcedContext): Express {
  return createServiceApp(context, () => {});
}
