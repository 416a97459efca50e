import styled from 'styled-components';
import { color, font, radius, space } from '../../components/ui/theme';
import { LANGUAGE_CODES, LANGUAGE_NAMES, LANGUAGES, useI18n, type Language } from '../../lib/i18n';

const Control = styled.select`
  flex: none;
  min-height: 40px;
  padding: 0 ${space(2)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font-size: ${font.size.sm};
  font-weight: ${font.weight.semibold};
  cursor: pointer;
`;

/** AZ / EN / RU for the whole site; the choice stays in this browser. */
export function LanguageSelect() {
  const { language, setLanguage, t } = useI18n();
  return (
    <Control
      aria-label={t('Dil')}
      data-testid="language-select"
      value={language}
      onChange={(event) => setLanguage(event.target.value as Language)}
    >
      {LANGUAGES.map((l) => (
        <option key={l} value={l} lang={l} title={LANGUAGE_NAMES[l]}>
          {LANGUAGE_CODES[l]}
        </option>
      ))}
    </Control>
  );
}
