import type { ServiceModule } from '@tapinti/runtime/service-module';
import { createApp } from './app';

export const auditModule: ServiceModule = {
  name: 'audit',
  schema: 'audit',
  migrations: [],
  project: async () => {},
  readModelTables: [],
  async start(context) {
    return { app: createApp(context) };
  },
};
