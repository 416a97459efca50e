import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ANNOUNCEMENT_EVENT_SCHEMAS } from '@tapinti/contracts/announcements-events';
import { AUTH_EVENT_SCHEMAS } from '@tapinti/contracts/auth-events';
import type { EventEnvelope } from '@tapinti/contracts/event-envelope';
import { ORGANIZATION_EVENT_SCHEMAS } from '@tapinti/contracts/organizations-events';
import { REQUEST_EVENT_SCHEMAS } from '@tapinti/contracts/requests-events';
import { auditEntryOf } from '../domain/audit-entry';
import { insertAuditEntry } from '../store/audit-logs';

/** Every event type (and version) the audit log records: all of auth, announcements, organizations, requests. */
export const AUDITED_EVENT_SCHEMAS = {
  ...AUTH_EVENT_SCHEMAS,
  ...ANNOUNCEMENT_EVENT_SCHEMAS,
  ...ORGANIZATION_EVENT_SCHEMAS,
  ...REQUEST_EVENT_SCHEMAS,
};

/** One audit row per event, from the payload as its contract parsed it (unknown fields dropped). */
export async function recordAuditEntry(
  trx: Knex.Transaction,
  payload: unknown,
  event: EventEnvelope,
): Promise<void> {
  await insertAuditEntry(trx, randomUUID(), auditEntryOf({ ...event, payload }));
}
