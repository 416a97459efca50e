import { foldForSearch } from '@tapinti/contracts/text-folding';

/** Folded search text from whichever of the parts are present. */
export const searchTextOf = (...parts: Array<string | null | undefined>) =>
  foldForSearch(parts.filter((p): p is string => typeof p === 'string' && p.length > 0).join('\n'));
