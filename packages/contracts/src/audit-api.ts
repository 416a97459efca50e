import { z } from 'zod';

export const AUDIT_MESSAGES = {
  organizationId: 'Təşkilat identifikatoru yanlışdır',
  date: 'Tarix ISO formatında olmalıdır (məs. 2025-08-25 və ya 2025-08-25T10:00:00Z)',
  dateRange: 'Başlanğıc tarixi son tarixdən sonra ola bilməz',
  limit: 'Limit 1 ilə 100 arasında tam ədəd olmalıdır',
  page: 'Səhifə nömrəsi 1-dən başlayan tam ədəd olmalıdır',
  offset: 'Offset 0 və ya daha böyük tam ədəd olmalıdır',
} as const;

export const AUDIT_DEFAULT_LIMIT = 10;
export const AUDIT_MAX_LIMIT = 100;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** ISO date (`2025-08-25`) or date-time with offset (`2025-08-25T10:00:00Z`). */
const isoDate = z.preprocess(
  blankToUndefined,
  z
    .string({ error: AUDIT_MESSAGES.date })
    .max(40, AUDIT_MESSAGES.date)
    .refine(
      (v) => (DATE_ONLY.test(v) || DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v)),
      AUDIT_MESSAGES.date,
    )
    .optional(),
);

const intParam = (message: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().int(message).min(min, message).max(max, message))
      .optional(),
  );

/**
 * GET /api/audit-logs query. A date-only `toDate` includes that whole day. `page` (from 1)
 * wins over `offset` when both are given.
 */
export const auditLogQuerySchema = z
  .object({
    organizationId: z.preprocess(blankToUndefined, z.uuid(AUDIT_MESSAGES.organizationId).optional()),
    fromDate: isoDate,
    toDate: isoDate,
    limit: intParam(AUDIT_MESSAGES.limit, 1, AUDIT_MAX_LIMIT),
    page: intParam(AUDIT_MESSAGES.page, 1),
    offset: intParam(AUDIT_MESSAGES.offset, 0),
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
    return { organizationId: q.organizationId, from, to, toExclusive, limit, offset };
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One audit row as GET /api/audit-logs answers it (spec §3 audit_logs, plus the actor's name). */
export interface AuditLogEntry {
  id: string;
  /** The actor; for system events the subject's id, or null when there is none. */
  userId: string | null;
  /** The actor's username when the audit service knows it. */
  username: string | null;
  organizationId: string | null;
  entityType: string;
  entityId: string | null;
  /** The event type, e.g. `auth.user.registered`. */
  action: string;
  beforeState: unknown;
  afterState: unknown;
  ipAddress: string | null;
  userAgent: string | null;
  /** When it happened (the event's occurredAt), ISO 8601. */
  createdAt: string;
  /** The service whose event it was. */
  source: string;
}

export interface AuditLogPage {
  items: AuditLogEntry[];
  total: number;
  limit: number;
  offset: number;
}
