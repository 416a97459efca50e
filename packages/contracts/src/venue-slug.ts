import { text } from './input-text';
import { foldForSearch } from './text-folding';

/**
 * A venue page's address `/t/<slug>` (issue 26): lower-case Latin letters, digits and single
 * hyphens, 3–50 characters. Azerbaijani letters are folded (`foldForSearch`, then ə→e, ö→o, ü→u,
 * ş→s, ç→c, ğ→g), so "Gənclik Mall" is `genclik-mall`.
 */
export const VENUE_SLUG_TEXT = '[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){2,49}';
const VENUE_SLUG = new RegExp(`^${VENUE_SLUG_TEXT}$`);
export const VENUE_SLUG_MAX = 50;

export const VENUE_SLUG_MESSAGE =
  'Ünvan 3–50 simvol olmalıdır: kiçik latın hərfləri, rəqəmlər və tire (məsələn, genclik-mall)';

export const venueSlugSchema = text(VENUE_SLUG_MESSAGE)
  .trim()
  .refine((s) => VENUE_SLUG.test(s), VENUE_SLUG_MESSAGE)
  .meta({ pattern: `^${VENUE_SLUG_TEXT}$` });

const LATIN: Record<string, string> = { ə: 'e', ö: 'o', ü: 'u', ş: 's', ç: 'c', ğ: 'g' };

/** The slug a name suggests: folded, non-letters to hyphens; `mekan` when nothing is left. */
export function slugFromName(name: string): string {
  const folded = foldForSearch(name)
    .replace(/[əöüşçğ]/g, (c) => LATIN[c]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, VENUE_SLUG_MAX - 4)
    .replace(/-+$/g, '');
  return folded.length >= 3 ? folded : `mekan${folded ? `-${folded}` : ''}`.slice(0, VENUE_SLUG_MAX - 4);
}

export const isVenueSlug = (s: string): boolean => VENUE_SLUG.test(s);
