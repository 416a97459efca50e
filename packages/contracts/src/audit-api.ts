import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  emptyOr,
  INTEGER_TEXT,
  intParam,
  ONE_TO_HUNDRED_TEXT,
  POSITIVE_INTEGER_TEXT,
  text,
  UUID_TEXT,
} from './input-text';

export const AUDIT_MESSAGES = {
  organizationId: 'Təşkilat identifikatoru yanlışdır',
  userId: 'İstifadəçi identifikatoru yanlışdır',
  date: 'Tarix ISO formatında olmalıdır (məs. 2025-08-25 və ya 2025-08-25T10:00:00Z)',
  dateRange: 'Başlanğıc tarixi son tarixdən sonra ola bilməz',
  limit: 'Limit 1 ilə 100 arasında tam ədəd olmalıdır',
  page: 'Səhifə nömrəsi 1-dən başlayan tam ədəd olmalıdır',
  offset: 'Offset 0 və ya daha böyük tam ədəd olmalıdır',
  exportKind: 'İxrac növü yanlışdır: organizations, announcements, requests və ya audit-logs olmalıdır',
} as const;

export const AUDIT_DEFAULT_LIMIT = 10;
export const AUDIT_MAX_LIMIT = 100;

// Years 1900–2999: wide enough for any audit row, and a date-only `toDate` plus one day, or any
// UTC offset, still lands on a date Postgres reads. Days 29–31 are accepted in every month (they
// roll over into the next one, as Date.parse does).
const DATE = '(?:19|2[0-9])[0-9]{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])';
const TIME = '(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]{1,9})?)?';
const OFFSET = '(?:Z|[+-](?:[01][0-9]|2[0-3]):?[0-5][0-9])';
const DATE_ONLY = new RegExp(`^${DATE}$`);
const DATE_TEXT = `${DATE}(?:T${TIME}${OFFSET})?`;

/** ISO date (`2025-08-25`) or date-time with offset (`2025-08-25T10:00:00Z`); empty: not given. */
const isoDate = text(AUDIT_MESSAGES.date)
  .regex(emptyOr(DATE_TEXT), AUDIT_MESSAGES.date)
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), AUDIT_MESSAGES.date)
  .optional()
  .transform((v) => v || undefined);

/**
 * GET /api/audit-logs query. A date-only `toDate` includes that whole day. `page` (from 1)
 * wins over `offset` when both are given.
 */
