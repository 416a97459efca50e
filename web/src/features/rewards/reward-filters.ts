import { foldForSearch } from '@tapinti/contracts/text-folding';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { msg } from '../../lib/i18n';

export const REWARD_SORTS = ['reward-highest', 'reward-lowest', 'newest', 'oldest'] as const;
export type RewardSort = (typeof REWARD_SORTS)[number];

export const SORT_OPTIONS: { value: RewardSort; label: string }[] = [
  { value: 'reward-highest', label: msg('Ən yüksək mükafat') },
  { value: 'reward-lowest', label: msg('Ən aşağı mükafat') },
  { value: 'newest', label: msg('Ən yeni') },
  { value: 'oldest', label: msg('Ən köhnə') },
];

export interface RewardFilters {
  keyword: string;
  category: string;
  sort: RewardSort;
}

/** What "clear filters" resets to (spec §2). */
export const DEFAULT_REWARD_FILTERS: RewardFilters = { keyword: '', category: 'all', sort: 'reward-highest' };

export const withReward = (list: readonly PublicAnnouncement[]) => list.filter((a) => a.rewardAmount > 0);

/** Case-insensitive under Azerbaijani casing rules (I/ı, İ/i), the same folding as the server's search. */
function includesText(haystack: string, needle: string): boolean {
  return foldForSearch(haystack).includes(foldForSearch(needle));
}

export function isFilterActive(filters: RewardFilters): boolean {
  return filters.keyword.trim() !== '' || filters.category !== 'all';
}

export function filterRewards(
  list: readonly PublicAnnouncement[],
  filters: RewardFilters,
): PublicAnnouncement[] {
  const keyword = filters.keyword.trim();
  const time = (a: PublicAnnouncement) => new Date(a.createdAt).getTime() || 0;
  return withReward(list)
    .filter((a) => filters.category === 'all' || a.category === filters.category)
    .filter(
      (a) => !keyword || [a.title, a.description, a.location].some((field) => includesText(field, keyword)),
    )
    .sort((a, b) => {
      switch (filters.sort) {
        case 'reward-lowest':
          return a.rewardAmount - b.rewardAmount;
        case 'newest':
          return time(b) - time(a);
        case 'oldest':
          return time(a) - time(b);
        default:
          return b.rewardAmount - a.rewardAmount;
      }
    });
}
