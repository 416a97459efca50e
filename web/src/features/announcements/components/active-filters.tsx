import type { Category } from '@tapinti/contracts/announcements-api';
import styled from 'styled-components';
import { color, font, radius, space } from '../../../components/ui/theme';
import { useT } from '../../../lib/i18n';
import { formatDay } from '@tapinti/contracts/baku-calendar';
import { CATEGORY_LABELS } from '../labels';
import { POSTED_OPTIONS } from './list-filters';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  margin-bottom: ${space(4)};
`;

const Chip = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  min-height: 36px;
  padding: ${space(1)} ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.pill};
  background: ${color.primarySoft};
  color: ${color.primaryHover};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.medium};
  cursor: pointer;
  &:hover {
    border-color: ${color.borderStrong};
  }
`;

const ClearAll = styled.button`
  min-height: 36px;
  padding: ${space(1)} ${space(2)};
  border: 0;
  background: none;
  color: ${color.primary};
  font-size: ${font.size.sm};
  text-decoration: underline;
  cursor: pointer;
`;

export type FilterKey = 'q' | 'category' | 'rewards' | 'place' | 'posted' | 'from' | 'to';

export interface ActiveFiltersProps {
  search: string;
  /** 'all' when no category is chosen. */
  category: string;
  rewardsOnly: boolean;
  /** The place filter's name in the shown language ('' for none). */
  placeName?: string;
  posted?: string;
  from?: string;
  to?: string;
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}

/** Every filter the list is narrowed by, each with its ✕, so none filters unseen. */
export function ActiveFilters({
  search,
  category,
  rewardsOnly,
  placeName,
  posted,
  from,
  to,
  onRemove,
  onClear,
}: ActiveFiltersProps) {
  const t = useT();
  const chips: { key: FilterKey; text: string }[] = [];
  if (search) chips.push({ key: 'q', text: t('Axtarış: {text}', { text: search }) });
  if (category !== 'all') {
    const label = CATEGORY_LABELS[category as Category];
    chips.push({ key: 'category', text: t('Kateqoriya: {name}', { name: label ? t(label) : category }) });
  }
  if (rewardsOnly) chips.push({ key: 'rewards', text: t('Yalnız mükafatlı elanlar') });
  if (placeName) chips.push({ key: 'place', text: t('Məkan: {name}', { name: placeName }) });
  const postedLabel = POSTED_OPTIONS.find((o) => o.value === posted)?.label;
  if (posted && postedLabel) chips.push({ key: 'posted', text: t(postedLabel) });
  if (from) chips.push({ key: 'from', text: t('Bu tarixdən: {day}', { day: formatDay(from) }) });
  if (to) chips.push({ key: 'to', text: t('Bu tarixədək: {day}', { day: formatDay(to) }) });
  if (chips.length === 0) return null;
  return (
    <List aria-label={t('Aktiv filtrlər')} data-testid="active-filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip
            type="button"
            onClick={() => onRemove(chip.key)}
            aria-label={t('Filtri sil: {name}', { name: chip.text })}
          >
            {chip.text} <span aria-hidden="true">✕</span>
          </Chip>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <ClearAll type="button" onClick={onClear}>
            {t('Filtrləri təmizlə')}
          </ClearAll>
        </li>
      )}
    </List>
  );
}
