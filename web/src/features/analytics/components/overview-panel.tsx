import styled from 'styled-components';
import { StatCard } from '../../../components/ui/detail-list';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { Muted, Stack } from '../../../components/ui/layout';
import { media, space } from '../../../components/ui/theme';
import { funnelRate, useKpis } from '../api/kpis';
import type { DateRange } from '../../../lib/date-range';
import { useT } from '../../../lib/i18n';

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

/** The real figures shown beside the spec's fixed ones (undefined while loading). */
export interface LiveCounts {
  applications?: number;
  moderation?: number;
  complaints?: number;
}

/**
 * Overview: the funnel rate of the date range, and the spec's fixed weekly figures, each with the
 * real count of today beside it ('İndi: …') so a fixed '8' never poses as the moderation queue.
 */
export function OverviewPanel({ range, live }: { range: DateRange; live: LiveCounts }) {
  const t = useT();
  const { data } = useKpis(range);
  const rate = data ? funnelRate(data) : 0;
  const counts = [
    { label: t('Yeni təşkilat müraciəti'), now: live.applications, id: 'applications' },
    { label: t('Moderasiya gözləyən elan'), now: live.moderation, id: 'moderation' },
    { label: t('Açıq şikayət'), now: live.complaints, id: 'complaints' },
  ];
  const percents = [t('Cavablanma dərəcəsi'), t('Sahibinə çatdırılma'), t('İstifadəçi məmnuniyyəti')];
  return (
    <Stack $gap={4}>
      <StatCard>
        <span className="label">{t('Qaytarılma dərəcəsi')}</span>
        <span className="value" data-testid="funnel-rate">
          {rate}%
        </span>
        <ProgressBar
          value={rate}
          label={
            data
              ? t('{total} sorğudan {resolved}-i həll olunub', {
                  resolved: data.requests.resolved,
                  total: data.requests.total,
                })
              : ''
          }
        />
      </StatCard>
      <Columns>
        <StatCard as="section" aria-label={t('Bu həftə')}>
          <span className="label">{t('Bu həftə')}</span>
          <Muted style={{ fontSize: '0.75rem' }}>
            {t('Həftəlik göstəricilər sabit hesabat rəqəmləridir.')}
          </Muted>
          <Figures>
            {OVERVIEW_COUNTS.map((n, i) => (
              <div key={i}>
                <dd style={{ margin: 0 }}>{n}</dd>
                <dt style={{ fontSize: '0.75rem' }}>{counts[i]!.label}</dt>
                <dd style={{ margin: 0, fontSize: '0.75rem' }} data-testid={`live-${counts[i]!.id}`}>
                  {t('İndi: {count}', { count: counts[i]!.now ?? '…' })}
                </dd>
              </div>
            ))}
          </Figures>
        </StatCard>
        <StatCard as="section" aria-label={t('Keyfiyyət göstəriciləri')}>
          <span className="label">{t('Keyfiyyət göstəriciləri')}</span>
          <Muted style={{ fontSize: '0.75rem' }}>
            {t('Həftəlik göstəricilər sabit hesabat rəqəmləridir.')}
          </Muted>
          <Stack $gap={3}>
            {OVERVIEW_PERCENTS.map((p, i) => (
              <ProgressBar key={i} value={p} label={percents[i]!} />
            ))}
          </Stack>
        </StatCard>
      </Columns>
    </Stack>
  );
}
