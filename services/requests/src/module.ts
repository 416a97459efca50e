import type { ServiceModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

export const requestsModule: ServiceModule = {
  name: 'requests',
  schema: 'requests',
  migrations: [],
  project: async () => {},
  readModelTables: [],
  async start(context) {
    return { app: createApp(context) };
  },
};
