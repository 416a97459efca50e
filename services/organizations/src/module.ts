import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';
import { project } from './store/projection';

/** Skeleton: see docs/architecture.md for the parts a service fills in. */
export const organizationsModule: EventSourcedModule = {
  name: 'organizations',
  schema: 'organizations',
  migrations: [],
  eventSourcing: { project, readModelTables: [] },
  createApp,
};
