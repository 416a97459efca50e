import { containsPattern, foldForSearch, searchTermsOf, searchTextOf } from '../../src/domain/search';

describe('Azerbaijani search folding', () => {
  it('maps I to ı and İ to i, like Azerbaijani does', () => {
    expect(foldForSearch('PULQABI')).toBe('pulqabı');
    expect(foldForSearch('İNŞAAT')).toBe('inşaat');
    expect(foldForSearch('ŞƏKİ, QIZIL ÜZÜK, ÇANTA, ĞÖYÇAY')).toBe('şəki, qızıl üzük, çanta, ğöyçay');
  });

  it('folds the stored text and the query identically, so upper case finds lower case', () => {
    const stored = searchTextOf({
      title: 'Qara pulqabı itib',
      description: 'İçində sənədlər var idi',
      location: 'Bakı',
    });
    for (const query of ['PULQABI', 'Pulqabı', 'pulqabı', 'İÇİNDƏ', 'BAKI']) {
      for (const term of searchTermsOf(query)) expect(stored).toContain(term);
    }
    expect(stored).not.toContain(searchTermsOf('PULQABİ')[0]);
  });

  it('splits a query into distinct words, ignoring blanks', () => {
    expect(searchTermsOf('  Qara   PULQABI qara ')).toEqual(['qara', 'pulqabı']);
    expect(searchTermsOf('   ')).toEqual([]);
    expect(searchTermsOf(undefined)).toEqual([]);
  });

  it('treats LIKE wildcards in a query literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('composes decomposed letters before folding', () => {
    expect(foldForSearch('s\u0327')).toBe(foldForSearch('ş'));
  });
});
