import { foldForSearch } from '@tapinti/contracts/text-folding';
import { containsPattern } from '@tapinti/platform/sql-like';
import { searchWordsOf } from '@tapinti/matching/search-document';
import { searchColumnsOf } from '@tapinti/matching/search-columns';

describe('Azerbaijani search folding', () => {
  it('lower-cases Azerbaijani letters, and treats dotted and dotless i as one letter', () => {
    expect(foldForSearch('PULQABI')).toBe(foldForSearch('pulqabı'));
    expect(foldForSearch('PULQABI')).toBe('pulqabi');
    expect(foldForSearch('İNŞAAT')).toBe('inşaat');
    expect(foldForSearch('ŞƏKİ, QIZIL ÜZÜK, ÇANTA, ĞÖYÇAY')).toBe('şəki, qizil üzük, çanta, ğöyçay');
    // Postgres lower() would give 'pulqabi' from 'PULQABI' but keep 'ı' in 'pulqabı': no match.
    expect(foldForSearch('NIGAR')).toBe(foldForSearch('nigar'));
  });

  it('folds the stored text and the query identically, so upper case finds lower case', () => {
    const stored = searchColumnsOf({
      title: 'Qara pulqabı itib',
      description: 'İçində sənədlər var idi',
      location: 'Bakı',
    });
    for (const query of ['PULQABI', 'Pulqabı', 'pulqabı', 'pulqabi', 'İÇİNDƏ', 'BAKI', 'icinde', 'Бакы']) {
      for (const word of searchWordsOf(query)) expect(stored.search_folded).toContain(word.folded);
    }
    // Another form of a word is not in the text, but its stem is among the terms.
    const [other] = searchWordsOf('PULQABIM');
    expect(stored.search_folded).not.toContain(other!.folded);
    expect(stored.search_terms).toContain(other!.formTerm);
  });

  it('splits a query into distinct words, ignoring blanks', () => {
    expect(searchWordsOf('  Qara   PULQABI qara ').map((w) => w.folded)).toEqual(['qara', 'pulqabi']);
    expect(searchWordsOf('   ')).toEqual([]);
    expect(searchWordsOf(' %_\\\'"🔑 ')).toEqual([]);
    expect(searchWordsOf(undefined)).toEqual([]);
  });

  it('treats LIKE wildcards in a query literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('composes decomposed letters before folding', () => {
    expect(foldForSearch('s\u0327')).toBe(foldForSearch('ş'));
  });
});
