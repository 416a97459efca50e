import {
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
} from '@tapinti/contracts/organizations-events';
import { StatCard, StatGrid } from '../../../components/ui/detail-list';
import { Muted, SectionTitle, Stack } from '../../../components/ui/layout';
import { useT } from '../../../lib/i18n';
import { useInventoryUsage, useOrganizationPlan } from '../api/plans';

/**
 * The organisation's plan and what it has used (issue 25 point 8), in /org-admin: staff seats
 * (members and open invitations), items logged this Baku month, storage places, and whether labels
 * and reports are included. A limit the plan does not have reads "limitsiz".
 */
export function PlanUsage({ organizationId }: { organizationId: string }) {
  const t = useT();
  const plan = useOrganizationPlan(organizationId);
  const usage = useInventoryUsage(organizationId);
  if (!plan.data) return null;
  const { limits } = plan.data;
  const of = (used: number | undefined, limit: number | null) =>
    `${used ?? '—'} / ${limit === null ? t('limitsiz') : limit}`;
  const full = (used: number | undefined, limit: number | null) =>
    limit !== null && used !== undefined && used >= limit;
  const figures = [
    {
      id: 'seats',
      label: t('Heyət yerləri'),
      value: of(plan.data.seats.used, limits.staffSeats),
      note: t('Üzvlər və açıq dəvətlər'),
      full: full(plan.data.seats.used, limits.staffSeats),
    },
    {
      id: 'items',
      label: t('Bu ay qeydə alınan əşyalar'),
      value: of(usage.data?.itemsThisMonth, limits.itemsPerMonth),
      note: usage.data ? usage.data.month : '',
      full: full(usage.data?.itemsThisMonth, limits.itemsPerMonth),
    },
    {
      id: 'places',
      label: t('Saxlama yerləri'),
      value: of(usage.data?.storagePlaces, limits.storagePlaces),
      note: '',
      full: full(usage.data?.storagePlaces, limits.storagePlaces),
    },
  ];
  const included = (yes: boolean) => (yes ? t('daxildir') : t('Pro planından'));
  return (
    <section aria-labelledby="plan-usage-title" data-testid="plan-usage">
      <Stack $gap={3}>
        <SectionTitle id="plan-usage-title">
          {t('Plan və istifadə')}: {SUBSCRIPTION_PLAN_LABELS[plan.data.plan]}
        </SectionTitle>
        <Muted>
          {t(SUBSCRIPTION_STATUS_LABELS[plan.data.status])} · {t('Etiketlər')}: {included(limits.labels)} ·{' '}
          {t('Hesabatlar')}: {included(limits.reports)}
        </Muted>
        <StatGrid $columns={3} aria-label={t('Planın limitləri')}>
          {figures.map((f) => (
            <StatCard key={f.id} data-testid={`plan-${f.id}`}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
              {f.full && (
                <dd className="note">
                  {t('Limit dolub: daha yüksək plan üçün super adminlə əlaqə saxlayın')}
                </dd>
              )}
              {!f.full && f.note && <dd className="note">{f.note}</dd>}
            </StatCard>
          ))}
        </StatGrid>
      </Stack>
    </section>
  );
}
