import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { Muted, Stack } from '../../../components/ui/layout';
import { inRange } from '../../../features/analytics/api/range';
import type { DashboardFilters } from '../../../features/analytics/components/filter-panel';
import { useDashboardText } from '../../../features/analytics/i18n';
import { useOrganizations } from '../../../features/organizations/api/organizations';
import { formatDay, formatDateTime } from '../../../lib/dates';
import { TabState } from './tab-state';

/** Organisations created in the date range, with their state and subscription. */
export function OrganizationsTab({ filters }: { filters: DashboardFilters }) {
  const t = useDashboardText();
  const { data, error, isLoading, mutate } = useOrganizations();
  const rows = (data ?? []).filter((o) => inRange(o.createdAt, filters.range));
  return (
    <TabState isLoading={isLoading} error={error} retry={mutate}>
      <Stack $gap={3}>
        <DataTable
          testId="organizations-table"
          caption={t.tabs.organizations}
          columns={[
            { key: 'name', label: t.organizations.name, render: (o) => <strong>{o.name}</strong> },
            { key: 'type', label: t.organizations.type, render: (o) => t.organizationTypes[o.type] },
            {
              key: 'state',
              label: t.organizations.state,
              render: (o) => (
                <Badge $tone={o.isActive ? 'success' : 'danger'}>
                  {o.isActive ? t.organizations.active : t.organizations.suspended}
                </Badge>
              ),
            },
            {
              key: 'subscription',
              label: t.organizations.subscription,
              render: (o) =>
                o.subscription
                  ? `${t.subscriptions.plans[o.subscription.plan]} · ${t.subscriptions.statuses[o.subscription.status]} · ${formatDay(o.subscription.endDate)}`
                  : t.organizations.noSubscription,
            },
            { key: 'admins', label: t.organizations.admins, render: (o) => o.adminCount },
            { key: 'created', label: t.organizations.created, render: (o) => formatDateTime(o.createdAt) },
          ]}
          rows={rows}
          rowKey={(o) => o.id}
          empty={t.common.empty}
        />
        <Muted style={{ fontSize: '0.875rem' }}>{t.common.showing(rows.length, data?.length ?? 0)}</Muted>
      </Stack>
    </TabState>
  );
}
