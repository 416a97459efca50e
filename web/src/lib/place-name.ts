import type { PlaceSummary } from '@tapinti/contracts/announcements-api';
import { useI18n, type Language } from './i18n';

/** A place's name in the shown language (AZ by default); a venue's district is named the same way. */
export function placeNameIn(
  place: Pick<PlaceSummary, 'name' | 'nameEn' | 'nameRu'>,
  language: Language,
): string {
  return language === 'en' ? place.nameEn : language === 'ru' ? place.nameRu : place.name;
}

/** `placeNameIn` for the language shown now. */
export function usePlaceName(): (place: PlaceSummary) => string {
  const { language } = useI18n();
  return (place) => placeNameIn(place, language);
}
