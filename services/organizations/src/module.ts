import type { ServiceModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

export const organizationsModule: ServiceModule = {
  name: 'organizations',
  schema: 'organizations',
  migrations: [],
  project: async () => {},
  readModelTables: [],
  async start(context) {
    return { app: createApp(context) };
  },
};
