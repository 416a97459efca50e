import { StatCard } from '../../../components/ui/detail-list';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { Stack } from '../../../components/ui/layout';
import { useDashboardText } from '../../../features/analytics/i18n';
import { useOrganizations } from '../../../features/organizations/api/organizations';
import { formatDay } from '../../../lib/dates';
import { TabState } from './tab-state';

const azn = (n: number) => `${n.toFixed(2)} AZN`;

/** Each organisation's subscription (plan, status, end date, price) and the monthly revenue total. */
export function SubscriptionsTab() {
  const t = useDashboardText();
  const { data, error, isLoading, mutate } = useOrganizations();
  const rows = (data ?? []).filter((o) => o.subscription);
  const revenue = rows
    .filter((o) => o.subscription!.status !== 'expired')
    .reduce((sum, o) => sum + o.subscription!.monthlyPrice, 0);
  return (
    <TabState isLoading={isLoading} error={error} retry={mutate}>
      <Stack $gap={4}>
        <StatCard style={{ maxWidth: 360 }}>
          <span className="label">{t.subscriptions.revenue}</span>
          <span className="value" data-testid="monthly-revenue">
            {azn(Math.round(revenue * 100) / 100)}
          </span>
          <small>{t.subscriptions.revenueHint}</small>
        </StatCard>
        <DataTable
          testId="subscriptions-table"
          caption={t.tabs.subscriptions}
          columns={[
            { key: 'org', label: t.subscriptions.organization, render: (o) => <strong>{o.name}</strong> },
            {
              key: 'plan',
              label: t.subscriptions.plan,
              render: (o) => t.subscriptions.plans[o.subscription!.plan],
            },
            {
              key: 'status',
              label: t.subscriptions.status,
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
                  {t.subscriptions.statuses[o.subscription!.status]}
                </Badge>
              ),
            },
            { key: 'end', label: t.subscriptions.endDate, render: (o) => formatDay(o.subscription!.endDate) },
            {
              key: 'price',
              label: t.subscriptions.monthlyPrice,
              render: (o) => azn(o.subscription!.monthlyPrice),
            },
          ]}
          rows={rows}
          rowKey={(o) => o.id}
          empty={t.common.empty}
        />
      </Stack>
    </TabState>
  );
}
