import { foldForSearch } from '@tapinti/contracts/text-folding';
import { RISK_PATTERNS } from './risk-patterns';

export const RISK_RULES = [
  'phone-in-title',
  'link-in-title',
  'money-request',
  'card-number',
  'high-reward',
] as const;
export type RiskRule = (typeof RISK_RULES)[number];

/** The rule 3 reports from different users stand for (not a pattern). */
export const REPORTS_RULE = 'reports';
/** Different users whose reports hold an approved announcement for review. */
export const REPORTS_TO_HOLD = 3;

export interface RiskInput {
  title: string;
  description: string;
  rewardAmount: number;
  rewardDescription: string | null;
}

export interface RiskConfig {
  /** A reward above this many AZN is held for review (MODERATION_REWARD_REVIEW_ABOVE). */
  rewardReviewAbove: number;
}

/** Runs of digits with the separators people type between them (spaces, dashes, dots, brackets, a leading +). */
const DIGIT_RUN = /\+?\(?\d[\d\s\-().]*\d/g;
const digitRuns = (text: string) => (text.match(DIGIT_RUN) ?? []).map((run) => run.replace(/\D/g, ''));

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const LINK = new RegExp(
  `(https?://|www\\.|\\b[a-z0-9-]+\\.(${RISK_PATTERNS.linkTopLevelDomains.join('|')})\\b)`,
  'i',
);

function hasCardNumber(text: string): boolean {
  const { min, max } = RISK_PATTERNS.cardDigits;
  return digitRuns(text).some((d) => d.length >= min && d.length <= max && passesLuhn(d));
}

/**
 * The risk rules an announcement matches (none: it is approved at once). Pure; the phrase list
 * and the reward threshold are configuration.
 */
export function riskRulesOf(input: RiskInput, config: RiskConfig): RiskRule[] {
  const text = `${input.title}\n${input.description}\n${input.rewardDescription ?? ''}`;
  const folded = foldForSearch(text).replace(/\s+/g, ' ');
  const rules: RiskRule[] = [];
  const titleRuns = digitRuns(input.title);
  if (titleRuns.some((d) => d.length >= RISK_PATTERNS.phoneMinDigits && !hasCardNumber(input.title)))
    rules.push('phone-in-title');
  if (LINK.test(input.title)) rules.push('link-in-title');
  if (RISK_PATTERNS.moneyRequestPhrases.some((phrase) => folded.includes(foldForSearch(phrase))))
    rules.push('money-request');
  if (hasCardNumber(text)) rules.push('card-number');
  if (input.rewardAmount > config.rewardReviewAbove) rules.push('high-reward');
  return rules;
}
