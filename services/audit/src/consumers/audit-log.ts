import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ANNOUNCEMENT_EVENT_SCHEMAS } from '@tapinti/contracts/announcements-events';
import { AUTH_EVENT_SCHEMAS, type UserLoginFailedV1 } from '@tapinti/contracts/auth-events';
import { CONVERSATION_EVENT_SCHEMAS } from '@tapinti/contracts/conversations-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { INVENTORY_EVENT_SCHEMAS } from '@tapinti/contracts/inventory-events';
import { ORGANIZATION_EVENT_SCHEMAS } from '@tapinti/contracts/organizations-events';
import {
  REQUEST_EVENT_SCHEMAS,
  type ComplaintFiledV1,
  type ComplaintRepliedV1,
} from '@tapinti/contracts/requests-events';
import { VENUE_CHECK_EVENT_SCHEMAS } from '@tapinti/contracts/venue-checks-events';
import { auditEntryOf } from '../domain/audit-entry';
import { REDACTED } from '../domain/sanitize';
import { insertAuditEntry } from '../store/audit-logs';

/** Every event type (and version) the audit log records: all of auth, announcements, organizations, requests (venue checks too), inventory, conversations. */
export const AUDITED_EVENT_SCHEMAS = {
  ...AUTH_EVENT_SCHEMAS,
  ...ANNOUNCEMENT_EVENT_SCHEMAS,
  ...ORGANIZATION_EVENT_SCHEMAS,
  ...REQUEST_EVENT_SCHEMAS,
  ...VENUE_CHECK_EVENT_SCHEMAS,
  ...INVENTORY_EVENT_SCHEMAS,
  ...CONVERSATION_EVENT_SCHEMAS,
};

/** One audit row per event, from the payload as its contract parsed it (unknown fields dropped). */
export async function recordAuditEntry(
  trx: Knex.Transaction,
  payload: unknown,
  event: EventEnvelope,
): Promise<void> {
  await insertAuditEntry(trx, randomUUID(), auditEntryOf({ ...event, payload }));
}

/**
 * A failed login of schema v1 kept what was typed even when it named no account (often a password
 * typed in the wrong field): its row keeps the identifier only when the login named an account.
 */
export async function recordLoginFailedV1(
  trx: Knex.Transaction,
  payload: UserLoginFailedV1,
  event: EventEnvelope,
): Promise<void> {
  await recordAuditEntry(trx, { ...payload, identifier: payload.userId ? payload.identifier : null }, event);
}

/**
 * A complaint's contact address is in its event only so the notifications service can write to
 * the complainant: the audit row keeps whether there was one, never the address (filed and replied v1).
 */
export async function recordComplaintContactRedacted(
  trx: Knex.Transaction,
  payload: ComplaintFiledV1 | ComplaintRepliedV1,
  event: EventEnvelope,
): Promise<void> {
  const contactEmail = payload.contactEmail === null ? null : REDACTED;
  await recordAuditEntry(trx, { ...payload, contactEmail }, event);
}
