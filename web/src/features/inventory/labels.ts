import type { Category } from '@tapinti/contracts/announcements-api';
import type { DisposalWay, ItemState, StoragePlaceKind } from '@tapinti/contracts/inventory-events';
import { msg } from '../../lib/i18n';

/** The short title intake suggests for a category (staff may change it). */
export const SUGGESTED_TITLES: Record<Category, string> = {
  phones: msg('Mobil telefon'),
  bags: msg('Çanta'),
  keys: msg('Açar'),
  documents: msg('Sənəd'),
  other: msg('Tapılmış əşya'),
};

export const STORAGE_PLACE_KIND_LABELS: Record<StoragePlaceKind, string> = {
  shelf: msg('Rəf'),
  box: msg('Qutu'),
  safe: msg('Seyf'),
  other: msg('Digər'),
};

export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  stored: msg('Anbarda'),
  claimed: msg('Qəbul edildi: təhvil gözlənilir'),
  returned: msg('Sahibinə qaytarıldı'),
  disposed: msg('Çıxarılıb'),
};

export const DISPOSAL_WAY_LABELS: Record<DisposalWay, string> = {
  donated: msg('Bağışlandı'),
  destroyed: msg('Məhv edildi'),
  handed_to_police: msg('Polisə təhvil verildi'),
  handed_to_asan: msg('ASAN xidmətinə təhvil verildi'),
  transferred: msg('Başqa təşkilata verildi'),
};

export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

/** The prefix the forms show as an example (the spec's own, the same in every language). */
export const EXAMPLE_PREFIX = 'PBV';
