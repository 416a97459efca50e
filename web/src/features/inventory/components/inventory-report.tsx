import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import type { Category } from '@tapinti/contracts/announcements-api';
import type {
  OrganizationReport,
  PlatformReport,
  PlatformReportOrganization,
  ReportFigures,
} from '@tapinti/contracts/inventory-reports-api';
import { DISPOSAL_WAYS } from '@tapinti/contracts/inventory-events';
import { AnchorButton, Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { StatCard, StatGrid } from '../../../components/ui/detail-list';
import { TextField } from '../../../components/ui/field';
import { Muted, Row, SectionTitle, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { font, media, space } from '../../../components/ui/theme';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { reportUrls, useOrganizationReport, usePlatformReport, type ReportPeriodQuery } from '../api/reports';
import { DISPOSAL_WAY_LABELS } from '../labels';
import { LoadFailed } from './inventory-notices';

// Inside the card's <dd>, whose type is the counter's: the breakdown reads as body text.
const Ways = styled.ul`
  margin: 0;
  padding-left: ${space(5)};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.regular};
`;

const Fields = styled.div`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: minmax(0, 1fr);
  align-items: end;
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr)) auto;
  }
`;

/** `YYYY-MM` → `mm.yyyy`, as the product writes dates. */
const monthText = (month: string) => `${month.slice(5, 7)}.${month.slice(0, 4)}`;
const percent = (rate: number | null) =>
  rate === null ? '—' : `${formatNumber(Math.round(rate * 1000) / 10)}%`;
const days = (value: number | null) => (value === null ? '—' : formatNumber(value));

/** The period: two months (the browser's month picker), applied on submit; the server checks it. */
function PeriodPicker({
  shown,
  onApply,
}: {
  shown: { from: string; to: string } | undefined;
  onApply: (period: ReportPeriodQuery) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState({ from: '', to: '' });
  // The first report fills the fields with the period the server chose.
  useEffect(() => {
    if (shown) setDraft((d) => (d.from || d.to ? d : shown));
  }, [shown]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ from: draft.from || undefined, to: draft.to || undefined });
  };
  return (
    <form onSubmit={submit} aria-label={t('Hesabat dövrü')}>
      <Fields>
        <TextField
          type="month"
          label={t('Başlanğıc ayı')}
          value={draft.from}
          placeholder="2026-01"
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
        />
        <TextField
          type="month"
          label={t('Son ay')}
          value={draft.to}
          placeholder="2026-12"
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
        />
        <Button type="submit" variant="outline">
          {t('Göstər')}
        </Button>
      </Fields>
    </form>
  );
}

/** The period's totals: counts, the ways items left, the return rate and the median days. */
function Totals({ figures }: { figures: ReportFigures }) {
  const t = useT();
  const card = (label: string, value: ReactNode, testId: string, more?: ReactNode) => (
    <StatCard>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
      {/* A <dl>'s groups hold only <dt> and <dd>: the breakdown is a description of its own. */}
      {more && <dd>{more}</dd>}
    </StatCard>
  );
  return (
    <section aria-label={t('Dövrün göstəriciləri')}>
      <StatGrid>
        {card(t('Qeydə alınıb'), figures.logged, 'report-logged')}
        {card(t('Sahibinə qaytarılıb'), figures.returned, 'report-returned')}
        {card(
          t('Çıxarılıb'),
          figures.disposed,
          'report-disposed',
          <Ways aria-label={t('Necə çıxarılıb')}>
            {DISPOSAL_WAYS.map((way) => (
              <li key={way}>
                {t(DISPOSAL_WAY_LABELS[way])}: {figures.disposedByWay[way]}
              </li>
            ))}
          </Ways>,
        )}
        {card(t('Saxlanılır (dövrün sonunda)'), figures.held, 'report-held')}
        {card(t('Qaytarılma faizi'), percent(figures.returnRate), 'report-return-rate')}
        {card(t('Qaytarılmaya qədər median gün'), days(figures.medianDaysToReturn), 'report-median-days')}
      </StatGrid>
    </section>
  );
}

/** The columns every figures table has after its first. */
function useFigureColumns<T extends ReportFigures>(): Column<T>[] {
  const t = useT();
  return [
    { key: 'logged', label: t('Qeydə alınıb'), render: (r) => r.logged },
    { key: 'returned', label: t('Qaytarılıb'), render: (r) => r.returned },
    { key: 'disposed', label: t('Çıxarılıb'), render: (r) => r.disposed },
    { key: 'held', label: t('Saxlanılır'), render: (r) => r.held },
    { key: 'rate', label: t('Qaytarılma faizi'), render: (r) => percent(r.returnRate) },
    { key: 'median', label: t('Median gün'), render: (r) => days(r.medianDaysToReturn) },
  ];
}

/** Totals, then tables per month and per category; the platform adds one per organisation. */
function ReportBody({
  report,
  categoryLabels,
}: {
  report: OrganizationReport | PlatformReport;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  const columns = useFigureColumns();
  const organizationColumns: Column<PlatformReportOrganization>[] = [
    { key: 'name', label: t('Təşkilat'), render: (o) => o.organizationName ?? o.organizationId },
    { key: 'logged', label: t('Qeydə alınıb'), render: (o) => o.logged },
    { key: 'returned', label: t('Qaytarılıb'), render: (o) => o.returned },
    { key: 'disposed', label: t('Çıxarılıb'), render: (o) => o.disposed },
    { key: 'held', label: t('Saxlanılır'), render: (o) => o.held },
    { key: 'rate', label: t('Qaytarılma faizi'), render: (o) => percent(o.returnRate) },
  ];
  return (
    <Stack $gap={5}>
      <Muted>
        {t('Dövr: {from} – {to} (Bakı vaxtı)', {
          from: monthText(report.period.from),
          to: monthText(report.period.to),
        })}
      </Muted>
      <Totals figures={report.totals} />
      <DataTable
        caption={t('Aylar üzrə')}
        testId="report-months"
        columns={[
          { key: 'month', label: t('Ay'), render: (m: { month: string }) => monthText(m.month) },
          ...columns,
        ]}
        rows={report.months}
        rowKey={(m) => m.month}
      />
      <DataTable
        caption={t('Kateqoriyalar üzrə')}
        testId="report-categories"
        columns={[
          {
            key: 'category',
            label: t('Kateqoriya'),
            render: (c: { category: Category }) => t(categoryLabels[c.category]),
          },
          ...columns,
        ]}
        rows={report.categories}
        rowKey={(c) => c.category}
      />
      {'organizations' in report && (
        <DataTable
          caption={t('Təşkilatlar üzrə')}
          testId="report-organizations"
          columns={organizationColumns}
          rows={report.organizations}
          rowKey={(o) => o.organizationId}
          empty={t('Bu dövrdə heç bir təşkilat əşya qeydə almayıb.')}
        />
      )}
    </Stack>
  );
}

/** The picker, the export links and the report (or why it did not load). */
function ReportFrame({
  title,
  urls,
  report,
  error,
  onApply,
  categoryLabels,
}: {
  title: string;
  urls: { csv: string; pdf: string };
  report: OrganizationReport | PlatformReport | undefined;
  error: unknown;
  onApply: (period: ReportPeriodQuery) => void;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  return (
    <Stack $gap={5}>
      <SectionTitle>{title}</SectionTitle>
      <PeriodPicker shown={report?.period} onApply={onApply} />
      {error ? (
        <LoadFailed error={error} fallback={t('Hesabat yüklənmədi')} />
      ) : !report ? (
        <Spinner size={28} label={t('Yüklənir...')} />
      ) : (
        <>
          <Row $gap={2} $wrap>
            <AnchorButton variant="outline" href={urls.csv} download>
              {t('CSV yüklə')}
            </AnchorButton>
            <AnchorButton variant="outline" href={urls.pdf} target="_blank" rel="noopener">
              {t('PDF aç')}
            </AnchorButton>
          </Row>
          <ReportBody report={report} categoryLabels={categoryLabels} />
        </>
      )}
    </Stack>
  );
}

/** /org-admin/inventory/reports: the office's own report (its admins and staff). */
export function InventoryReport({
  organizationId,
  categoryLabels,
}: {
  organizationId: string;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  const [period, setPeriod] = useState<ReportPeriodQuery>({});
  const report = useOrganizationReport(organizationId, period);
  return (
    <ReportFrame
      title={t('Büronun hesabatı')}
      urls={reportUrls(period, organizationId)}
      report={report.data}
      error={report.error}
      onApply={setPeriod}
      categoryLabels={categoryLabels}
    />
  );
}

/** /admin: the whole platform's office report and a row per organisation (super admin). */
export function PlatformInventoryReport({ categoryLabels }: { categoryLabels: Record<Category, string> }) {
  const t = useT();
  const [period, setPeriod] = useState<ReportPeriodQuery>({});
  const report = usePlatformReport(period);
  return (
    <ReportFrame
      title={t('Büroların hesabatı: bütün platforma')}
      urls={reportUrls(period)}
      report={report.data}
      error={report.error}
      onApply={setPeriod}
      categoryLabels={categoryLabels}
    />
  );
}
