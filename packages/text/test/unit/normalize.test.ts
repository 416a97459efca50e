import { normalizeText, normalizeWords } from '@tapinti/text/normalize';
import { warnings } from '@tapinti/text/risk-signals';

describe('normalizeText', () => {
  it.each([
    ['Cyrillic look-alikes become Latin', 'рul kаrtıma', 'pul kartima'],
    ['Greek look-alikes become Latin', 'ραy', 'pay'],
    ['invisible characters are dropped', 'p\u200bu\u00adl\u2060 g\ufeffön\u200ddər', 'pul gonder'],
    ['full-width letters, digits and dots (NFKC)', 'ｅｖｉｌ．ａｚ ０５０', 'evil.az 050'],
    ['every decimal digit is a digit', '٠٥٠ ०५० ০৫০', '050 050 050'],
    ['Azerbaijani case folding and ASCII folding', 'PUL GÖNDƏRİN İLƏ IŞIQ', 'pul gonderin ile isiq'],
    ['Azerbaijani letters are not look-alikes', 'əçşğıöü', 'ecsgiou'],
  ])('%s', (_name, text, expected) => {
    expect(normalizeText(text)).toBe(expected);
  });
});

describe('normalizeWords', () => {
  it.each([
    ['dots and hyphens inside words', 'p.u.l kart-ıma', 'pul kartima'],
    ['spaced single letters', 'ə v v ə l c ə d ə n ödəyin', 'evvelceden odeyin'],
    ['punctuation between words is one space', 'Pul,  göndərin!!', 'pul gonderin'],
    ['ordinary words keep their spaces', 'Gənclik m/st, A.Ə. blok', 'genclik mst ae blok'],
  ])('%s', (_name, text, expected) => {
    expect(normalizeWords(text)).toBe(expected);
  });
});

describe('warnings', () => {
  it('warns about money asked up front, card numbers and links in a message; not about a phone', () => {
    expect(warnings('Əvvəlcədən ödəyin: 4111 1111 1111 1111, t.me/x')).toEqual([
      'money-request',
      'card-number',
      'link',
    ]);
    expect(warnings('Salam, pulqabı mənimdir, zəng edin 050 123 45 67')).toEqual([]);
  });
});
