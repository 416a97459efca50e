import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { az, type DashboardText } from './az';
import { en } from './en';
import { ru } from './ru';

export type { DashboardText };
export const LANGUAGES = ['az', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One dictionary per language; every text of the dashboard comes from here. */
export const DICTIONARIES: Record<Language, DashboardText> = { az, en, ru };

const STORAGE_KEY = 'tapinti.dashboard.language';

function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as Language) : 'az';
  } catch {
    return 'az';
  }
}

interface DashboardLanguage {
  language: Language;
  setLanguage: (language: Language) => void;
  t: DashboardText;
}

const Context = createContext<DashboardLanguage>({ language: 'az', setLanguage: () => {}, t: az });

/** The dashboard's language (AZ by default, remembered in this browser). */
export function DashboardLanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(storedLanguage);
  const value = useMemo<DashboardLanguage>(
    () => ({
      language,
      t: DICTIONARIES[language],
      setLanguage: (next) => {
        setLanguageState(next);
        try {
          localStorage.setItem(STORAGE_KEY, next);
        } catch {
          // Private mode: the choice lasts for this visit.
        }
      },
    }),
    [language],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useDashboardLanguage = () => useContext(Context);
export const useDashboardText = () => useContext(Context).t;
