import { normalizeText, normalizeWords } from './normalize';
import type { TextWarning } from '@tapinti/contracts/text-warnings';

/**
 * Signs of a scam in free text: asking for money up front, a card number, a link, a phone
 * number. Each reads the text after `normalizeText`/`normalizeWords`, so look-alike letters,
 * invisible characters, full-width digits and broken-up words do not hide them. Pure; used by
 * the announcements' risk rules and by `warnings` for claim messages.
 */

/**
 * Asking for money before the item is returned, in Azerbaijani, Russian and English, as a
 * word start: 'pul göndər' matches 'pul göndərin'. Written once in the usual spelling; each is
 * normalised like the text (ASCII-folded, look-alikes Latin), so 'pul gonder' needs no entry.
 */
export const MONEY_REQUEST_PHRASES: readonly string[] = [
  // Azerbaijani
  'pul göndər',
  'pulu göndər',
  'pul köçür',
  'pulu köçür',
  'pul atın',
  'pulu atın',
  'kartıma',
  'karta köçür',
  'karta göndər',
  'hesabıma',
  'əvvəlcədən ödə',
  'əvvəlcədən köçür',
  'əvvəlcədən göndər',
  'əvvəlcədən pul',
  'əvvəlcə ödə',
  'əvvəlcə köçür',
  'qabaqcadan ödə',
  'qabaqcadan köçür',
  'qabaqcadan göndər',
  'qabaqcadan pul',
  'öncədən ödə',
  'öncə ödə',
  'ilkin ödəniş',
  'beh göndər',
  'beh köçür',
  // Russian
  'сначала оплат',
  'сначала переве',
  'сначала отправ',
  'сначала скин',
  'сначала пришл',
  'сначала деньги',
  'заранее оплат',
  'заранее переве',
  'оплатите заранее',
  'предоплат',
  'переведите деньги',
  'переведите на карт',
  'отправьте деньги',
  'скиньте деньги',
  'скиньте на карт',
  'на мою карт',
  'мне на карт',
  // English
  'pay first',
  'pay me first',
  'pay upfront',
  'pay up front',
  'pay in advance',
  'payment first',
  'payment in advance',
  'advance payment',
  'prepayment',
  'send money',
  'send the money',
  'send me money',
  'send payment',
  'transfer money',
  'transfer the money',
  'wire money',
  'wire the money',
  'to my card',
  'deposit first',
];
const MONEY_REQUEST_KEYS = MONEY_REQUEST_PHRASES.map((phrase) => ` ${normalizeWords(phrase)}`);

export function hasMoneyRequest(text: string): boolean {
  const words = ` ${normalizeWords(text)}`;
  return MONEY_REQUEST_KEYS.some((key) => words.includes(key));
}

/** Host endings that make 'name.xx' a link (with a scheme or `www.` any host is one); an e-mail address is not one. */
export const LINK_TOP_LEVEL_DOMAINS: readonly string[] = [
  'az',
  'com',
  'net',
  'org',
  'ru',
  'info',
  'me',
  'io',
  'ly',
  'link',
  'site',
  'xyz',
  'online',
  'shop',
  'top',
  'click',
  'app',
  'pro',
  'biz',
  'co',
  'cc',
  'tk',
  'su',
];
/** Dots written so they do not look like links: 'evil-pay[.]az', 'evil-pay (dot) az', 'nöqtə', 'точка'. */
const DOT_WORDS = ['dot', 'nöqtə', 'точка'].map(normalizeText).join('|');
const DISGUISED_DOT = new RegExp(
  `\\s*(?:[[({]\\s*(?:\\.|${DOT_WORDS})\\s*[\\])}]|\\s(?:${DOT_WORDS})\\s)\\s*`,
  'gu',
);
const LINK = new RegExp(
  `(https?:/|www\\.|\\b(?:t|wa)\\.me/|(?<![@a-z0-9.-])[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.(?:${LINK_TOP_LEVEL_DOMAINS.join('|')})(?![a-z0-9]))`,
);

export function hasLink(text: string): boolean {
  return LINK.test(normalizeText(text).replace(DISGUISED_DOT, '.'));
}

/** Digits of a phone number with what people type between them: spaces, dashes, dots, brackets, a leading +. */
const PHONE_RUN = /\+?\(?\d[\d\s\-().]*\d/g;
/** Digits of a card number with any separator between them, slashes and commas too ('4111/1111/…'). */
const CARD_RUN = /\d[\d\s\-–—().,/\\|_*]*\d/g;
const digitRuns = (text: string, run: RegExp) =>
  (normalizeText(text).match(run) ?? []).map((digits) => digits.replace(/\D/g, ''));

/** A phone number: at least this many digits in one run ('050 123 45 67' has 10). */
export const PHONE_MIN_DIGITS = 7;
/** A card number: 13–19 digits that pass the Luhn check. */
export const CARD_DIGITS = { min: 13, max: 19 } as const;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
const isCardNumber = (digits: string) =>
  digits.length >= CARD_DIGITS.min && digits.length <= CARD_DIGITS.max && passesLuhn(digits);

/** Four groups of four digits with at most three words between groups: '4111 1111 sonra 1111 1111'. */
const GROUPS_OF_FOUR = /(?<!\d)\d{4}(?:(?:[^\d\p{L}]+[\p{L}]+){0,3}[^\d\p{L}]+\d{4}(?!\d)){3}/gu;

export function hasCardNumber(text: string): boolean {
  if (digitRuns(text, CARD_RUN).some(isCardNumber)) return true;
  const groups = normalizeText(text).match(GROUPS_OF_FOUR) ?? [];
  return groups.some((match) => isCardNumber((match.match(/\d{4}/g) ?? []).join('')));
}

export function hasPhoneNumber(text: string): boolean {
  return digitRuns(text, PHONE_RUN).some(
    (digits) => digits.length >= PHONE_MIN_DIGITS && !isCardNumber(digits),
  );
}

/**
 * The warnings for a free text someone is about to read (a claim's message and answers): the same
 * signs that hold an announcement for review.
 */
export function warnings(text: string): TextWarning[] {
  const found: TextWarning[] = [];
  if (hasMoneyRequest(text)) found.push('money-request');
  if (hasCardNumber(text)) found.push('card-number');
  if (hasLink(text)) found.push('link');
  return found;
}
