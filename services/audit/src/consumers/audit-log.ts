import { randomUUID } from 'node:crypto';
import { auditEntryOf } from '../domain/audit-entry';
import { insertAuditEntry } from '../store/audit-logs';
import type { EffectEntry } from './effects';

/** Every event of every service becomes one audit row. */
export const auditLogEffect: EffectEntry = {
  name: 'audit-log',
  appliesTo: () => true,
  effect: async (trx, event) => {
    await insertAuditEntry(trx, randomUUID(), auditEntryOf(event));
  },
};
