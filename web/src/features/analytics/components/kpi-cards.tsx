import { useEffect, useState } from 'react';
import type { Kpis } from '@tapinti/contracts/analytics-api';
import { Button } from '../../../components/ui/button';
import { StatCard, StatGrid } from '../../../components/ui/detail-list';
import { Alert, Muted, Row } from '../../../components/ui/layout';
import { space } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { funnelRate, useKpis } from '../api/kpis';
import type { DateRange } from '../../../lib/date-range';
import { useT } from '../../../lib/i18n';

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The KPI cards of GET /api/analytics/kpis, refreshed every 30 s (the only timer of the app). */
export function KpiCards({ range }: { range: DateRange }) {
  const t = useT();
  const { data, error, mutate } = useKpis(range);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  useEffect(() => {
    if (data) setUpdatedAt(new Date());
  }, [data]);

  if (error && !data)
    return (
      <Alert>
        <strong>{errorMessage(error, t('Məlumatı yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  const k: Kpis | undefined = data;
  const value = (n: number | undefined) => (n === undefined ? '—' : String(n));
  return (
    <section aria-label={t('Əsas göstəricilər')}>
      <StatGrid $columns={4} data-testid="kpis">
        <StatCard>
          <dt>{t('Təşkilatlar')}</dt>
          <dd data-testid="kpi-organizations">{value(k?.organizations.total)}</dd>
          {k && (
            <dd className="note">
              {k.organizations.active} {t('aktiv')} · {k.organizations.suspended} {t('dayandırılıb')}
            </dd>
          )}
        </StatCard>
        <StatCard>
          <dt>{t('Elanlar')}</dt>
          <dd data-testid="kpi-announcements">{value(k?.announcements.total)}</dd>
          {k && (
            <dd className="note">
              {k.announcements.lost} {t('itirilib')} · {k.announcements.found} {t('tapılıb')}
            </dd>
          )}
        </StatCard>
        <StatCard>
          <dt>{t('Sorğular')}</dt>
          <dd data-testid="kpi-requests">{value(k?.requests.total)}</dd>
          {k && (
            <dd className="note">
              {k.requests.pending} {t('gözləyir')} · {k.requests.resolved} {t('həll olunub')}
            </dd>
          )}
        </StatCard>
        <StatCard>
          <dt>{t('Qaytarılma dərəcəsi')}</dt>
          <dd data-testid="kpi-funnel">{k ? `${funnelRate(k)}%` : '—'}</dd>
          {k && (
            <dd className="note">
              {t('{total} sorğudan {resolved}-i həll olunub', {
                resolved: k.requests.resolved,
                total: k.requests.total,
              })}
            </dd>
          )}
        </StatCard>
      </StatGrid>
      <Row $justify="space-between" style={{ marginTop: space(2) }}>
        <Muted style={{ fontSize: '0.75rem' }}>{t('Hər 30 saniyədən bir yenilənir')}</Muted>
        {updatedAt && (
          <Muted style={{ fontSize: '0.75rem' }}>
            {t('Son yenilənmə: {time}', { time: clock(updatedAt) })}
          </Muted>
        )}
      </Row>
    </section>
  );
}
