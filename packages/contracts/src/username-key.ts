import unhomoglyph from 'unhomoglyph';
import { foldForSearch } from './text-folding';

/**
 * The UTS #39 skeleton: NFD, every character replaced by its prototype from Unicode's
 * confusables.txt (unhomoglyph's table), NFD again. Two texts a reader could take for each other
 * ('о' Cyrillic and 'o' Latin, '0' and 'O', 'rn' and 'm') have the same skeleton. Not for showing.
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * What usernames are unique by: Azerbaijani case folding with ı and i as one letter ('ROOTADMIN',
 * 'rootadmın' and 'rootadmin' meet), then the skeleton ('rооtadmin' with Cyrillic о, 'r00tadmin'),
 * repeated until it settles (a prototype can be a capital letter, which folds again).
 */
export function usernameKey(username: string): string {
  let key = foldForSearch(username.trim());
  for (let round = 0; round < 4; round++) {
    const next = foldForSearch(skeleton(key));
    if (next === key) break;
    key = next;
  }
  return key;
}

/** Names that would pass for the platform's staff (with their look-alikes), reserved. */
const STAFF_NAMES = ['admin', 'administrator', 'tapinti', 'tapıntı', 'moderator', 'support'];
const STAFF_KEYS = [...new Set(STAFF_NAMES.map(usernameKey))];
// 'ad.min', 'tap-inti', 'sup_port' imitate staff as well.
const SEPARATORS = /[._-]/g;

/**
 * Whether a username imitates staff: its key, separators left out, contains a staff name's key
 * ('Admin', 'ADMİN', 'аdmin' in Cyrillic, 'super_admin', 'Tapıntı-Support'). Only names people
 * choose are checked; the configured super admin is seeded whatever its name.
 */
export function isReservedUsername(username: string): boolean {
  const key = usernameKey(username).replace(SEPARATORS, '');
  return STAFF_KEYS.some((staff) => key.includes(staff));
}
