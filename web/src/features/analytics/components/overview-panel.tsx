import styled from 'styled-components';
import { StatCard } from '../../../components/ui/detail-list';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Muted, Stack } from '../../../components/ui/layout';
import { media, space } from '../../../components/ui/theme';
import { funnelRate, useKpis } from '../api/kpis';
import { useDashboardText } from '../i18n';

/** Spec §9: the overview's fixed figures. */
export const OVERVIEW_COUNTS = [12, 8, 5] as const;
export const OVERVIEW_PERCENTS = [75, 60, 85] as const;

const Columns = styled.div`
  display: grid;
  gap: ${space(4)};
  grid-template-columns: minmax(0, 1fr);
  ${media.lg} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Figures = styled.dl`
  display: grid;
  gap: ${space(3)};
  margin: 0;
  grid-template-columns: repeat(3, minmax(0, 1fr));
`;

/** Overview: the funnel rate from the KPIs, and the spec's fixed weekly figures. */
export function OverviewPanel() {
  const t = useDashboardText();
  const { data } = useKpis();
  const rate = data ? funnelRate(data) : 0;
  const counts = [t.overview.newOrganizations, t.overview.newAnnouncements, t.overview.newRequests];
  const percents = [t.overview.responseRate, t.overview.returnRate, t.overview.satisfaction];
  return (
    <Stack $gap={4}>
      <StatCard>
        <span className="label">{t.overview.funnel}</span>
        <span className="value" data-testid="funnel-rate">
          {rate}%
        </span>
        <ProgressBar
          value={rate}
          label={data ? t.overview.funnelHint(data.requests.resolved, data.requests.total) : ''}
        />
      </StatCard>
      <Columns>
        <StatCard as="section" aria-label={t.overview.activity}>
          <span className="label">{t.overview.activity}</span>
          <Figures>
            {OVERVIEW_COUNTS.map((n, i) => (
              <div key={i}>
                <dd style={{ margin: 0 }}>{n}</dd>
                <dt style={{ fontSize: '0.75rem' }}>{counts[i]}</dt>
              </div>
            ))}
          </Figures>
        </StatCard>
        <StatCard as="section" aria-label={t.overview.quality}>
          <span className="label">{t.overview.quality}</span>
          <Stack $gap={3}>
            {OVERVIEW_PERCENTS.map((p, i) => (
              <ProgressBar key={i} value={p} label={percents[i]!} />
            ))}
          </Stack>
        </StatCard>
      </Columns>
      <Muted style={{ fontSize: '0.75rem' }}>{t.overview.fixedNote}</Muted>
    </Stack>
  );
}
