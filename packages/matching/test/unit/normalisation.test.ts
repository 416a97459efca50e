import { foldToAscii } from '@tapinti/contracts/ascii-folding';
import { hasCyrillic, transliterateCyrillic } from '@tapinti/text/cyrillic-transliteration';
import { isSameWord, soundKey, wordSimilarity } from '@tapinti/matching/fuzzy-words';
import { conceptOf } from '@tapinti/matching/lexicon';
import { placeOf } from '@tapinti/matching/gazetteer';
import { stemAzerbaijani, stemRussian } from '@tapinti/matching/stemming';
import { normaliseWord, wordsOf } from '@tapinti/matching/word-normalisation';

describe('Azerbaijani case folding (contracts text-folding, as the engine reads words)', () => {
  it('lower-cases I to ı and İ to i', () => {
    expect(wordsOf('ACARLAR İÇƏRİŞƏHƏR').map((w) => w.surface)).toEqual(['acarlar', 'içərişəhər']);
    expect(wordsOf('PULQABI').map((w) => w.surface)).toEqual(['pulqabı']);
  });
});

describe('foldToAscii', () => {
  it('drops the Azerbaijani letters the way people type without them', () => {
    expect(foldToAscii('əıöüşçğ')).toBe('eiouscg');
    expect(foldToAscii('şəxsiyyət vəsiqəsi')).toBe('sexsiyyet vesiqesi');
    expect(foldToAscii('pulqabı')).toBe(foldToAscii('pulqabi'));
  });
});

describe('transliterateCyrillic', () => {
  it('writes Russian the Azerbaijani Latin way', () => {
    expect(transliterateCyrillic('самсунг')).toBe('samsung');
    expect(transliterateCyrillic('айфон')).toBe('ayfon');
    expect(transliterateCyrillic('хатаи')).toBe('xatai');
    expect(transliterateCyrillic('журнал')).toBe('jurnal');
  });

  it('reads the Russian spelling of Azerbaijani sounds (дж = c, гя = gə)', () => {
    expect(transliterateCyrillic('гянджлик')).toBe('gənclik');
    expect(transliterateCyrillic('гюнешли')).toBe('güneşli');
  });

  it('knows the Azerbaijani Cyrillic letters', () => {
    expect(transliterateCyrillic('ҹүздан')).toBe('cüzdan');
    expect(transliterateCyrillic('ачар һәјәт')).toBe('açar həyət');
  });

  it('tells Cyrillic from Latin', () => {
    expect(hasCyrillic('Паспорт')).toBe(true);
    expect(hasCyrillic('pasport')).toBe(false);
  });
});

describe('stemAzerbaijani', () => {
  it('strips plural, possessive and case endings', () => {
    expect(stemAzerbaijani('acarlar')).toBe('acar');
    expect(stemAzerbaijani('acarlarimi')).toBe('acar');
    expect(stemAzerbaijani('metrosunun')).toBe('metro');
    expect(stemAzerbaijani('metroda')).toBe('metro');
    expect(stemAzerbaijani('telefonumu')).toBe('telefon');
  });

  it('strips past and participle endings (TAPILDI, itirdim)', () => {
    expect(stemAzerbaijani('tapildi')).toBe('tapil');
    expect(stemAzerbaijani('tapilib')).toBe('tapil');
    expect(stemAzerbaijani('itirdim')).toBe('itir');
    expect(stemAzerbaijani('itirmisem')).toBe('itir');
  });

  it('stops at a known word and prefers the suffix that leaves one', () => {
    const known = (stem: string) => ['ayfon', 'pulqabi'].includes(stem);
    expect(stemAzerbaijani('ayfonu')).toBe('ayfo');
    expect(stemAzerbaijani('ayfonu', known)).toBe('ayfon');
    expect(stemAzerbaijani('pulqabimi', known)).toBe('pulqabi');
  });

  it('keeps short roots and numbers', () => {
    expect(stemAzerbaijani('qab')).toBe('qab');
    expect(stemAzerbaijani('a54')).toBe('a54');
  });
});

describe('stemRussian', () => {
  it('reduces inflected forms to one stem (ё as е)', () => {
    expect(stemRussian('ключи')).toBe(stemRussian('ключей'));
    expect(stemRussian('найдена')).toBe(stemRussian('найден'));
    expect(stemRussian('чёрный')).toBe(stemRussian('черная'));
  });
});

describe('normaliseWord (the whole chain)', () => {
  it("gives 'ACARLAR' and 'açarlar' one key", () => {
    const [upper] = wordsOf('ACARLAR');
    const [lower] = wordsOf('açarlar');
    expect(upper!.key).toBe(lower!.key);
    expect(upper!.key).toBe('acar');
  });

  it("gives 'Самсунг' the key 'samsung'", () => {
    expect(wordsOf('Самсунг')[0]!.key).toBe('samsung');
    expect(normaliseWord('samsung')).toBe('samsung');
  });
});

