import type { ServiceModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

export const authModule: ServiceModule = {
  name: 'auth',
  schema: 'auth',
  migrations: [],
  project: async () => {},
  readModelTables: [],
  async start(context) {
    return { app: createApp(context) };
  },
};
