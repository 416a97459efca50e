import type { ServiceModule } from '@tapinti/runtime/service-module';
import { usersAndCredentials } from '../migrations/001-users-and-credentials';
import { createApp } from './app';
import { createAccounts } from './application/accounts';
import { projectAuthEvent } from './store/projection';

export const authModule: ServiceModule = {
  name: 'auth',
  schema: 'auth',
  migrations: [usersAndCredentials],
  project: projectAuthEvent,
  // auth.credentials is deliberately not here: secrets are not events, so a rebuild must keep it.
  readModelTables: ['users'],
  async start(context) {
    const accounts = createAccounts(context);
    const { SUPER_ADMIN_USERNAME, SUPER_ADMIN_EMAIL, SUPER_ADMIN_PASSWORD } = context.config;
    if (SUPER_ADMIN_USERNAME && SUPER_ADMIN_EMAIL && SUPER_ADMIN_PASSWORD) {
      await accounts.seedSuperAdmin({
        username: SUPER_ADMIN_USERNAME,
        email: SUPER_ADMIN_EMAIL,
        password: SUPER_ADMIN_PASSWORD,
      });
    }
    return { app: createApp(context, accounts) };
  },
};
