import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Muted, Stack } from '../../../components/ui/layout';
import {
  ORGANIZATION_TYPE_LABELS,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
} from '@tapinti/contracts/organizations-events';
import { TabState } from '../../../components/ui/tab-state';
import { inRange, type DateRange } from '../../../lib/date-range';
import { formatDay, formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useOrganizations } from '../api/organizations';

/** Organisations created in the date range, with their state and subscription. */
export function AdminOrganizationsTable({
  range,
  only,
  onShowAll,
}: {
  range: DateRange;
  /** One organisation (a search result's link): shown whatever the range. */
  only?: string;
  onShowAll: () => void;
}) {
  const t = useT();
  const { data, error, isLoading, mutate } = useOrganizations();
  const rows = (data ?? []).filter((o) => (only ? o.id === only : inRange(o.createdAt, range)));
  return (
    <TabState isLoading={isLoading} error={error} retry={mutate}>
      <Stack $gap={3}>
        <DataTable
          testId="organizations-table"
          caption={t('Təşkilatlar')}
          columns={[
            { key: 'name', label: t('Təşkilat'), render: (o) => <strong>{o.name}</strong> },
            { key: 'type', label: t('Növ'), render: (o) => t(ORGANIZATION_TYPE_LABELS[o.type]) },
            {
              key: 'state',
              label: t('Vəziyyət'),
              render: (o) => (
                <Badge $tone={o.isActive ? 'success' : 'danger'}>
                  {o.isActive ? t('Aktiv') : t('Deaktiv')}
                </Badge>
              ),
            },
            {
              key: 'subscription',
              label: t('Abunə'),
              render: (o) =>
                o.subscription
                  ? `${SUBSCRIPTION_PLAN_LABELS[o.subscription.plan]} · ${t(SUBSCRIPTION_STATUS_LABELS[o.subscription.status])} · ${formatDay(o.subscription.endDate)}`
                  : t('Abunə yoxdur'),
            },
            { key: 'admins', label: t('Adminlər'), render: (o) => o.adminCount },
            { key: 'created', label: t('Yaradılıb'), render: (o) => formatDateTime(o.createdAt) },
          ]}
          rows={rows}
          rowKey={(o) => o.id}
          empty={t('Seçilmiş filtrlərə uyğun məlumat yoxdur')}
        />
        {only && (
          <div>
            <Button variant="outline" size="sm" onClick={onShowAll}>
              {t('Bütün təşkilatları göstər')}
            </Button>
          </div>
        )}
        <Muted style={{ fontSize: '0.875rem' }}>
          {t('{total} qeyddən {shown} göstərilir', { shown: rows.length, total: data?.length ?? 0 })}
        </Muted>
      </Stack>
    </TabState>
  );
}
