import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { MoonIcon, SunIcon } from '../../../components/ui/icons';
import { color, font, radius, space } from '../../../components/ui/theme';
import { LANGUAGE_NAMES, LANGUAGES, useI18n, type Language } from '../../../lib/i18n';

const Group = styled.div`
  display: inline-flex;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  overflow: hidden;
  flex: none;
`;

const LanguageButton = styled.button<{ $active: boolean }>`
  min-width: 40px;
  min-height: 40px;
  padding: 0 ${space(2)};
  border: 0;
  font-weight: ${font.weight.semibold};
  font-size: ${font.size.sm};
  cursor: pointer;
  background: ${(p) => (p.$active ? color.primary : color.surface)};
  color: ${(p) => (p.$active ? '#fff' : color.text)};
  & + & {
    border-left: 1px solid ${color.border};
  }
`;

const IconButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  flex: none;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  cursor: pointer;
`;

/** AZ / EN / RU: every text of the dashboard follows. */
export function LanguageSelector() {
  const { language, setLanguage, t } = useI18n();
  return (
    <Group role="group" aria-label={t('Dil')}>
      {LANGUAGES.map((l: Language) => (
        <LanguageButton
          key={l}
          type="button"
          lang={l}
          $active={l === language}
          aria-pressed={l === language}
          title={LANGUAGE_NAMES[l]}
          onClick={() => setLanguage(l)}
        >
          {l.toUpperCase()}
        </LanguageButton>
      ))}
    </Group>
  );
}

const THEME_KEY = 'tapinti.dashboard.theme';
type Theme = 'light' | 'dark';

function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/**
 * The dashboard's theme: dark puts `data-theme="dark"` on <html> while the dashboard is open (the
 * colour tokens are CSS custom properties), remembered in this browser.
 */
export function useDashboardTheme() {
  const [theme, setTheme] = useState<Theme>(storedTheme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'dark') root.dataset.theme = 'dark';
    else delete root.dataset.theme;
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Private mode: the choice lasts for this visit.
    }
    return () => {
      delete root.dataset.theme;
    };
  }, [theme]);
  return { theme, toggle: () => setTheme((v) => (v === 'dark' ? 'light' : 'dark')) };
}

export function ThemeToggle({ theme, onToggle }: { theme: Theme; onToggle: () => void }) {
  const { t } = useI18n();
  const label = theme === 'dark' ? t('İşıqlı rejim') : t('Qaranlıq rejim');
  return (
    <IconButton
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={theme === 'dark'}
      onClick={onToggle}
    >
      {theme === 'dark' ? <SunIcon size={20} /> : <MoonIcon size={20} />}
    </IconButton>
  );
}
