/**
 * The risk patterns that hold a new announcement for review (issue 15). Phrases are compared
 * after `foldForSearch` on both sides, so each is written once in its Azerbaijani spelling and
 * once as people type it without Azerbaijani letters.
 */
export const RISK_PATTERNS = {
  /** Asking for money up front: the "finder" who wants the reward first. */
  moneyRequestPhrases: [
    'pul göndər',
    'pul gonder',
    'pul köçür',
    'pul kocur',
    'pulu göndər',
    'pulu gonder',
    'kartıma',
    'kartima',
    'əvvəlcədən ödə',
    'evvelceden ode',
  ],
  /** A link in the title: a scheme, `www.`, or a host name with one of these endings. */
  linkTopLevelDomains: ['az', 'com', 'net', 'org', 'ru', 'info', 'me', 'io', 'ly', 'link', 'site', 'xyz'],
  /** A phone number in the title: at least this many digits in one run (spaces, dashes, brackets allowed). */
  phoneMinDigits: 7,
  /** A card number (title or description): 13–19 digits in one run that pass the Luhn check. */
  cardDigits: { min: 13, max: 19 },
} as const;
