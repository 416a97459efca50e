import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { usersAndCredentials } from '../migrations/001-users-and-credentials';
import { createApp } from './app';
import { seedSuperAdminFromConfig } from './application/seed-super-admin';
import { projectAuthEvent } from './store/projection';

export const authModule: EventSourcedModule = {
  name: 'auth',
  schema: 'auth',
  migrations: [usersAndCredentials],
  eventSourcing: {
    project: projectAuthEvent,
    // auth.credentials is deliberately not here: secrets are not events, so a rebuild must keep it.
    readModelTables: ['users'],
  },
  createApp,
  async startWorker(context) {
    await seedSuperAdminFromConfig(context);
  },
};
