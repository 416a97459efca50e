import { StatCard } from '../../../components/ui/detail-list';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { Stack } from '../../../components/ui/layout';
import { TabState } from '../../../components/ui/tab-state';
import { SUBSCRIPTION_STATUS_LABELS } from '@tapinti/contracts/organizations-events';
import { formatDay } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useOrganizations } from '../api/organizations';
import { PlanControl } from './plan-control';

const azn = (n: number) => `${n.toFixed(2)} AZN`;

/** Each organisation's subscription (plan, status, end date, price) and the monthly revenue total. */
export function AdminSubscriptions() {
  const t = useT();
  const { data, error, isLoading, mutate } = useOrganizations();
  const rows = (data ?? []).filter((o) => o.subscription);
  const revenue = rows
    .filter((o) => o.subscription!.status !== 'expired')
    .reduce((sum, o) => sum + o.subscription!.monthlyPrice, 0);
  return (
    <TabState isLoading={isLoading} error={error} retry={mutate}>
      <Stack $gap={4}>
        <StatCard style={{ maxWidth: 360 }}>
          <span className="label">{t('Aylıq gəlir (cəmi)')}</span>
          <span className="value" data-testid="monthly-revenue">
            {azn(Math.round(revenue * 100) / 100)}
          </span>
          <small>{t('Bitməmiş (sınaq və aktiv) abunələrin aylıq qiymətlərinin cəmi')}</small>
        </StatCard>
        <DataTable
          testId="subscriptions-table"
          caption={t('Abunələr')}
          columns={[
            { key: 'org', label: t('Təşkilat'), render: (o) => <strong>{o.name}</strong> },
            {
              key: 'plan',
              label: t('Plan'),
              // The super admin changes it here (issue 25 point 8).
              render: (o) => (
                <PlanControl organizationId={o.id} organizationName={o.name} plan={o.subscription!.plan} />
              ),
            },
            {
              key: 'status',
              label: t('Status'),
              render: (o) => (
                <Badge
                  $tone={
                    o.subscription!.status === 'expired'
                      ? 'danger'
                      : o.subscription!.status === 'trial'
                        ? 'reward'
                        : 'success'
                  }
                >
                  {t(SUBSCRIPTION_STATUS_LABELS[o.subscription!.status])}
                </Badge>
              ),
            },
            { key: 'end', label: t('Bitmə tarixi'), render: (o) => formatDay(o.subscription!.endDate) },
            {
              key: 'price',
              label: t('Aylıq qiymət'),
              render: (o) => azn(o.subscription!.monthlyPrice),
            },
          ]}
          rows={rows}
          rowKey={(o) => o.id}
          empty={t('Seçilmiş filtrlərə uyğun məlumat yoxdur')}
        />
      </Stack>
    </TabState>
  );
}
