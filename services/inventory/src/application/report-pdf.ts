import {
  type OrganizationReport,
  type PlatformReport,
  REPORT_CATEGORY_LABELS,
  REPORT_DISPOSAL_WAY_LABELS,
  type ReportFigures,
} from '@tapinti/contracts/inventory-reports-api';
import { DISPOSAL_WAYS } from '@tapinti/contracts/inventory-events';
import { renderPdf } from '@tapinti/platform/pdf-document';

const MARGIN = 48;
/** `YYYY-MM` → `mm.yyyy`, as the product writes dates. */
const monthText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;
const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);
const days = (value: number | null) => (value === null ? '—' : String(value));

const COLUMNS = ['Qeydə alınıb', 'Qaytarılıb', 'Çıxarılıb', 'Saxlanılır', 'Qaytarılma', 'Median gün'];
const figureCells = (f: ReportFigures) => [
  String(f.logged),
  String(f.returned),
  String(f.disposed),
  String(f.held),
  percent(f.returnRate),
  days(f.medianDaysToReturn),
];

/**
 * The report on A4 pages (pdfkit, DejaVu Sans: Azerbaijani letters print): the organisation's
 * name (or the platform), the period, the totals with the ways items were disposed of, then a
 * table per month, per category and, for the platform, per organisation.
 */
export function reportPdf(report: OrganizationReport | PlatformReport): Promise<Buffer> {
  const heading = 'organizations' in report ? 'Tapıntı platforması' : (report.organizationName ?? 'Təşkilat');
  const period = `${monthText(report.period.from)} – ${monthText(report.period.to)}`;
  return renderPdf(`Büro hesabatı ${period}`, (doc) => {
    doc.addPage({ size: 'A4', margin: MARGIN });
    const width = doc.page.width - 2 * MARGIN;
    const bottom = doc.page.height - MARGIN;

    /** A table: the first column wide, the others equal; a new page (header repeated) when full. */
    const table = (title: string, first: string, columns: string[], rows: string[][]) => {
      const firstWidth = width * 0.3;
      const cellWidth = (width - firstWidth) / columns.length;
      const x = (i: number) => MARGIN + (i === 0 ? 0 : firstWidth + (i - 1) * cellWidth);
      const w = (i: number) => (i === 0 ? firstWidth : cellWidth) - 4;
      const line = (cells: string[], font: 'regular' | 'bold') => {
        if (doc.y + 24 > bottom) doc.addPage({ size: 'A4', margin: MARGIN });
        const y = doc.y;
        doc.font(font).fontSize(8);
        cells.forEach((cell, i) =>
          doc.text(cell, x(i), y, { width: w(i), lineBreak: false, ellipsis: true }),
        );
        doc.x = MARGIN;
        doc.y = y + 14;
      };
      doc.moveDown(1).font('bold').fontSize(12).text(title, MARGIN, doc.y, { width });
      doc.moveDown(0.3);
      line([first, ...columns], 'bold');
      for (const row of rows) line(row, 'regular');
    };

    doc.font('bold').fontSize(13).text(heading, { width });
    doc.font('bold').fontSize(18).text('İtirilmiş əşyalar bürosunun hesabatı', { width });
    doc.font('regular').fontSize(10).text(`Dövr: ${period} (Bakı vaxtı)`, { width }).moveDown(1);

    const { totals } = report;
    const summary: Array<[string, string]> = [
      ['Qeydə alınıb', String(totals.logged)],
      ['Sahibinə qaytarılıb', String(totals.returned)],
      ['Çıxarılıb', String(totals.disposed)],
      ...DISPOSAL_WAYS.map((w): [string, string] => [
        `   ${REPORT_DISPOSAL_WAY_LABELS[w]}`,
        String(totals.disposedByWay[w]),
      ]),
      ['Saxlanılır (dövrün sonunda)', String(totals.held)],
      ['Qaytarılma faizi', percent(totals.returnRate)],
      ['Qaytarılmaya qədər median gün', days(totals.medianDaysToReturn)],
    ];
    for (const [label, value] of summary) {
      const y = doc.y;
      doc
        .font('regular')
        .fontSize(10)
        .text(label, MARGIN, y, { width: width * 0.6 });
      doc.font('bold').text(value, MARGIN + width * 0.6, y, { width: width * 0.4 });
      doc.x = MARGIN;
    }

    table(
      'Aylar üzrə',
      'Ay',
      COLUMNS,
      report.months.map((m) => [monthText(m.month), ...figureCells(m)]),
    );
    table(
      'Kateqoriyalar üzrə',
      'Kateqoriya',
      COLUMNS,
      report.categories.map((c) => [REPORT_CATEGORY_LABELS[c.category], ...figureCells(c)]),
    );
    if ('organizations' in report)
      table(
        'Təşkilatlar üzrə',
        'Təşkilat',
        COLUMNS.slice(0, 5),
        report.organizations.map((o) => [
          o.organizationName ?? o.organizationId,
          String(o.logged),
          String(o.returned),
          String(o.disposed),
          String(o.held),
          percent(o.returnRate),
        ]),
      );
  });
}
