import type { AnnouncementType, Category } from '@tapinti/contracts/announcements-api';

export const CATEGORY_LABELS: Record<Category, string> = {
  phones: 'Telefonlar',
  bags: 'Çantalar',
  keys: 'Açarlar',
  documents: 'Sənədlər',
  other: 'Digər',
};

export const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABELS) as Category[]).map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** Filters also offer 'all' (a filter value only, spec §3). */
export const CATEGORY_FILTER_OPTIONS = [{ value: 'all', label: 'Bütün kateqoriyalar' }, ...CATEGORY_OPTIONS];

export const TYPE_LABELS: Record<AnnouncementType, string> = {
  lost: 'İtirilib',
  found: 'Tapılıb',
};

export const TYPE_OPTIONS = [
  { value: 'lost', label: 'İtirilmiş əşya' },
  { value: 'found', label: 'Tapılmış əşya' },
];
