import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { Muted, Stack } from '../../../components/ui/layout';
import { useAnnouncements } from '../../../features/announcements/api/get-announcements';
import { inRange } from '../../../features/analytics/api/range';
import type { DashboardFilters } from '../../../features/analytics/components/filter-panel';
import { useDashboardText } from '../../../features/analytics/i18n';
import { formatDateTime } from '../../../lib/dates';
import { formatAzn } from '../../../lib/format';
import { TabState } from './tab-state';

const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);

/** Public announcements of the date range and category (the KPIs above count every one). */
export function AnnouncementsTab({ filters }: { filters: DashboardFilters }) {
  const t = useDashboardText();
  const category = isCategory(filters.category) ? filters.category : undefined;
  const { data, error, isLoading, mutate } = useAnnouncements({ category });
  const rows = (data ?? []).filter(
    (a) =>
      inRange(a.createdAt, filters.range) && (filters.category === 'all' || a.category === filters.category),
  );
  return (
    <TabState isLoading={isLoading} error={error} retry={mutate}>
      <Stack $gap={3}>
        <Muted style={{ fontSize: '0.875rem' }}>{t.announcements.publicOnly}</Muted>
        <DataTable
          testId="announcements-table"
          caption={t.tabs.announcements}
          columns={[
            { key: 'title', label: t.announcements.title, render: (a) => <strong>{a.title}</strong> },
            {
              key: 'type',
              label: t.announcements.type,
              render: (a) => (
                <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>
                  {a.type === 'lost' ? t.announcements.lost : t.announcements.found}
                </Badge>
              ),
            },
            {
              key: 'category',
              label: t.announcements.category,
              render: (a) => t.filters.categories[a.category],
            },
            {
              key: 'location',
              label: t.announcements.location,
              render: (a) => (a.roomNumber ? `${a.location} · ${a.roomNumber}` : a.location),
            },
            {
              key: 'reward',
              label: t.announcements.reward,
              render: (a) => (a.rewardAmount > 0 ? formatAzn(a.rewardAmount) : '—'),
            },
            { key: 'date', label: t.announcements.date, render: (a) => formatDateTime(a.createdAt) },
          ]}
          rows={rows}
          rowKey={(a) => a.id}
          empty={t.common.empty}
        />
        <Muted style={{ fontSize: '0.875rem' }}>{t.common.showing(rows.length, data?.length ?? 0)}</Muted>
      </Stack>
    </TabState>
  );
}
