/**
 * ASCII folding of Azerbaijani (and Turkish) letters: people often type on a keyboard without
 * them ('pulqabi', 'acar', 'sexsiyyet vesiqesi'), so both sides of a comparison drop them.
 * Expects text already case-folded (`foldCase`); ı and i become one letter here.
 */
const ASCII_OF: Readonly<Record<string, string>> = {
  ə: 'e',
  ı: 'i',
  ö: 'o',
  ü: 'u',
  ş: 's',
  ç: 'c',
  ğ: 'g',
  // Letters that reach Azerbaijani text through Turkish keyboards or pasted names.
  â: 'a',
  î: 'i',
  û: 'u',
};

export function foldToAscii(text: string): string {
  return text.replace(/[əıöüşçğâîû]/g, (letter) => ASCII_OF[letter] ?? letter);
}