export const auditLogQuerySchema = z
  .object({
    organizationId: text(AUDIT_MESSAGES.organizationId)
      .regex(emptyOr(UUID_TEXT), AUDIT_MESSAGES.organizationId)
      .optional()
      .transform((v) => v || undefined),
    /** The rows a user did or that are about them (the global search links a user here). */
    userId: text(AUDIT_MESSAGES.userId)
      .regex(emptyOr(UUID_TEXT), AUDIT_MESSAGES.userId)
      .optional()
      .transform((v) => v || undefined),
    fromDate: isoDate,
    toDate: isoDate,
    limit: intParam(AUDIT_MESSAGES.limit, ONE_TO_HUNDRED_TEXT, 1, AUDIT_MAX_LIMIT),
    page: intParam(AUDIT_MESSAGES.page, POSITIVE_INTEGER_TEXT, 1),
    offset: intParam(AUDIT_MESSAGES.offset, INTEGER_TEXT, 0),
  })
  .transform((q, ctx) => {
    const limit = q.limit ?? AUDIT_DEFAULT_LIMIT;
    const offset = q.page !== undefined ? (q.page - 1) * limit : (q.offset ?? 0);
    const from = q.fromDate ? new Date(q.fromDate) : undefined;
    let to: Date | undefined;
    let toExclusive = false;
    if (q.toDate) {
      to = new Date(q.toDate);
      if (DATE_ONLY.test(q.toDate)) {
        to = new Date(to.getTime() + 24 * 3600 * 1000);
        toExclusive = true;
      }
    }
    if (from && to && (toExclusive ? from.getTime() >= to.getTime() : from.getTime() > to.getTime())) {
      ctx.addIssue({ code: 'custom', path: ['fromDate'], message: AUDIT_MESSAGES.dateRange });
      return z.NEVER;
    }
    return { organizationId: q.organizationId, userId: q.userId, from, to, toExclusive, limit, offset };
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit row as GET /api/audit-logs answers it (spec §3 audit_logs, plus the actor's name). */
export const auditLogEntrySchema = z.object({
  id: z.string(),
  /** The actor; for system events the subject's id, or null when there is none. */
  userId: z.string().nullable(),
  /** The actor's username when the audit service knows it. */
  username: z.string().nullable(),
  organizationId: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The event type, e.g. `auth.user.registered`. */
  action: z.string(),
  /** JSON, secrets removed; null when there is none. */
  beforeState: z.unknown(),
  afterState: z.unknown(),
  /** The client address's keyed hash (issue 21: never the address itself); null for system work. */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** When it happened (the event's occurredAt), ISO 8601. */
  createdAt: z.iso.datetime(),
  /** The service whose event it was. */
  source: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = z.object({
  items: z.array(auditLogEntrySchema),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The audit endpoints (gateway prefix `/api/audit-logs`). */
export const AUDIT_ENDPOINTS = {
  list: endpoint({
    method: 'get',
    path: '/api/audit-logs',
    summary: 'Audit jurnalı, yenidən köhnəyə: təşkilat və tarix aralığı ilə, səhifələrlə (super admin)',
    tag: 'audit',
    access: ['super_admin'],
    query: auditLogQuerySchema,
    response: { status: 200, schema: auditLogPageSchema },
    rules: [{ field: 'fromDate', rule: 'toDate-dən sonra ola bilməz' }],
  }),
};

/**
 * The super admin's live audit feed and CSV exports (/admin): answered with bytes, not JSON, so
 * they are a group of their own, outside `API_ENDPOINT_GROUPS` (a never-ending stream is no
 * endpoint for a fuzzer).
 */
export const AUDIT_STREAM_EVENT = 'audit';

/** What can be exported, each as a CSV file (UTF-8 with a byte order mark, so Excel reads Azerbaijani letters). */
export const EXPORT_KINDS = ['organizations', 'announcements', 'requests', 'audit-logs'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const exportParamsSchema = z.object({
  kind: z.enum(EXPORT_KINDS, { error: AUDIT_MESSAGES.exportKind }),
});

/** The export's date range: rows created from `fromDate` to `toDate` (a date-only `toDate` includes that day). */
export const exportQuerySchema = z.object({ fromDate: isoDate, toDate: isoDate }).transform((q, ctx) => {
  const from = q.fromDate ? new Date(q.fromDate) : undefined;
  let to: Date | undefined;
  let toExclusive = false;
  if (q.toDate) {
    to = new Date(q.toDate);
    if (DATE_ONLY.test(q.toDate)) {
      to = new Date(to.getTime() + 24 * 3600 * 1000);
      toExclusive = true;
    }
  }
  if (from && to && (toExclusive ? from.getTime() >= to.getTime() : from.getTime() > to.getTime())) {
    ctx.addIssue({ code: 'custom', path: ['fromDate'], message: AUDIT_MESSAGES.dateRange });
    return z.NEVER;
  }
  return { from, to, toExclusive };
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

export const AUDIT_FEED_ENDPOINTS = {
  stream: endpoint({
    method: 'get',
    path: '/api/audit-logs/stream',
    summary:
      'Audit jurnalının canlı axını (server-sent events): hər yeni qeyd bir `audit` hadisəsidir, data auditLogEntry JSON-dur (super admin)',
    tag: 'audit',
    access: ['super_admin'],
    response: { status: 200, schema: null, contentTypes: ['text/event-stream'] },
  }),
  export: endpoint({
    method: 'get',
    path: '/api/analytics/exports/:kind',
    summary:
      'CSV ixracı (UTF-8, BOM ilə): təşkilatlar, elanlar, sorğular və ya audit jurnalı, tarix aralığı ilə, axınla (super admin)',
    tag: 'audit',
    access: ['super_admin'],
    params: exportParamsSchema,
    query: exportQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['text/csv'] },
    rules: [{ field: 'fromDate', rule: 'toDate-dən sonra ola bilməz' }],
  }),
};