describe('fuzzy words', () => {
  it('forgives a typo in a long enough word, never in a number', () => {
    expect(isSameWord('pulqabi', 'pulqbi')).toBe(true);
    expect(isSameWord('koselek', 'koselk')).toBe(true);
    expect(isSameWord('acar', 'azar')).toBe(false);
    expect(isSameWord('13', '14')).toBe(false);
  });

  it('hears English-style and Russian-style spellings as one', () => {
    expect(soundKey('ganclik')).toBe(soundKey('genclik'));
    expect(isSameWord(normaliseWord('koroghlu'), normaliseWord('koroğlu'))).toBe(true);
  });

  it('finds words alike by their letters when no typo rule makes them one, never numbers', () => {
    // 'Петров' is stemmed to 'petr', 'Petrov' is not: one word, another ending.
    const likeness = wordSimilarity(normaliseWord('петров'), normaliseWord('petrov'));
    expect(likeness).toBeGreaterThanOrEqual(0.5);
    expect(likeness).toBeLessThan(1);
    expect(wordSimilarity('pulqabi', 'pulqbi')).toBe(1);
    expect(wordSimilarity('petrov', 'sidorov')).toBe(0);
    expect(wordSimilarity('acar', 'azar')).toBe(0);
    expect(wordSimilarity('a54', 'a55')).toBe(0);
  });
});

describe('lexicon', () => {
  it("maps 'ACARLAR' to the concept of 'açarlar' (key)", () => {
    expect(conceptOf('ACARLAR')).toBe('key');
    expect(conceptOf('açarlar')).toBe('key');
    expect(conceptOf('ключи')).toBe('key');
    expect(conceptOf('keys')).toBe('key');
  });

  it("maps 'Самсунг' to samsung and the iPhone spellings to iphone", () => {
    expect(conceptOf('Самсунг')).toBe('samsung');
    expect(conceptOf('samsung')).toBe('samsung');
    expect(['iPhone', 'ayfon', 'АЙФОН'].map(conceptOf)).toEqual(['iphone', 'iphone', 'iphone']);
  });

  it('knows one item in three languages, inflected and without special letters', () => {
    expect(['pulqabı', 'PULQABINI', 'cüzdan', 'кошелёк', 'кошелька', 'wallet'].map(conceptOf)).toEqual(
      Array(6).fill('wallet'),
    );
    expect(['sənəd', 'документы', 'documents'].map(conceptOf)).toEqual(Array(3).fill('document'));
    expect(['pasport', 'паспорт', 'passport'].map(conceptOf)).toEqual(Array(3).fill('passport'));
    expect(['qara', 'чёрный', 'black'].map(conceptOf)).toEqual(Array(3).fill('black'));
  });

  it('knows inflected words and Russian typed in Latin letters', () => {
    expect(['ayfonumu', 'samsungu', 'açarımı', 'çantamı', 'cüzdanımı'].map(conceptOf)).toEqual([
      'iphone',
      'samsung',
      'key',
      'bag',
      'wallet',
    ]);
    expect(['koshelek', 'klyuchi', 'sumka', 'dokumenty', 'naushniki'].map(conceptOf)).toEqual([
      'wallet',
      'key',
      'bag',
      'document',
      'earphones',
    ]);
  });

  it('prefers the longer name (a driving licence is not an ID card)', () => {
    expect(conceptOf('vəsiqə')).toBe('id-card');
    expect(conceptOf('sürücülük vəsiqəsi')).toBe('driving-licence');
  });

  it("reads a lone inflected word of a longer name ('açarı' of 'maşın açarı') as its own concept", () => {
    expect(['açarı', 'çantası', 'qabı'].map(conceptOf)).toEqual(['key', 'bag', 'case']);
    expect(conceptOf('maşın açarı')).toBe('car-key');
  });
});

describe('gazetteer', () => {
  it("finds '28 May m/st' and '28 May metrosu' (and 'м. 28 Мая') to be one place", () => {
    expect(placeOf('28 May m/st')?.id).toBe('m-28-may');
    expect(placeOf('28 May metrosu')?.id).toBe('m-28-may');
    expect(placeOf('м. 28 Мая')?.id).toBe('m-28-may');
    expect(placeOf('28 May metrosu')?.label).toBe('28 May metrosu');
  });

  it("knows 'Fountain Square' = 'Fəvvarələr meydanı' and places in three languages", () => {
    expect(placeOf('Fountain Square')?.id).toBe(placeOf('Fəvvarələr meydanı')?.id);
    expect(['Gənclik', 'Ganjlik', 'Гянджлик'].map((t) => placeOf(t)?.id)).toEqual(Array(3).fill('m-ganjlik'));
    expect(['Heydər Əliyev hava limanı', 'Baku airport', 'Аэропорт'].map((t) => placeOf(t)?.id)).toEqual(
      Array(3).fill('gyd-airport'),
    );
    expect(['İçərişəhər', 'Icherisheher', 'Ичери Шехер', 'Old City'].map((t) => placeOf(t)?.id)).toEqual(
      Array(4).fill('m-icherisheher'),
    );
  });

  it('tells apart places that share a word (28 Mall is not 28 May, Park Bulvar is not the boulevard)', () => {
    expect(placeOf('28 Mall')?.id).toBe('28-mall');
    expect(placeOf('Park Bulvar')?.id).toBe('park-bulvar');
    expect(placeOf('Gənclik Mall')?.id).toBe('ganjlik-mall');
  });

  it('forgives a typo in a place name', () => {
    expect(placeOf('Xalqlar Dostlugu')?.id).toBe('m-khalglar-doslughu');
    expect(placeOf('Narimanof')?.id).toBe('m-narimanov');
  });
});
