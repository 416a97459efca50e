import { text } from './input-text';
import { foldToAscii } from './ascii-folding';
import { foldForSearch } from './text-folding';

/**
 * A venue page's address `/t/<slug>` (issue 26): lower-case Latin letters, digits and single
 * hyphens, 3–50 characters. Azerbaijani letters are folded (`foldForSearch`, then `foldToAscii`),
 * so "Gənclik Mall" is `genclik-mall`.
 */
const VENUE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const VENUE_SLUG_MIN = 3;
export const VENUE_SLUG_MAX = 50;

export const VENUE_SLUG_MESSAGE =
  'Ünvan 3–50 simvol olmalıdır: kiçik latın hərfləri, rəqəmlər və tire (məsələn, genclik-mall)';

export const venueSlugSchema = text(VENUE_SLUG_MESSAGE)
  .min(VENUE_SLUG_MIN, VENUE_SLUG_MESSAGE)
  .max(VENUE_SLUG_MAX, VENUE_SLUG_MESSAGE)
  .regex(VENUE_SLUG, VENUE_SLUG_MESSAGE);

/** The slug a name suggests: folded, non-letters to hyphens; `mekan` when nothing is left. */
export function slugFromName(name: string): string {
  const folded = foldToAscii(foldForSearch(name))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, VENUE_SLUG_MAX - 4)
    .replace(/-+$/g, '');
  return folded.length >= 3 ? folded : `mekan${folded ? `-${folded}` : ''}`.slice(0, VENUE_SLUG_MAX - 4);
}

export const isVenueSlug = (s: string): boolean =>
  s.length >= VENUE_SLUG_MIN && s.length <= VENUE_SLUG_MAX && VENUE_SLUG.test(s);
