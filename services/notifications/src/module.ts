import type { ServiceModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

export const notificationsModule: ServiceModule = {
  name: 'notifications',
  schema: 'notifications',
  migrations: [],
  project: async () => {},
  readModelTables: [],
  async start(context) {
    return { app: createApp(context) };
  },
};
