import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import type { Kpis } from '@tapinti/contracts/analytics-api';
import type { AdminNotification, Notification } from '@tapinti/contracts/notifications-api';
import type {
  Application,
  Organization,
  OrganizationAnnouncement,
} from '@tapinti/contracts/organizations-api';
import type { HandledRequest, MyRequest } from '@tapinti/contracts/requests-api';

/** Answers as the API sends them (they parse with the contracts' response schemas). */
export const IDS = {
  application: '22222222-2222-4222-8222-222222222222',
  organization: '33333333-3333-4333-8333-333333333333',
  announcement: '44444444-4444-4444-8444-444444444444',
  request: '55555555-5555-4555-8555-555555555555',
  claimant: '66666666-6666-4666-8666-666666666666',
  notification: '77777777-7777-4777-8777-777777777777',
  subscription: '88888888-8888-4888-8888-888888888888',
  invitation: '99999999-9999-4999-8999-999999999999',
  admin: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
} as const;

export function applicationFixture(overrides: Partial<Application> = {}): Application {
  return {
    id: IDS.application,
    organizationName: 'Hilton Baku',
    organizationType: 'hotel',
    address: 'Azadlıq prospekti 1B, Bakı',
    contactEmail: 'nigar@hilton.az',
    contactPerson: 'Nigar Əliyeva',
    contactPhone: '+994125550000',
    message: 'Lobbidə unudulan əşyalar üçün.',
    status: 'pending',
    rejectionReason: null,
    reviewedBy: null,
    reviewedAt: null,
    organizationId: null,
    createdAt: '2025-08-20T09:00:00.000Z',
    ...overrides,
  };
}

export function organizationFixture(overrides: Partial<Organization> = {}): Organization {
  return {
    id: IDS.organization,
    name: 'Hilton Baku',
    type: 'hotel',
    address: 'Azadlıq prospekti 1B, Bakı',
    contactEmail: 'nigar@hilton.az',
    contactPhone: '+994125550000',
    isActive: true,
    subscriptionId: IDS.subscription,
    settings: {},
    createdAt: '2025-08-21T09:00:00.000Z',
    subscription: {
      plan: 'basic',
      status: 'trial',
      startDate: '2025-08-21',
      endDate: '2025-09-20',
      monthlyPrice: 49.99,
    },
    adminCount: 1,
    ...overrides,
  };
}

export function organizationAnnouncementFixture(
  overrides: Partial<OrganizationAnnouncement> = {},
): OrganizationAnnouncement {
  return {
    id: IDS.announcement,
    userId: IDS.admin,
    organizationId: IDS.organization,
    type: 'found',
    title: 'Qara iPhone tapıldı',
    description: 'Lobbidə divanın üstündə qara iPhone 13 tapıldı.',
    category: 'phones',
    location: 'Hilton Baku, lobbi',
    roomNumber: '204',
    contactInfo: 'resepsiya@hilton.az',
    imageUrl: null,
    rewardAmount: 0,
    rewardDescription: null,
    status: 'open',
    isPublic: true,
    isActive: true,
    createdAt: '2025-08-22T09:00:00.000Z',
    ...overrides,
  };
}

export function myRequestFixture(overrides: Partial<MyRequest> = {}): MyRequest {
  return {
    id: IDS.request,
    announcementId: IDS.announcement,
    organizationId: IDS.organization,
    contactMethod: 'phone',
    roomNumber: '311',
    message: 'Dünən lobbidə unutmuşam',
    answers: [{ question: 'Arxa örtük hansı rəngdədir?', answer: 'Bənövşəyi' }],
    status: 'pending',
    handledAt: null,
    createdAt: '2025-08-23T09:00:00.000Z',
    announcement: { title: 'Qara iPhone tapıldı', type: 'found', roomNumber: '204', status: 'open' },
    ...overrides,
  };
}

export function handledRequestFixture(overrides: Partial<HandledRequest> = {}): HandledRequest {
  return {
    ...myRequestFixture(),
    userId: IDS.claimant,
    username: 'kamran',
    contact: '+994501112233',
    handledBy: null,
    handledByUsername: null,
    warnings: [],
    ...overrides,
  };
}

export function notificationFixture(overrides: Partial<Notification> = {}): Notification {
  return {
    id: IDS.notification,
    userId: IDS.claimant,
    type: 'request-status-changed',
    channel: 'in_app',
    title: 'Sorğunuzun statusu dəyişdi',
    message: '"Qara iPhone tapıldı" elanına sorğunuz: əlaqə saxlanıldı',
    status: 'sent',
    retryCount: 0,
    data: {},
    link: '/profile',
    readAt: null,
    sentAt: '2025-08-23T10:00:00.000Z',
    createdAt: '2025-08-23T10:00:00.000Z',
    ...overrides,
  };
}

export function adminNotificationFixture(overrides: Partial<AdminNotification> = {}): AdminNotification {
  return {
    ...notificationFixture({ channel: 'email', status: 'failed', retryCount: 3 }),
    recipient: 'kamran@example.az',
    error: '550 mailbox unavailable',
    ...overrides,
  };
}

export function auditEntryFixture(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id: '1',
    userId: IDS.admin,
    username: 'boss',
    organizationId: null,
    entityType: 'application',
    entityId: IDS.application,
    action: 'organizations.application.approved',
    beforeState: null,
    afterState: null,
    ipAddress: '127.0.0.1',
    userAgent: 'jest',
    createdAt: '2025-08-23T10:00:00.000Z',
    source: 'organizations',
    ...overrides,
  };
}

export function kpisFixture(overrides: Partial<Kpis> = {}): Kpis {
  return {
    organizations: { total: 4, active: 3, suspended: 1 },
    announcements: { total: 20, lost: 12, found: 8 },
    requests: { total: 8, pending: 3, resolved: 5 },
    ...overrides,
  };
}
