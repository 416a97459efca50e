import type { EventSourcedModule } from '@tapinti/runtime/service-module';
import { usersAndCredentials } from '../migrations/001-users-and-credentials';
import { invitations } from '../migrations/002-invitations';
import { usernameSkeletons } from '../migrations/003-username-skeletons';
import { accountTrust } from '../migrations/004-account-trust';
import { invitationRoles } from '../migrations/005-invitation-roles';
import { createApp } from './app';
import { seedSuperAdminFromConfig } from './application/seed-super-admin';
import { subscriptions } from './consumers/subscriptions';
import { schedulePurging } from './jobs/purge-deleted-accounts';
import { projectAuthEvent } from './store/projection';

export const authModule: EventSourcedModule = {
  name: 'auth',
  schema: 'auth',
  migrations: [usersAndCredentials, invitations, usernameSkeletons, accountTrust, invitationRoles],
  eventSourcing: {
    project: projectAuthEvent,
    // auth.credentials is deliberately not here: secrets are not events, so a rebuild must keep it.
    // Nor auth.invitations / auth.organization_names: their rows come from the organizations
    // service's events (the `auth.invitations` consumer group), which a rebuild does not replay.
    readModelTables: ['users', 'account_links'],
  },
  createApp,
  subscriptions,
  async startWorker(context) {
    await seedSuperAdminFromConfig(context);
    await schedulePurging(context);
  },
};
