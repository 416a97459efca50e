import type { AuditLogQuery, ExportKind, ExportQuery } from '@tapinti/contracts/audit-api';
import type { ServiceContext } from '@tapinti/runtime/service-module';
import { createAuditFeed } from '../http/audit-feed';
import { exportLines } from '../http/csv-export';
import { listAuditLogs } from '../store/audit-logs';

/** The audit log's use cases: its pages, its live feed and its CSV exports (super admins only). */
export function createAuditLogs(context: Pick<ServiceContext, 'knex' | 'logger'>) {
  const feed = createAuditFeed(context.knex, context.logger);
  return {
    list: (query: AuditLogQuery) => listAuditLogs(context.knex, query),
    subscribe: feed.subscribe,
    exportLines: (kind: ExportKind, range: ExportQuery) => exportLines(context.knex, kind, range),
  };
}
export type AuditLogs = ReturnType<typeof createAuditLogs>;
