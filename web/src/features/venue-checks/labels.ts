import type { BadgeTone } from '../../components/ui/badge';
import type { VenueCheckAnswer, VenueCheckStatus } from '@tapinti/contracts/venue-checks-api';
import { msg } from '../../lib/i18n';

/** The button on the owner's lost announcement (issue 26 point 1). */
export const ASK_VENUES = msg('Məkanlardan soruş');

export const ANSWER_LABELS: Record<VenueCheckAnswer, string> = {
  not_here: msg('Burada yoxdur'),
  found: msg('Tapdıq'),
};

/** Where a request stands, as a badge: asked, seen, or the venue's answer. */
export function checkBadge(check: { status: VenueCheckStatus; answer: VenueCheckAnswer | null }): {
  label: string;
  tone: BadgeTone;
} {
  if (check.status === 'answered' && check.answer)
    return check.answer === 'found'
      ? { label: ANSWER_LABELS.found, tone: 'success' }
      : { label: ANSWER_LABELS.not_here, tone: 'neutral' };
  return check.status === 'seen'
    ? { label: msg('Görülüb'), tone: 'primary' }
    : { label: msg('Soruşulub'), tone: 'accent' };
}

export const OVERDUE = msg('Cavab müddəti keçib');
