import {
  MIN_TYPO_WORD_LENGTH,
  oneEditAway,
  searchDocumentOf,
  searchWordsOf,
  type SearchWord,
} from '@tapinti/matching/search-document';

const bag = searchDocumentOf({
  title: 'Qara çanta',
  description: 'İçində iPhone var idi',
  location: 'Gənclik m/st',
});

/** Whether a document has what a query word needs, as the database asks it (migration 014). */
function matches(word: SearchWord, document = bag): boolean {
  if (word.isPrefix) return [word.prefixTerm, ...word.conceptTerms].some((t) => document.terms.includes(t));
  return (
    document.folded.includes(word.folded) ||
    [word.formTerm, ...word.conceptTerms, ...word.typoTerms].some((t) => document.terms.includes(t))
  );
}
const found = (query: string) => searchWordsOf(query).every((word) => matches(word));

describe('search document', () => {
  it('folds every word: case, Azerbaijani letters, Cyrillic', () => {
    expect(bag.folded).toBe('qara canta icinde iphone var idi genclik m st');
    expect(searchDocumentOf({ title: 'Сумка', description: 'Кошелёк', location: 'Гянджлик' }).folded).toBe(
      'sumka koselek genclik',
    );
  });

  it('holds word starts, stems, concepts (a brand with its item) and places', () => {
    expect(bag.terms).toEqual(
      expect.arrayContaining([
        'a:q',
        'a:qa',
        'a:ip',
        's:canta',
        'c:bag',
        'c:black',
        'c:iphone',
        'c:phone',
        'g:m-ganjlik',
      ]),
    );
  });
});

describe('search words', () => {
  it("find 'Qara çanta' by 'canta', 'ÇANTA', 'çantamı', 'сумка', 'bag' and a typo", () => {
    for (const query of ['canta', 'ÇANTA', 'çantamı', 'сумка', 'bag', 'cnata', 'QARA ÇANTA'])
      expect(found(query)).toBe(true);
    expect(found('çanta qırmızı')).toBe(false);
  });

  it("find 'Gənclik m/st' by 'Genclik', 'Гянджлик' and 'Ganjlik'", () => {
    for (const query of ['Genclik', 'Гянджлик', 'Ganjlik', 'GƏNCLİK']) expect(found(query)).toBe(true);
  });

  it('say how each word may match', () => {
    const [word] = searchWordsOf('ÇANTAMI');
    expect(word).toMatchObject({
      typed: 'çantami',
      folded: 'cantami',
      isPrefix: false,
      formTerm: 's:canta',
      conceptTerms: ['c:bag'],
    });
    expect(searchWordsOf('İP')[0]).toMatchObject({ isPrefix: true, prefixTerm: 'a:ip' });
  });

  it(`allow a typo only in words of ${MIN_TYPO_WORD_LENGTH}+ letters, never in numbers`, () => {
    expect(searchWordsOf('qara')[0]!.typoTerms).toEqual([]);
    expect(searchWordsOf('E77777')[0]!.typoTerms).toEqual([]);
    expect(searchWordsOf('canta')[0]!.typoTerms).toContain('s:cnata');
  });

  it('are at most 8 distinct words; punctuation, emoji and wildcards are none', () => {
    expect(searchWordsOf('a b c d e f g h i j k').length).toBe(8);
    expect(searchWordsOf('qara QARA Qara').length).toBe(1);
    expect(searchWordsOf('%_ \\ 🔑 ;--')).toEqual([]);
    expect(searchWordsOf(undefined)).toEqual([]);
  });
});

describe('oneEditAway', () => {
  it('leaves out, swaps, replaces or adds one letter', () => {
    const variants = oneEditAway('canta');
    for (const variant of ['cant', 'acnta', 'canto', 'cantas', 'xcanta']) expect(variants).toContain(variant);
    expect(variants).not.toContain('canta');
    expect(variants).not.toContain('cnaat');
  });
});
