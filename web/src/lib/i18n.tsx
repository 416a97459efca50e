import {
  createContext,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { fillMessage } from '@tapinti/contracts/message-template';
import { LANGUAGE_COOKIE } from '@tapinti/contracts/web-shell';

/**
 * The site's languages. A text's key IS its Azerbaijani wording (gettext style): the spec's texts
 * stay exact, a text nobody translated yet shows in Azerbaijani, and wrapping a literal is `t('…')`.
 * `web/src/locales/{az,en,ru}.json` hold the keys; EN and RU load on demand (the home page's first
 * JS stays small), AZ needs no file at run time.
 */
export const LANGUAGES = ['az', 'en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in that language (the selector's labels). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  az: 'Azərbaycan dili',
  en: 'English',
  ru: 'Русский',
};
export const LANGUAGE_CODES: Record<Language, string> = { az: 'AZ', en: 'EN', ru: 'RU' };

/** BCP 47 tags for Intl: English as written in Europe (day before month), like AZ and RU. */
const LOCALES: Record<Language, string> = { az: 'az-AZ', en: 'en-GB', ru: 'ru-RU' };

export const LANGUAGE_STORAGE_KEY = 'tapinti.language';
/** A year: as long as the choice in this browser's storage is meant to last. */
const LANGUAGE_COOKIE_SECONDS = 365 * 24 * 3600;

export type TextParams = Record<string, string | number>;
export type Translate = (text: string, params?: TextParams) => string;
type Texts = Record<string, string>;
interface Dictionary {
  texts: Texts;
  /** The translation of a server message filled with numbers, through the template it fills. */
  filled: (text: string) => string | undefined;
}

/** A language's texts, with the reader of filled messages (loaded with them: the first JS stays small). */
const loadDictionary = async (texts: Promise<{ default: unknown }>): Promise<Dictionary> => {
  const [{ default: loaded }, { filledMessages }] = await Promise.all([texts, import('./filled-messages')]);
  return { texts: loaded as Texts, filled: filledMessages(loaded as Texts, fillMessage) };
};

const DICTIONARY_LOADERS: Record<Exclude<Language, 'az'>, () => Promise<Dictionary>> = {
  en: () => loadDictionary(import('../locales/en.json')),
  ru: () => loadDictionary(import('../locales/ru.json')),
};

/** Marks a text for translation where it is defined (a constant); `t(text)` translates it where shown. */
export const msg = (text: string) => text;

const interpolate = (text: string, params?: TextParams) => (params ? fillMessage(text, params) : text);

/** A translated text whose `{name}` placeholders are elements (a link, a <strong>): `rich(t('…'), {…})`. */
export function rich(text: string, values: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in values ? <Fragment key={i}>{values[name]}</Fragment> : part;
  });
}

function translator(dictionary: Dictionary | null): Translate {
  if (!dictionary) return interpolate;
  return (text, params) => {
    const translation = dictionary.texts[text];
    if (translation) return interpolate(translation, params);
    return (!params && dictionary.filled(text)) || interpolate(text, params);
  };
}

// Formatting helpers (lib/format.ts, lib/dates.ts) are plain functions: they read the language
// chosen last; the components calling them read the language too (useT), so they re-render on a change.
let activeLanguage: Language = 'az';
export const currentLanguage = () => activeLanguage;
export const currentLocale = () => LOCALES[activeLanguage];

function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(saved ?? '') ? (saved as Language) : 'az';
  } catch {
    return 'az';
  }
}

interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const Context = createContext<I18n>({ language: 'az', setLanguage: () => {}, t: translator(null) });

interface Shown {
  language: Language;
  dictionary: Dictionary | null;
}

const AZERBAIJANI: Shown = { language: 'az', dictionary: null };

/** The chosen language (AZ by default, remembered in this browser), set as `<html lang>`. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<Language>(storedLanguage);
  // The page switches once the dictionary is there, never to a half-translated state.
  const [shown, setShown] = useState<Shown>(AZERBAIJANI);

  useEffect(() => {
    // Azerbaijani needs no file (the same state object: no re-render when nothing changes).
    if (wanted === 'az') return setShown(AZERBAIJANI);
    let current = true;
    DICTIONARY_LOADERS[wanted]().then(
      (dictionary) => {
        if (current) setShown({ language: wanted, dictionary });
      },
      // Offline or a stale deployment: stay in the language on screen.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [wanted]);

  activeLanguage = shown.language;
  useEffect(() => {
    document.documentElement.lang = shown.language;
  }, [shown.language]);

  // Told to the server too, which paints the static shell's Azerbaijani first screen only for a
  // visitor reading Azerbaijani (gateway/src/first-screen.ts); also a choice made before the cookie.
  useEffect(() => {
    document.cookie = `${LANGUAGE_COOKIE}=${wanted}; path=/; max-age=${LANGUAGE_COOKIE_SECONDS}; samesite=lax`;
  }, [wanted]);

  const setLanguage = useCallback((next: Language) => {
    setWanted(next);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  }, []);

  const value = useMemo<I18n>(
    () => ({ language: shown.language, setLanguage, t: translator(shown.dictionary) }),
    [shown, setLanguage],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useI18n = () => useContext(Context);
/** `t(azerbaijaniText, params?)` in the chosen language. */
export const useT = () => useContext(Context).t;
