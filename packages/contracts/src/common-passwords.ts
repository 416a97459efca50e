import COMMON_PASSWORD_LIST from './common-passwords.json';
import { foldForSearch } from './text-folding';

/**
 * The passwords people pick most: the 10 000 most common of SecLists
 * (Passwords/Common-Credentials/10-million-password-list-top-10000.txt, MIT; see
 * common-passwords-notice.md), keeping the 3 309 of 8 or more characters (shorter ones fail the
 * length rule anyway), folded with `foldForSearch`. About 40 KB: only password-policy.ts imports
 * this module, lazily, so it stays out of the web's initial bundle.
 */
const COMMON_PASSWORDS = new Set<string>(COMMON_PASSWORD_LIST);

/**
 * Local words that the list (mostly English) lacks but people here pick, followed only by digits or
 * symbols ('baku1234', 'Azerbaycan2024!'). Folded like the password.
 */
const LOCAL_WORDS = [
  'baku',
  'baki',
  'azerbaijan',
  'azerbaycan',
  'azərbaycan',
  'qarabag',
  'qarabağ',
  'karabakh',
];
const LOCAL_WORD_PASSWORD = new RegExp(`^(?:${LOCAL_WORDS.join('|')})+[^\\p{L}]*$`, 'u');

/** Whether the password, case-folded, is one of the most common (or a local word and digits). */
export function isCommonPassword(password: string): boolean {
  const folded = foldForSearch(password);
  return COMMON_PASSWORDS.has(folded) || LOCAL_WORD_PASSWORD.test(folded);
}
