import type { ServiceModule } from '@tapinti/runtime/service-module';
import { authModule } from '@tapinti/auth-service/module';
import { announcementsModule } from '@tapinti/announcements-service/module';
import { organizationsModule } from '@tapinti/organizations-service/module';
import { requestsModule } from '@tapinti/requests-service/module';
import { auditModule } from '@tapinti/audit-service/module';
import { notificationsModule } from '@tapinti/notifications-service/module';
import type { ServiceName } from './route-table';

/** Every service, for embedded mode (one process) and for tools that act on all of them. */
export const SERVICE_MODULES: Record<ServiceName, ServiceModule> = {
  auth: authModule,
  announcements: announcementsModule,
  organizations: organizationsModule,
  requests: requestsModule,
  audit: auditModule,
  notifications: notificationsModule,
};
