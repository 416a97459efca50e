import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { cardStyles } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { font, media, space } from '../../../components/ui/theme';
import { DATE_RANGES, DEFAULT_RANGE, type DateRange } from '../api/range';
import { useDashboardText } from '../i18n';

export const REQUEST_STATUS_FILTERS = ['all', 'pending', 'contacted', 'resolved'] as const;
export const NOTIFICATION_STATUS_FILTERS = ['all', 'sent', 'pending', 'failed'] as const;
/** Spec §3: the analytics filters also list electronics (no announcement has that category). */
export const CATEGORY_FILTERS = [
  'all',
  'phones',
  'bags',
  'keys',
  'documents',
  'electronics',
  'other',
] as const;

export interface DashboardFilters {
  range: DateRange;
  status: (typeof REQUEST_STATUS_FILTERS)[number];
  notificationStatus: (typeof NOTIFICATION_STATUS_FILTERS)[number];
  category: (typeof CATEGORY_FILTERS)[number];
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
  onChange: (value: DashboardFilters) => void;
}

/** Date range (30d by default), request status, notification status and category. */
export function FilterPanel({ value, onChange }: FilterPanelProps) {
  const t = useDashboardText();
  const set = <K extends keyof DashboardFilters>(key: K, next: DashboardFilters[K]) =>
    onChange({ ...value, [key]: next });
  return (
    <Panel aria-label={t.filters.title}>
      <h2>{t.filters.title}</h2>
      <Select
        label={t.filters.date}
        options={DATE_RANGES.map((r) => ({ value: r, label: t.filters.dates[r] }))}
        value={value.range}
        onChange={(e) => set('range', e.target.value as DateRange)}
      />
      <Select
        label={t.filters.status}
        options={REQUEST_STATUS_FILTERS.map((s) => ({ value: s, label: t.filters.statuses[s] }))}
        value={value.status}
        onChange={(e) => set('status', e.target.value as DashboardFilters['status'])}
      />
      <Select
        label={t.filters.notificationStatus}
        options={NOTIFICATION_STATUS_FILTERS.map((s) => ({
          value: s,
          label: t.filters.notificationStatuses[s],
        }))}
        value={value.notificationStatus}
        onChange={(e) => set('notificationStatus', e.target.value as DashboardFilters['notificationStatus'])}
      />
      <Select
        label={t.filters.category}
        options={CATEGORY_FILTERS.map((c) => ({ value: c, label: t.filters.categories[c] }))}
        value={value.category}
        onChange={(e) => set('category', e.target.value as DashboardFilters['category'])}
      />
      <Button variant="ghost" onClick={() => onChange(DEFAULT_FILTERS)}>
        {t.filters.reset}
      </Button>
    </Panel>
  );
}
