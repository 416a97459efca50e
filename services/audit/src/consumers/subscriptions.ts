import {
  ANNOUNCEMENT_EVENTS,
  announcementArchivedV1Schema,
  announcementClosedV1Schema,
  announcementCreatedV1Schema,
  announcementCreatedV2Schema,
  announcementDeletedV1Schema,
  announcementEditedV1Schema,
  announcementEditedV2Schema,
  announcementHiddenV1Schema,
  announcementRenewedV1Schema,
  announcementResolvedV1Schema,
} from '@tapinti/contracts/announcements-events';
import {
  AUTH_EVENTS,
  userLoginFailedV1,
  userProfileUpdatedV1,
  userPurgedV1,
  userRegisteredV1,
  userRoleChangedV1,
  userRoleChangedV2,
} from '@tapinti/contracts/auth-events';
import {
  ORGANIZATION_EVENTS,
  organizationCreatedV1,
  organizationDeactivatedV1,
  organizationReactivatedV1,
  organizationUpdatedV1,
} from '@tapinti/contracts/organizations-events';
import {
  complaintFiledV1,
  complaintRepliedV1,
  REQUEST_EVENTS,
  requestFiledV1,
  requestStatusChangedV1,
} from '@tapinti/contracts/requests-events';
import { on, onEvery, type ConsumerGroup } from '@tapinti/eventstore/subscriptions';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { forgetAnnouncementContact, forgetPurgedAccount } from '../store/audit-logs';
import { actorRegistered, actorRenamed } from './actor-names';
import * as analytics from './analytics';
import {
  AUDITED_EVENT_SCHEMAS,
  recordAuditEntry,
  recordComplaintContactRedacted,
  recordLoginFailedV1,
} from './audit-log';

export const AUDIT_LOG_GROUP = 'audit.audit-log';
export const ANALYTICS_GROUP = 'audit.analytics';

/**
 * The audit service's consumer groups (each batch of events is applied in one transaction, once
 * per event: see subscribeConsumerGroup):
 *
 * - `audit.audit-log`: every event of auth, announcements, organizations and requests becomes
 *   one audit row; registrations and username changes also keep the actor-names table; a
 *   purged account's rows forget who it was, a hidden or deleted announcement's its contact.
 * - `audit.analytics`: the KPI and search read models.
 */
export function auditSubscriptions(_context: ServiceContext): ConsumerGroup[] {
  const everyAudited = onEvery(AUDITED_EVENT_SCHEMAS, recordAuditEntry);
  return [
    {
      groupId: AUDIT_LOG_GROUP,
      handlers: {
        ...everyAudited,
        [AUTH_EVENTS.loginFailed]: {
          ...everyAudited[AUTH_EVENTS.loginFailed],
          1: on(userLoginFailedV1, recordLoginFailedV1),
        },
        [REQUEST_EVENTS.complaintFiled]: {
          ...everyAudited[REQUEST_EVENTS.complaintFiled],
          1: on(complaintFiledV1, recordComplaintContactRedacted),
        },
        [REQUEST_EVENTS.complaintReplied]: {
          ...everyAudited[REQUEST_EVENTS.complaintReplied],
          1: on(complaintRepliedV1, recordComplaintContactRedacted),
        },
        [AUTH_EVENTS.registered]: {
          1: on(userRegisteredV1, async (trx, p, event) => {
            await recordAuditEntry(trx, p, event);
            await actorRegistered(trx, p);
          }),
        },
        [AUTH_EVENTS.purged]: {
          1: on(userPurgedV1, async (trx, p, event) => {
            await recordAuditEntry(trx, p, event);
            await forgetPurgedAccount(trx, p.userId);
          }),
        },
        [AUTH_EVENTS.profileUpdated]: {
          1: on(userProfileUpdatedV1, async (trx, p, event) => {
            await recordAuditEntry(trx, p, event);
            await actorRenamed(trx, p);
          }),
        },
        [ANNOUNCEMENT_EVENTS.hidden]: {
          1: on(announcementHiddenV1Schema, async (trx, p, event) => {
            await recordAuditEntry(trx, p, event);
            await forgetAnnouncementContact(trx, p.announcementId);
          }),
        },
        [ANNOUNCEMENT_EVENTS.deleted]: {
          1: on(announcementDeletedV1Schema, async (trx, p, event) => {
            await recordAuditEntry(trx, p, event);
            await forgetAnnouncementContact(trx, p.announcementId);
          }),
        },
      },
    },
    {
      groupId: ANALYTICS_GROUP,
      handlers: {
        [AUTH_EVENTS.registered]: { 1: on(userRegisteredV1, analytics.userRegistered) },
        [AUTH_EVENTS.profileUpdated]: { 1: on(userProfileUpdatedV1, analytics.userProfileUpdated) },
        [AUTH_EVENTS.roleChanged]: {
          1: on(userRoleChangedV1, analytics.userRoleChanged),
          2: on(userRoleChangedV2, analytics.userRoleChanged),
        },
        [AUTH_EVENTS.purged]: { 1: on(userPurgedV1, analytics.userPurged) },
        [ANNOUNCEMENT_EVENTS.created]: {
          1: on(announcementCreatedV1Schema, analytics.announcementCreated),
          2: on(announcementCreatedV2Schema, analytics.announcementCreated),
        },
        [ANNOUNCEMENT_EVENTS.archived]: {
          1: on(announcementArchivedV1Schema, analytics.announcementArchived),
        },
        [ANNOUNCEMENT_EVENTS.resolved]: {
          1: on(announcementResolvedV1Schema, analytics.announcementResolved),
        },
        [ANNOUNCEMENT_EVENTS.edited]: {
          1: on(announcementEditedV1Schema, analytics.announcementEdited),
          2: on(announcementEditedV2Schema, analytics.announcementEdited),
        },
        [ANNOUNCEMENT_EVENTS.closed]: { 1: on(announcementClosedV1Schema, analytics.announcementClosed) },
        [ANNOUNCEMENT_EVENTS.deleted]: { 1: on(announcementDeletedV1Schema, analytics.announcementDeleted) },
        [ANNOUNCEMENT_EVENTS.renewed]: { 1: on(announcementRenewedV1Schema, analytics.announcementRenewed) },
        [ORGANIZATION_EVENTS.created]: { 1: on(organizationCreatedV1, analytics.organizationCreated) },
        [ORGANIZATION_EVENTS.updated]: { 1: on(organizationUpdatedV1, analytics.organizationUpdated) },
        [ORGANIZATION_EVENTS.deactivated]: {
          1: on(organizationDeactivatedV1, analytics.organizationDeactivated),
        },
        [ORGANIZATION_EVENTS.reactivated]: {
          1: on(organizationReactivatedV1, analytics.organizationReactivated),
        },
        [REQUEST_EVENTS.filed]: { 1: on(requestFiledV1, analytics.requestFiled) },
        [REQUEST_EVENTS.statusChanged]: { 1: on(requestStatusChangedV1, analytics.requestStatusChanged) },
      },
    },
  ];
}
