import { z } from 'zod';
import { CATEGORIES, type Category } from './announcements-api';
import { endpoint } from './endpoint';
import { text } from './input-text';
import { DISPOSAL_WAYS, type DisposalWay } from './inventory-events';

/**
 * Reports of the venues' lost-property offices (issue 25 point 7): items logged, returned, disposed
 * of (by way) and still held, the return rate and the median days to return, per month (Baku
 * time) and per category, for a period of whole months. An organisation's report is under
 * `/api/organizations/:id/inventory/reports`; the whole platform's, with a row per organisation,
 * under `/api/inventory/reports` (super admin). JSON, CSV and PDF.
 */

/** The longest period a report covers, in months. */
export const MAX_REPORT_MONTHS = 24;
/** The period when the caller names none: this many months up to the current one (Baku time). */
export const DEFAULT_REPORT_MONTHS = 12;

export const INVENTORY_REPORT_MESSAGES = {
  month: 'Ayı İİİİ-AA formatında göstərin (məsələn, 2026-01), 2000–2099-cu illər',
  order: 'Hesabat dövrünün başlanğıcı sonundan sonra ola bilməz',
  tooLong: `Hesabat dövrü ən çox ${MAX_REPORT_MONTHS} ay ola bilər`,
} as const;

/** A month as `YYYY-MM` (Baku calendar). */
export const REPORT_MONTH_TEXT = '^20[0-9]{2}-(?:0[1-9]|1[0-2])$';

const monthParam = text(INVENTORY_REPORT_MESSAGES.month)
  .regex(new RegExp(`(?:${REPORT_MONTH_TEXT})|^$`), INVENTORY_REPORT_MESSAGES.month)
  .optional()
  .transform((v) => v || undefined);

/**
 * `?from=YYYY-MM&to=YYYY-MM`, both included. `to` defaults to the current month (Baku time),
 * `from` to `DEFAULT_REPORT_MONTHS` months up to `to`; at most `MAX_REPORT_MONTHS` months (a rule:
 * the default needs the server's clock).
 */
export const reportQuerySchema = z.object({ from: monthParam, to: monthParam }).superRefine((v, ctx) => {
  if (v.from && v.to && v.from > v.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: INVENTORY_REPORT_MESSAGES.order });
});
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** Whole months from `from` to `to` (`YYYY-MM`), both included. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    if (current > to) return months;
    months.push(current);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** `month` plus `count` months (`YYYY-MM`; `count` may be negative). */
