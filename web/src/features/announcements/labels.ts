import type { AnnouncementType, Category, CloseOutcome } from '@tapinti/contracts/announcements-api';

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

/** A closed announcement's badge in 'my announcements', by why it was closed. */
export const CLOSE_OUTCOME_LABELS: Record<CloseOutcome, string> = {
  returned: 'Sahibinə qaytarıldı',
  no_longer_needed: 'Bağlanıb',
};

/**
 * From this score a match is 'Çox oxşar': the matching engine's MATCH_NOTIFICATION_THRESHOLD, from
 * which both authors are told of it (a web test holds the two equal; the engine is not bundled).
 */
export const STRONG_MATCH_SCORE = 0.7;

/** A match's score (0..1) in words. */
export const matchScoreLabel = (score: number) => (score >= STRONG_MATCH_SCORE ? 'Çox oxşar' : 'Oxşar');
