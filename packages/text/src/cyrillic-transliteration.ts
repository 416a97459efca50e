/**
 * Cyrillic → Azerbaijani Latin transliteration, for Russian and for Azerbaijani Cyrillic.
 *
 * A small table rather than a library: the romanisation libraries on npm write Russian the
 * English way (ж → zh, х → kh, й → i) and know no Azerbaijani Cyrillic letters (ә ғ һ ј ө ү ҹ ҝ),
 * while Baku's Latin posts spell the same sounds the Azerbaijani way (j, x, y, c). Writing
 * Russian into Azerbaijani Latin makes 'Хатаи' ≈ 'Xətai', 'Гянджлик' = 'Gənclik' and
 * 'айфон' = 'ayfon' directly. Expects case-folded text.
 */
const DIGRAPHS: ReadonlyArray<readonly [RegExp, string]> = [
  // Russian writes Azerbaijani c as дж and the ə/ü after g, k as я/ю: Гянджа = Gəncə, Гюнешли = Günəşli.
  [/дж/g, 'c'],
  [/([гк])я/g, '$1ə'],
  [/([гк])ю/g, '$1ü'],
];

const LATIN_OF: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ç',
  ш: 'ş',
  щ: 'şç',
  ъ: '',
  ы: 'ı',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Azerbaijani Cyrillic (1939–1991 orthography).
  ә: 'ə',
  ғ: 'ğ',
  һ: 'h',
  ј: 'y',
  ө: 'ö',
  ү: 'ü',
  ҹ: 'c',
  ҝ: 'g',
  // Ukrainian and Belarusian letters that show up in names.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ў: 'u',
};

/** Whether the text contains any Cyrillic letter. */
export function hasCyrillic(text: string): boolean {
  return /[\u0400-\u04ff]/u.test(text);
}

export function transliterateCyrillic(text: string): string {
  let latin = text;
  // The г/к of 'гя' stay Cyrillic here and go through the table below.
  for (const [pattern, replacement] of DIGRAPHS) latin = latin.replace(pattern, replacement);
  return latin.replace(/[\u0400-\u04ff]/gu, (letter) => LATIN_OF[letter] ?? letter);
}
