import { foldedWordsOf, foldLetters } from '@tapinti/text/search-folding';

describe('foldLetters', () => {
  it.each([
    ['Azerbaijani capitals', 'ÇANTA PULQABI İŞIQ', 'canta pulqabi isiq'],
    [
      'Azerbaijani letters typed without',
      'Gənclik şəxsiyyət vəsiqəsi, kürək, dəri',
      'genclik sexsiyyet vesiqesi, kurek, deri',
    ],
    ['Russian in Cyrillic, ё as е', 'Сумка, кошелёк', 'sumka, koselek'],
    ['Russian spelling of Azerbaijani names', 'Гянджлик', 'genclik'],
    ['Azerbaijani Cyrillic', 'Гәнҹлик', 'genclik'],
    ['punctuation stays', 'm/st 28-May', 'm/st 28-may'],
  ])('%s', (_name, text, expected) => {
    expect(foldLetters(text)).toBe(expected);
  });
});

describe('foldedWordsOf', () => {
  it('splits at anything that is not a letter or digit', () => {
    expect(foldedWordsOf('Gənclik m/st, 🔑 %_ iPhone-13!')).toEqual(['genclik', 'm', 'st', 'iphone', '13']);
    expect(foldedWordsOf('%_\\\'"')).toEqual([]);
  });
});
