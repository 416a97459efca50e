import type { AnnouncementType, Category, CloseOutcome } from '@tapinti/contracts/announcements-api';
import { msg } from '../../lib/i18n';

export const CATEGORY_LABELS: Record<Category, string> = {
  phones: msg('Telefonlar'),
  bags: msg('Çantalar'),
  keys: msg('Açarlar'),
  documents: msg('Sənədlər'),
  other: msg('Digər'),
};

export const CATEGORY_OPTIONS = (Object.keys(CATEGORY_LABELS) as Category[]).map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));

/** Filters also offer 'all' (a filter value only, spec §3). */
export const CATEGORY_FILTER_OPTIONS = [
  { value: 'all', label: msg('Bütün kateqoriyalar') },
  ...CATEGORY_OPTIONS,
];

export const TYPE_LABELS: Record<AnnouncementType, string> = {
  lost: msg('İtirilib'),
  found: msg('Tapılıb'),
};

export const TYPE_OPTIONS = [
  { value: 'lost', label: msg('İtirilmiş əşya') },
  { value: 'found', label: msg('Tapılmış əşya') },
];

/** A closed announcement's badge in 'my announcements', by why it was closed. */
export const CLOSE_OUTCOME_LABELS: Record<CloseOutcome, string> = {
  returned: msg('Sahibinə qaytarıldı'),
  no_longer_needed: msg('Bağlanıb'),
};

/**
 * From this score a match is 'Çox oxşar': the matching engine's MATCH_NOTIFICATION_THRESHOLD, from
 * which both authors are told of it (a web test holds the two equal; the engine is not bundled).
 */
export const STRONG_MATCH_SCORE = 0.7;

/** A match's score (0..1) in words. */
export const matchScoreLabel = (score: number) =>
  score >= STRONG_MATCH_SCORE ? msg('Çox oxşar') : msg('Oxşar');
