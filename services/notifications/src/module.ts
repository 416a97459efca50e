import type { ConsumingModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

/** Skeleton: a consuming service (no events of its own); see docs/architecture.md. */
export const notificationsModule: ConsumingModule = {
  name: 'notifications',
  schema: 'notifications',
  migrations: [],
  createApp,
};