export function addMonths(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const reportFiguresSchema = z.object({
  /** Items taken into the register (intake) in the period. */
  logged: z.number().int(),
  /** Items that went back to their owners in the period (the desk or the claim's code). */
  returned: z.number().int(),
  /** Items the venue let go in the period, and how. */
  disposed: z.number().int(),
  disposedByWay: z.record(z.enum(DISPOSAL_WAYS), z.number().int()),
  /** Items in the venue's keeping (stored or claimed) at the end of the period (or now, if sooner). */
  held: z.number().int(),
  /** returned / (returned + disposed) in the period, 0–1; null when no item left. */
  returnRate: z.number().nullable(),
  /** The median of the days from intake to return over the items returned in the period; null if none. */
  medianDaysToReturn: z.number().nullable(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The instants the period spans: [start, end), Baku months. */
  startsAt: z.string(),
  endsAt: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

const reportBody = {
  period: reportPeriodSchema,
  totals: reportFiguresSchema,
  /** Every month of the period, oldest first (months without items included, with zeros). */
  months: z.array(reportFiguresSchema.extend({ month: z.string() })),
  /** Every category, in the platform's order. */
  categories: z.array(reportFiguresSchema.extend({ category: z.enum(CATEGORIES) })),
};

export const organizationReportSchema = z.object({
  organizationId: z.uuid(),
  /** This service's copy of the organisation's name; null until its event arrived. */
  organizationName: z.string().nullable(),
  ...reportBody,
});
export type OrganizationReport = z.infer<typeof organizationReportSchema>;

export const platformReportOrganizationSchema = reportFiguresSchema
  .pick({ logged: true, returned: true, disposed: true, held: true, returnRate: true })
  .extend({ organizationId: z.uuid(), organizationName: z.string().nullable() });
export type PlatformReportOrganization = z.infer<typeof platformReportOrganizationSchema>;

export const platformReportSchema = z.object({
  ...reportBody,
  /** Every organisation with an item logged or held in the period, by name. */
  organizations: z.array(platformReportOrganizationSchema),
});
export type PlatformReport = z.infer<typeof platformReportSchema>;

/** Azerbaijani names for the CSV and PDF (the web translates its own). */
export const REPORT_CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  phones: 'Telefonlar',
  bags: 'Çantalar',
  keys: 'Açarlar',
  documents: 'Sənədlər',
  other: 'Digər',
};
export const REPORT_DISPOSAL_WAY_LABELS: Readonly<Record<DisposalWay, string>> = {
  donated: 'Bağışlandı',
  destroyed: 'Məhv edildi',
  handed_to_police: 'Polisə təhvil verildi',
  handed_to_asan: 'ASAN xidmətinə təhvil verildi',
  transferred: 'Başqa təşkilata verildi',
};

const tag = 'inventory';
const base = '/api/organizations/:id/inventory/reports';
const platformBase = '/api/inventory/reports';
/** An organisation's report: its admins and staff, and the super admin. */
const readers = ['super_admin', 'org_admin', 'org_staff'] as const;
const superAdmin = ['super_admin'] as const;
const params = z.object({ id: text() });
const periodRule = {
  field: 'from',
  rule: `dövr ən çox ${MAX_REPORT_MONTHS} ay (to verilməsə, cari ay; from verilməsə, to-dan ${DEFAULT_REPORT_MONTHS} ay)`,
};

const attachment = (example: string, pattern: string) =>
  [
    {
      name: 'Content-Disposition',
      description: example,
      schema: { type: 'string', pattern },
      required: true,
    },
  ] as const;
const csvHeaders = attachment(
  '`attachment; filename="hesabat-2025-12-2026-11.csv"`',
  '^attachment; filename="[A-Za-z0-9.-]+"$',
);
const pdfHeaders = attachment(
  '`inline; filename="hesabat-2025-12-2026-11.pdf"`',
  '^inline; filename="[A-Za-z0-9.-]+"$',
);

/** The reports' endpoints: an organisation's (JSON, CSV, PDF) and the platform's (super admin). */
export const INVENTORY_REPORT_ENDPOINTS = {
  organizationReport: endpoint({
    method: 'get',
    path: base,
    summary:
      'Büronun hesabatı: qeydə alınan, qaytarılan, çıxarılan (yolu ilə), saxlanan əşyalar, qaytarılma faizi, qaytarılmaya qədər median gün; aylar (Bakı vaxtı) və kateqoriyalar üzrə',
    tag,
    access: readers,
    params,
    query: reportQuerySchema,
    response: { status: 200, schema: organizationReportSchema },
    errors: [404, 409],
    rules: [periodRule],
  }),
  organizationReportCsv: endpoint({
    method: 'get',
    path: `${base}/csv`,
    summary: 'Büronun hesabatı CSV kimi (UTF-8, BOM ilə)',
    tag,
    access: readers,
    params,
    query: reportQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['text/csv'], headers: csvHeaders },
    errors: [404, 409],
    rules: [periodRule],
  }),
  organizationReportPdf: endpoint({
    method: 'get',
    path: `${base}/pdf`,
    summary: 'Büronun hesabatı PDF kimi (çap üçün)',
    tag,
    access: readers,
    params,
    query: reportQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['application/pdf'], headers: pdfHeaders },
    errors: [404, 409],
    rules: [periodRule],
  }),
  platformReport: endpoint({
    method: 'get',
    path: platformBase,
    summary:
      'Bütün platformanın büro hesabatı və təşkilatlar üzrə cədvəl (qeydə alınan, qaytarılan, çıxarılan, saxlanan, qaytarılma faizi; super admin)',
    tag,
    access: superAdmin,
    query: reportQuerySchema,
    response: { status: 200, schema: platformReportSchema },
    rules: [periodRule],
  }),
  platformReportCsv: endpoint({
    method: 'get',
    path: `${platformBase}/csv`,
    summary: 'Platformanın büro hesabatı CSV kimi (UTF-8, BOM ilə; super admin)',
    tag,
    access: superAdmin,
    query: reportQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['text/csv'], headers: csvHeaders },
    rules: [periodRule],
  }),
  platformReportPdf: endpoint({
    method: 'get',
    path: `${platformBase}/pdf`,
    summary: 'Platformanın büro hesabatı PDF kimi (super admin)',
    tag,
    access: superAdmin,
    query: reportQuerySchema,
    response: { status: 200, schema: null, contentTypes: ['application/pdf'], headers: pdfHeaders },
    rules: [periodRule],
  }),
};
