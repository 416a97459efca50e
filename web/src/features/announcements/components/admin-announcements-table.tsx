import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { Muted, Stack } from '../../../components/ui/layout';
import { TabState } from '../../../components/ui/tab-state';
import { inRange, type DateRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/dates';
import { formatAzn } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useAnnouncements } from '../api/get-announcements';
import { CATEGORY_LABELS } from '../labels';

const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);

/** Public announcements of the date range and category (the KPIs above count every one). */
export function AdminAnnouncementsTable({ range, category: filter }: { range: DateRange; category: string }) {
  const t = useT();
  const category = isCategory(filter) ? filter : undefined;
  const { data, error, isLoading, mutate } = useAnnouncements({ category });
  const rows = (data ?? []).filter(
    (a) => inRange(a.createdAt, range) && (filter === 'all' || a.category === filter),
  );
  return (
    <TabState isLoading={isLoading} error={error} retry={mutate}>
      <Stack $gap={3}>
        <Muted style={{ fontSize: '0.875rem' }}>
          {t('Siyahıda ictimai, aktiv elanlar göstərilir; cəmi göstəricilərdə arxivlənənlər də sayılır.')}
        </Muted>
        <DataTable
          testId="announcements-table"
          caption={t('Elanlar')}
          columns={[
            { key: 'title', label: t('Başlıq'), render: (a) => <strong>{a.title}</strong> },
            {
              key: 'type',
              label: t('Növ'),
              render: (a) => (
                <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>
                  {a.type === 'lost' ? t('İtirilib') : t('Tapılıb')}
                </Badge>
              ),
            },
            {
              key: 'category',
              label: t('Kateqoriya'),
              render: (a) => t(CATEGORY_LABELS[a.category]),
            },
            {
              key: 'location',
              label: t('Yer'),
              render: (a) => (a.roomNumber ? `${a.location} · ${a.roomNumber}` : a.location),
            },
            {
              key: 'reward',
              label: t('Mükafat'),
              render: (a) => (a.rewardAmount > 0 ? formatAzn(a.rewardAmount) : '—'),
            },
            { key: 'date', label: t('Tarix'), render: (a) => formatDateTime(a.createdAt) },
          ]}
          rows={rows}
          rowKey={(a) => a.id}
          empty={t('Seçilmiş filtrlərə uyğun məlumat yoxdur')}
        />
        <Muted style={{ fontSize: '0.875rem' }}>
          {t('{total} qeyddən {shown} göstərilir', { shown: rows.length, total: data?.length ?? 0 })}
        </Muted>
      </Stack>
    </TabState>
  );
}
