import { bakuMonth } from '@tapinti/contracts/baku-calendar';
import { DISPOSAL_WAYS } from '@tapinti/contracts/inventory-events';
import {
  INVENTORY_REPORT_MESSAGES,
  MAX_REPORT_MONTHS,
  DEFAULT_REPORT_MONTHS,
  REPORT_CATEGORY_LABELS,
  REPORT_DISPOSAL_WAY_LABELS,
  addMonths,
  monthsOf,
  type OrganizationReport,
  type PlatformReport,
  type ReportFigures,
  type ReportPeriod,
  type ReportQuery,
} from '@tapinti/contracts/inventory-reports-api';
import { BOM, csvLine } from '@tapinti/platform/csv-line';
import { ValidationError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { figuresOf, periodOf, reportOf } from '../domain/report';
import { organizationNameOf } from '../store/queries';
import { organizationNames, reportItems } from '../store/report-queries';
import { organizationOf } from './caller-organization';
import { requirePlanFeature } from './plan-limits';
import { reportPdf } from './report-pdf';

/** A return rate as a percentage with one decimal (`66.7`), empty when none. */
export const percentText = (rate: number | null) => (rate === null ? '' : (rate * 100).toFixed(1));

const CSV_HEADER = [
  'Bölmə',
  'Dövr, ay, kateqoriya və ya təşkilat',
  'Qeydə alınıb',
  'Qaytarılıb',
  'Çıxarılıb',
  ...DISPOSAL_WAYS.map((w) => REPORT_DISPOSAL_WAY_LABELS[w]),
  'Saxlanılır (dövrün sonunda)',
  'Qaytarılma faizi (%)',
  'Qaytarılmaya qədər median gün',
];

const figureCells = (f: ReportFigures) => [
  f.logged,
  f.returned,
  f.disposed,
  ...DISPOSAL_WAYS.map((w) => f.disposedByWay[w]),
  f.held,
  percentText(f.returnRate),
  f.medianDaysToReturn ?? '',
];

/** The report as one CSV table (UTF-8 with a BOM for Excel): totals, then months, categories, organisations. */
function reportCsv(report: OrganizationReport | PlatformReport): string {
  const { period } = report;
  const lines = [
    csvLine(CSV_HEADER),
    csvLine(['Cəmi', `${period.from} – ${period.to}`, ...figureCells(report.totals)]),
    ...report.months.map((m) => csvLine(['Ay', m.month, ...figureCells(m)])),
    ...report.categories.map((c) =>
      csvLine(['Kateqoriya', REPORT_CATEGORY_LABELS[c.category], ...figureCells(c)]),
    ),
  ];
  if ('organizations' in report)
    for (const o of report.organizations)
      lines.push(
        csvLine([
          'Təşkilat',
          o.organizationName ?? o.organizationId,
          o.logged,
          o.returned,
          o.disposed,
          ...DISPOSAL_WAYS.map(() => ''),
          o.held,
          percentText(o.returnRate),
          '',
        ]),
      );
  return BOM + lines.join('');
}

const fileName = (period: ReportPeriod, extension: string) =>
  `hesabat-${period.from}-${period.to}.${extension}`;

/**
 * The office's reports, read from this service's own read model of items: an organisation's (its
 * admins and staff, the super admin) and the whole platform's (the super admin, by the endpoint's
 * access). Every figure is counted by when each act happened (Baku months).
 */
export function createReports(context: EventSourcedContext) {
  const { knex } = context;

  /** The caller's months, or the defaults; a reversed or too long period is a 400 on `from`. */
  function periodFor(query: ReportQuery): ReportPeriod {
    const to = query.to ?? bakuMonth(context.clock());
    const from = query.from ?? addMonths(to, -(DEFAULT_REPORT_MONTHS - 1));
    if (from > to) throw new ValidationError(INVENTORY_REPORT_MESSAGES.order, 'from');
    if (monthsOf(from, to).length > MAX_REPORT_MONTHS)
      throw new ValidationError(INVENTORY_REPORT_MESSAGES.tooLong, 'from');
    return periodOf(from, to);
  }

  async function itemsOf(organizationId: string | null, period: ReportPeriod) {
    return reportItems(knex, organizationId, new Date(period.startsAt), new Date(period.endsAt));
  }

  /**
   * The one way to an organisation's report (JSON, CSV and PDF all come here): who may read it is
   * decided here, and the plan's limit on reports (pro and up, issue 25 point 8: 409 on basic; the
   * super admin is never limited) is checked at its top.
   */
  async function organizationReport(
    caller: Caller,
    rawId: string,
    query: ReportQuery,
  ): Promise<OrganizationReport> {
    const organizationId = organizationOf(caller, rawId);
    await requirePlanFeature(knex, caller, organizationId, 'reports');
    const period = periodFor(query);
    const [items, organizationName] = await Promise.all([
      itemsOf(organizationId, period),
      organizationNameOf(knex, organizationId),
    ]);
    return { organizationId, organizationName, ...reportOf(items, period, context.clock()) };
  }

  /** The whole platform's report and a row per organisation with items in the period, by name. */
  async function platformReport(query: ReportQuery): Promise<PlatformReport> {
    const period = periodFor(query);
    const now = context.clock();
    const items = await itemsOf(null, period);
    const byOrganization = new Map<string, typeof items>();
    for (const item of items) {
      const own = byOrganization.get(item.organizationId);
      if (own) own.push(item);
      else byOrganization.set(item.organizationId, [item]);
    }
    const names = await organizationNames(knex, [...byOrganization.keys()]);
    const start = new Date(period.startsAt);
    const end = new Date(period.endsAt);
    const organizations = [...byOrganization].map(([organizationId, own]) => {
      const { logged, returned, disposed, held, returnRate } = figuresOf(own, start, end, now);
      const organizationName = names.get(organizationId) ?? null;
      return { organizationId, organizationName, logged, returned, disposed, held, returnRate };
    });
    organizations.sort(
      (a, b) =>
        (a.organizationName ?? '\uffff').localeCompare(b.organizationName ?? '\uffff', 'az') ||
        a.organizationId.localeCompare(b.organizationId),
    );
    return { ...reportOf(items, period, now), organizations };
  }

  return {
    organizationReport,
    async organizationReportCsv(caller: Caller, rawId: string, query: ReportQuery) {
      const report = await organizationReport(caller, rawId, query);
      return { filename: fileName(report.period, 'csv'), csv: reportCsv(report) };
    },
    async organizationReportPdf(caller: Caller, rawId: string, query: ReportQuery) {
      const report = await organizationReport(caller, rawId, query);
      return { filename: fileName(report.period, 'pdf'), pdf: await reportPdf(report) };
    },
    platformReport,
    async platformReportCsv(query: ReportQuery) {
      const report = await platformReport(query);
      return { filename: fileName(report.period, 'csv'), csv: reportCsv(report) };
    },
    async platformReportPdf(query: ReportQuery) {
      const report = await platformReport(query);
      return { filename: fileName(report.period, 'pdf'), pdf: await reportPdf(report) };
    },
  };
}
export type Reports = ReturnType<typeof createReports>;
