import { normalizeText } from '@tapinti/text/normalize';
import { hasCardNumber, hasLink, hasMoneyRequest, hasPhoneNumber } from '@tapinti/text/risk-signals';

export const RISK_RULES = [
  'phone-in-title',
  'link-in-title',
  'link-in-text',
  'money-request',
  'card-number',
  'high-reward',
  'reward-promise',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];

/** The rule users' reports stand for once they weigh enough (not a pattern; see report-weight.ts). */
export const REPORTS_RULE = 'reports';

export interface RiskInput {
  title: string;
  description: string;
  location?: string;
  rewardAmount: number;
  rewardDescription: string | null;
  securityQuestions?: ReadonlyArray<{ question: string }>;
}

export interface RiskConfig {
  /** A reward above this many AZN is held for review (MODERATION_REWARD_REVIEW_ABOVE). */
  rewardReviewAbove: number;
}

/** Words that multiply the number before them: '5 min', '5k', '5 тыс', '5 thousand'. */
const THOUSANDS = new Set(
  ['k', 'min', 'minlik', 'тыс', 'тысяч', 'тысячи', 'тысяча', 'thousand', 'grand'].map(normalizeText),
);
const MILLIONS = new Set(['mln', 'milyon', 'million', 'млн', 'миллион', 'миллиона'].map(normalizeText));
/** Phone and card numbers in a reward text are not amounts. */
const LONG_DIGIT_RUN = /\d(?:[\s\-()/]*\d){6,}/g;
const AMOUNT = /(\d{1,3}(?:[ .,]\d{3})+|\d+)(?:[.,]\d+)?\s*([\p{L}]*)/gu;

/** The amounts a reward text names, in its own units ('5 000 AZN', '5k', '2 min manat' → 5000, 5000, 2000). */
function amountsIn(text: string): number[] {
  const normal = normalizeText(text).replace(/\s+/g, ' ').replace(LONG_DIGIT_RUN, ' ');
  return [...normal.matchAll(AMOUNT)].map(([, digits, unit]) => {
    const value = Number(digits!.replace(/\D/g, ''));
    if (MILLIONS.has(unit ?? '')) return value * 1_000_000;
    if (THOUSANDS.has(unit ?? '')) return value * 1000;
    return value;
  });
}

/**
 * A reward text promising far more than the reward amount ('Mükafat: 5000 AZN' with 20):
 * more than twice the amount and more than 50 AZN above it.
 */
function promisesMoreThan(rewardDescription: string, rewardAmount: number): boolean {
  const limit = Math.max(rewardAmount * 2, rewardAmount + 50);
  return amountsIn(rewardDescription).some((amount) => amount > limit);
}

/**
 * The risk rules an announcement matches (none: it is approved at once). Every text field is
 * read after normalisation (`@tapinti/text`), so look-alike letters, invisible characters,
 * full-width digits and broken-up words do not hide a rule. A phone number is a rule in the
 * title only (the description may say whom to call). Pure; the threshold is configuration.
 */
export function riskRulesOf(input: RiskInput, config: RiskConfig): RiskRule[] {
  const otherTexts = [
    input.description,
    input.location ?? '',
    input.rewardDescription ?? '',
    ...(input.securityQuestions ?? []).map((q) => q.question),
  ];
  const everyText = [input.title, ...otherTexts];
  const rules: RiskRule[] = [];
  if (hasPhoneNumber(input.title)) rules.push('phone-in-title');
  if (hasLink(input.title)) rules.push('link-in-title');
  if (otherTexts.some(hasLink)) rules.push('link-in-text');
  if (everyText.some(hasMoneyRequest)) rules.push('money-request');
  if (everyText.some(hasCardNumber)) rules.push('card-number');
  if (input.rewardAmount > config.rewardReviewAbove) rules.push('high-reward');
  if (input.rewardDescription && promisesMoreThan(input.rewardDescription, input.rewardAmount))
    rules.push('reward-promise');
  return rules;
}
