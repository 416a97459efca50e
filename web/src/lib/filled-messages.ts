import type { fillMessage } from '@tapinti/contracts/message-template';
import { templateMatcher } from '@tapinti/contracts/message-template-matcher';

/**
 * A server message filled with numbers (a configured limit, the attempts left) is no key of the
 * dictionary: it is translated through the template it fills (`Qalan cəhd sayı: {left}`), its
 * values read back out. The templates are compiled at the first such message. `fill` is i18n's own
 * (passed, not imported: this module loads with a dictionary, the first load keeps one copy).
 */
export function filledMessages(
  texts: Record<string, string>,
  fill: typeof fillMessage,
): (text: string) => string | undefined {
  let templates: { matches: NonNullable<ReturnType<typeof templateMatcher>>; translation: string }[] | null =
    null;
  return (text) => {
    templates ??= Object.entries(texts).flatMap(([key, translation]) => {
      const matches = templateMatcher(key);
      return matches ? [{ matches, translation }] : [];
    });
    for (const { matches, translation } of templates) {
      const params = matches(text);
      if (params) return fill(translation, params);
    }
    return undefined;
  };
}
