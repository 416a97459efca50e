import { useI18n, type Language } from '../../../lib/i18n';
import { az, type DashboardText } from './az';
import { en } from './en';
import { ru } from './ru';

export type { DashboardText, Language };
export { LANGUAGES } from '../../../lib/i18n';

/** One dictionary per language; every text of the dashboard comes from here. */
export const DICTIONARIES: Record<Language, DashboardText> = { az, en, ru };

/** The site's language (lib/i18n: the header's selector and this one are the same choice). */
export function useDashboardLanguage() {
  const { language, setLanguage } = useI18n();
  return { language, setLanguage, t: DICTIONARIES[language] };
}

export const useDashboardText = () => DICTIONARIES[useI18n().language];
