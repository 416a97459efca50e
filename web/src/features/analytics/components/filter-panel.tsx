import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { cardStyles } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { font, media, space } from '../../../components/ui/theme';
import { NOTIFICATION_STATUS_LABELS } from '@tapinti/contracts/notifications-api';
import { DATE_RANGE_LABELS, DATE_RANGES, DEFAULT_RANGE, type DateRange } from '../../../lib/date-range';
import { msg, useT } from '../../../lib/i18n';

export const REQUEST_STATUS_FILTER_LABELS = {
  all: msg('Hamısı'),
  pending: msg('Gözləmədə'),
  contacted: msg('Əlaqə saxlanıldı'),
  resolved: msg('Həll olunub'),
} as const;
export const REQUEST_STATUS_FILTERS = Object.keys(
  REQUEST_STATUS_FILTER_LABELS,
) as (keyof typeof REQUEST_STATUS_FILTER_LABELS)[];

export const NOTIFICATION_STATUS_FILTER_LABELS = {
  all: msg('Hamısı'),
  ...NOTIFICATION_STATUS_LABELS,
} as const;
/** Spec §2 order: all, sent, pending, failed. */
export const NOTIFICATION_STATUS_FILTERS = ['all', 'sent', 'pending', 'failed'] as const;

/** Spec §3: the analytics filters also list electronics (no announcement has that category). */
export const CATEGORY_FILTER_LABELS = {
  all: msg('Bütün kateqoriyalar'),
  phones: msg('Telefonlar'),
  bags: msg('Çantalar'),
  keys: msg('Açarlar'),
  documents: msg('Sənədlər'),
  electronics: msg('Elektronika'),
  other: msg('Digər'),
} as const;
export const CATEGORY_FILTERS = Object.keys(
  CATEGORY_FILTER_LABELS,
) as (keyof typeof CATEGORY_FILTER_LABELS)[];

export interface DashboardFilters {
  range: DateRange;
  status: keyof typeof REQUEST_STATUS_FILTER_LABELS;
  notificationStatus: (typeof NOTIFICATION_STATUS_FILTERS)[number];
  category: keyof typeof CATEGORY_FILTER_LABELS;
}

export const DEFAULT_FILTERS: DashboardFilters = {
  range: DEFAULT_RANGE,
  status: 'all',
  notificationStatus: 'all',
  category: 'all',
};

const Panel = styled.section`
  ${cardStyles}
  padding: ${space(4)};
  display: grid;
  gap: ${space(3)};
  grid-template-columns: minmax(0, 1fr);
  align-items: end;
  h2 {
    font-size: ${font.size.md};
  }
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    h2 {
      grid-column: 1 / -1;
    }
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr)) auto;
  }
`;

export interface FilterPanelProps {
  value: DashboardFilters;
  /** Only what changed (the reset: every filter). */
  onChange: (change: Partial<DashboardFilters>) => void;
}

/** Date range (30d by default), request status, notification status and category. */
export function FilterPanel({ value, onChange }: FilterPanelProps) {
  const t = useT();
  const set = <K extends keyof DashboardFilters>(key: K, next: DashboardFilters[K]) =>
    onChange({ [key]: next });
  return (
    <Panel aria-label={t('Filtrlər')}>
      <h2>{t('Filtrlər')}</h2>
      <Select
        label={t('Tarix aralığı')}
        options={DATE_RANGES.map((r) => ({ value: r, label: t(DATE_RANGE_LABELS[r]) }))}
        value={value.range}
        onChange={(e) => set('range', e.target.value as DateRange)}
      />
      <Select
        label={t('Sorğu statusu')}
        options={REQUEST_STATUS_FILTERS.map((s) => ({ value: s, label: t(REQUEST_STATUS_FILTER_LABELS[s]) }))}
        value={value.status}
        onChange={(e) => set('status', e.target.value as DashboardFilters['status'])}
      />
      <Select
        label={t('Bildiriş statusu')}
        options={NOTIFICATION_STATUS_FILTERS.map((s) => ({
          value: s,
          label: t(NOTIFICATION_STATUS_FILTER_LABELS[s]),
        }))}
        value={value.notificationStatus}
        onChange={(e) => set('notificationStatus', e.target.value as DashboardFilters['notificationStatus'])}
      />
      <Select
        label={t('Kateqoriya')}
        options={CATEGORY_FILTERS.map((c) => ({ value: c, label: t(CATEGORY_FILTER_LABELS[c]) }))}
        value={value.category}
        onChange={(e) => set('category', e.target.value as DashboardFilters['category'])}
      />
      <Button variant="ghost" onClick={() => onChange(DEFAULT_FILTERS)}>
        {t('Filtrləri sıfırla')}
      </Button>
    </Panel>
  );
}
