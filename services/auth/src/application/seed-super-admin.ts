import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createAccounts } from './accounts';

/** Start-up work: the super admin named by SUPER_ADMIN_* (all three or none), idempotently. */
export async function seedSuperAdminFromConfig(context: EventSourcedContext): Promise<void> {
  const { SUPER_ADMIN_USERNAME, SUPER_ADMIN_EMAIL, SUPER_ADMIN_PASSWORD } = context.config;
  if (!SUPER_ADMIN_USERNAME || !SUPER_ADMIN_EMAIL || !SUPER_ADMIN_PASSWORD) return;
  await createAccounts(context).seedSuperAdmin({
    username: SUPER_ADMIN_USERNAME,
    email: SUPER_ADMIN_EMAIL,
    password: SUPER_ADMIN_PASSWORD,
  });
}
