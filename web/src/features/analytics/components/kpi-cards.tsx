import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { Kpis } from '@tapinti/contracts/analytics-api';
import { Button } from '../../../components/ui/button';
import { StatCard } from '../../../components/ui/detail-list';
import { Alert, Muted, Row } from '../../../components/ui/layout';
import { media, space } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { funnelRate, useKpis } from '../api/kpis';
import { useDashboardText } from '../i18n';

const Grid = styled.dl`
  display: grid;
  gap: ${space(3)};
  margin: 0;
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The KPI cards of GET /api/analytics/kpis, refreshed every 30 s (the only timer of the app). */
export function KpiCards() {
  const t = useDashboardText();
  const { data, error, mutate } = useKpis();
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (data) setUpdatedAt(new Date());
  }, [data]);

  if (error && !data)
    return (
      <Alert>
        <strong>{errorMessage(error, t.common.failed)}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t.common.retry}
        </Button>
      </Alert>
    );
  const k: Kpis | undefined = data;
  const value = (n: number | undefined) => (n === undefined ? '—' : String(n));
  return (
    <section aria-label={t.kpis.label}>
      <Grid data-testid="kpis">
        <StatCard>
          <dt>{t.kpis.organizations}</dt>
          <dd data-testid="kpi-organizations">{value(k?.organizations.total)}</dd>
          {k && (
            <small>
              {k.organizations.active} {t.kpis.active} · {k.organizations.suspended} {t.kpis.suspended}
            </small>
          )}
        </StatCard>
        <StatCard>
          <dt>{t.kpis.announcements}</dt>
          <dd data-testid="kpi-announcements">{value(k?.announcements.total)}</dd>
          {k && (
            <small>
              {k.announcements.lost} {t.kpis.lost} · {k.announcements.found} {t.kpis.found}
            </small>
          )}
        </StatCard>
        <StatCard>
          <dt>{t.kpis.requests}</dt>
          <dd data-testid="kpi-requests">{value(k?.requests.total)}</dd>
          {k && (
            <small>
              {k.requests.pending} {t.kpis.pending} · {k.requests.resolved} {t.kpis.resolved}
            </small>
          )}
        </StatCard>
        <StatCard>
          <dt>{t.overview.funnel}</dt>
          <dd data-testid="kpi-funnel">{k ? `${funnelRate(k)}%` : '—'}</dd>
          {k && <small>{t.overview.funnelHint(k.requests.resolved, k.requests.total)}</small>}
        </StatCard>
      </Grid>
      <Row $justify="space-between" style={{ marginTop: space(2) }}>
        <Muted style={{ fontSize: '0.75rem' }}>{t.kpis.refresh}</Muted>
        {updatedAt && <Muted style={{ fontSize: '0.75rem' }}>{t.kpis.updated(clock(updatedAt))}</Muted>}
      </Row>
    </section>
  );
}
