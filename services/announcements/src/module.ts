import type { ServiceModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

export const announcementsModule: ServiceModule = {
  name: 'announcements',
  schema: 'announcements',
  migrations: [],
  project: async () => {},
  readModelTables: [],
  async start(context) {
    return { app: createApp(context) };
  },
};
