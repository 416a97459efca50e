import { matchKeys, rankCandidates, scoreMatch, type MatchableAnnouncement } from '@tapinti/matching/engine';

const lostWallet: MatchableAnnouncement = {
  id: 'lost-wallet',
  type: 'lost',
  category: 'bags',
  title: 'Qara dəri pulqabı itirilib',
  description: 'Qara dəri pulqabımı itirdim, içində vəsiqə və kartlar var idi.',
  location: '28 May metrosu',
  createdAt: '2026-11-02T19:00:00Z',
};

const foundWallet: MatchableAnnouncement = {
  id: 'found-wallet',
  type: 'found',
  category: 'bags',
  title: 'Найден кошелёк',
  description: 'На станции 28 Мая нашли черный кожаный кошелек с картами.',
  location: 'м. 28 Мая',
  createdAt: '2026-11-02T21:00:00Z',
};

const foundKeysElsewhere: MatchableAnnouncement = {
  id: 'found-keys',
  type: 'found',
  category: 'keys',
  title: 'Açarlar tapılıb',
  description: 'Gənclik metrosunun çıxışında qırmızı breloklu açar dəstəsi tapılıb.',
  location: 'Gənclik',
  createdAt: '2026-11-02T20:00:00Z',
};

describe('scoreMatch', () => {
  it('scores the same wallet in two languages high, with Azerbaijani reasons', () => {
    const match = scoreMatch(lostWallet, foundWallet);
    expect(match.score).toBeGreaterThan(0.8);
    expect(match.reasons).toEqual([
      'Eyni kateqoriya',
      'Oxşar yer: 28 May metrosu',
      'Ortaq sözlər: qara, dəri, pulqabı, bank kartı',
      'Tarix uyğundur',
    ]);
  });

  it('scores another item at another place low', () => {
    const match = scoreMatch(lostWallet, foundKeysElsewhere);
    expect(match.score).toBeLessThan(0.2);
    expect(match.reasons).not.toContain('Eyni kateqoriya');
  });

  it('says related categories and near places', () => {
    const tablet = scoreMatch(
      {
        ...lostWallet,
        category: 'phones',
        title: 'Planşet itib',
        description: 'Boz Samsung planşeti Sahil metrosunda itib.',
        location: 'Sahil',
      },
      {
        ...foundWallet,
        category: 'other',
        title: 'Found a tablet',
        description: 'Grey Samsung tablet found at 28 May metro.',
        location: '28 May',
      },
    );
    expect(tablet.reasons).toContain('Oxşar kateqoriya');
    expect(tablet.reasons).toContain('Yaxın yerlər: Sahil metrosu, 28 May metrosu');
    expect(tablet.score).toBeGreaterThan(0.6);
  });

  it('marks down a found item posted long before the loss', () => {
    const before = scoreMatch(lostWallet, { ...foundWallet, createdAt: '2026-10-20T10:00:00Z' });
    expect(before.score).toBeLessThan(scoreMatch(lostWallet, foundWallet).score / 2 + 0.01);
    expect(before.reasons).not.toContain('Tarix uyğundur');
  });

  it('reads the dates a post gives before its posting time', () => {
    const lost = { ...lostWallet, date: '2026-11-02T08:00:00Z' };
    // Posted after the lost post, but the finder says it was found the day before the loss.
    const foundEarlier = { ...foundWallet, date: '2026-10-30T12:00:00Z' };
    expect(scoreMatch(lost, foundEarlier).reasons).not.toContain('Tarix uyğundur');
    expect(scoreMatch(lost, foundEarlier).score).toBeLessThan(scoreMatch(lost, foundWallet).score);
    expect(scoreMatch(lost, { ...foundWallet, date: '2026-11-02T10:00:00Z' }).reasons).toContain(
      'Tarix uyğundur',
    );
  });

  it('marks down another brand of the same item', () => {
    const iphone = {
      ...lostWallet,
      category: 'phones' as const,
      title: 'iPhone itib',
      description: 'Qara iPhone 13 telefonum itib.',
    };
    const samsung = {
      ...foundWallet,
      category: 'phones' as const,
      title: 'Найден телефон',
      description: 'Нашли черный Самсунг.',
    };
    const ayfon = { ...samsung, description: 'Нашли черный айфон 13.' };
    expect(scoreMatch(iphone, ayfon).score).toBeGreaterThan(scoreMatch(iphone, samsung).score + 0.2);
  });
});

describe('rankCandidates', () => {
  it('ranks the opposite type only, best first, up to the limit', () => {
    const ranked = rankCandidates(lostWallet, [foundKeysElsewhere, foundWallet, lostWallet], { limit: 10 });
    expect(ranked.map((r) => r.announcement.id)).toEqual(['found-wallet', 'found-keys']);
    expect(rankCandidates(lostWallet, [foundKeysElsewhere, foundWallet], { limit: 1 })).toHaveLength(1);
  });

  it('ranks from the found side too', () => {
    const ranked = rankCandidates(foundWallet, [lostWallet], { limit: 10 });
    expect(ranked[0]).toMatchObject({
      announcement: lostWallet,
      score: scoreMatch(lostWallet, foundWallet).score,
    });
  });

  it('counts words the lexicon does not know, by their letters (another ending, another script)', () => {
    const lost: MatchableAnnouncement = {
      id: 'lost-passport',
      type: 'lost',
      category: 'documents',
      title: 'Passport lost',
      description: 'Lost my passport, name Ivan Petrov.',
      location: 'Nizami küçəsi',
      createdAt: '2026-11-05T03:00:00Z',
    };
    const found = (id: string, surname: string): MatchableAnnouncement => ({
      id,
      type: 'found',
      category: 'documents',
      title: 'Найден паспорт',
      description: `Нашли паспорт на имя Иван ${surname}.`,
      location: 'улица Низами',
      createdAt: '2026-11-05T06:00:00Z',
    });
    const ranked = rankCandidates(lost, [found('sidorov', 'Сидоров'), found('petrov', 'Петров')]);
    expect(ranked.map((r) => r.announcement.id)).toEqual(['petrov', 'sidorov']);
    expect(ranked[0]!.reasons.join(' ')).toContain('petrov');
  });
});

describe('matchKeys', () => {
  it('gives a pair in different words a key in common, and an unrelated post none', () => {
    const lost = new Set(matchKeys(lostWallet));
    expect(matchKeys(foundWallet).some((k) => lost.has(k))).toBe(true);
    expect(matchKeys(foundWallet)).toContain('wallet@m-28-may');
    expect(matchKeys(foundKeysElsewhere).some((k) => lost.has(k))).toBe(false);
  });

  it('is stable and sorted', () => {
    expect(matchKeys(lostWallet)).toEqual([...matchKeys(lostWallet)].sort());
    expect(matchKeys(lostWallet)).toEqual(matchKeys({ ...lostWallet }));
  });
});
