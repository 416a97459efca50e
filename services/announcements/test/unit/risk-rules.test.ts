import { riskRulesOf, type RiskInput, type RiskRule } from '../../src/domain/risk-rules';

/**
 * Issue 21, finding 2: the 23 look-alike variants that beat the risk rules, more of our own,
 * and ordinary posts in Azerbaijani, Russian and English that must still pass.
 */
const config = { rewardReviewAbove: 500 };
const base: RiskInput = {
  title: 'Qara pulqabı itirilib',
  description: 'Gənclik metrosunda qara dəri pulqabı itirmişəm, içində sənədlər var',
  location: 'Gənclik metrosu',
  rewardAmount: 50,
  rewardDescription: null,
};
const say = (description: string): Partial<RiskInput> => ({ description });
const titled = (title: string): Partial<RiskInput> => ({ title });
const FW = (digits: string) => digits.replace(/\d/g, (d) => String.fromCodePoint(0xff10 + Number(d)));

const rows: Array<[string, Partial<RiskInput>, RiskRule[]]> = [
  // The 23 variants
  ["Cyrillic 'р' in 'pul'", say('Pulqabını tapdım, рul göndərin qaytarım'), ['money-request']],
  ["Cyrillic 'а' in 'kartıma'", say('Mükafatı kаrtıma köçürün'), ['money-request']],
  ['a zero-width space', say('Tapmışam, pul\u200b göndərin'), ['money-request']],
  ['dots between letters', say('Tapmışam, əvvəlcə p.u.l göndərin'), ['money-request']],
  ['a hyphen inside a word', say('Mükafatı kart-ıma köçürün'), ['money-request']],
  ['spaced letters', say('ə v v ə l c ə d ə n ödəyin, sonra qaytarım'), ['money-request']],
  ['a synonym: qabaqcadan köçürün', say('Mükafatı qabaqcadan köçürün'), ['money-request']],
  ['a synonym: əvvəlcədən ödəyin', say('Əvvəlcədən ödəyin, sonra görüşərik'), ['money-request']],
  ['Russian: сначала оплатите', say('Нашёл ваш кошелёк, сначала оплатите доставку'), ['money-request']],
  ['Russian: переведите предоплату', say('Переведите предоплату 20 манат'), ['money-request']],
  ['English: pay first', say('Found your wallet. Pay first, then I return it'), ['money-request']],
  ['English: send money before', say('Send money before we meet'), ['money-request']],
  ['a card number with slashes', say('Kart: 4111/1111/1111/1111'), ['card-number']],
  ['a card number in full-width digits', say(`Kart: ${FW('4111 1111 1111 1111')}`), ['card-number']],
  ['a card number split by words', say('4111 1111 sonra 1111 1111 nömrəli karta'), ['card-number']],
  ['a phone in full-width digits in the title', titled(`Pulqabı ${FW('050 123 45 67')}`), ['phone-in-title']],
  ["a link written 'evil-pay．az'", titled('Pulqabı evil-pay．az'), ['link-in-title']],
  ["a link written 'evil-pay[.]az'", titled('Pulqabı evil-pay[.]az'), ['link-in-title']],
  ["a link with a Cyrillic 'а'", titled('Pulqabı evil-pаy.az'), ['link-in-title']],
  ['an https link in the description', say('Təsdiq üçün: https://evil-pay.xyz/claim'), ['link-in-text']],
  ['a t.me link in the description', say('Yazın t.me/scam_finder'), ['link-in-text']],
  [
    'a reward text promising far more than the amount',
    { rewardAmount: 20, rewardDescription: 'Mükafat: 5000 AZN' },
    ['reward-promise'],
  ],
  [
    'a reward text in thousands',
    { rewardAmount: 20, rewardDescription: '5 min manat verəcəm' },
    ['reward-promise'],
  ],
  // More of our own
  ['a soft hyphen and a word joiner', say('pul\u00ad göndə\u2060rin'), ['money-request']],
  ['a Greek omicron', say('Mükafatı qabaqcadan köçürün'.replace('o', 'ο')), ['money-request']],
  ['upper-case Cyrillic look-alikes', say('РUL GÖNDƏRİN'), ['money-request']],
  ['spaced letters with dots', say('p. u. l göndərin'), ['money-request']],
  ['Russian with a Latin look-alike', say('Сначaла переведите на карту'), ['money-request']],
  ['Russian: скиньте на карту', say('Скиньте на карту 50 манат'), ['money-request']],
  ['English: pay upfront', say('You must PAY UPFRONT'), ['money-request']],
  ['English: to my card', say('Transfer 20 AZN to my card'), ['money-request']],
  ['money asked in the location', { location: 'Əvvəlcədən ödəyin, Nizami' }, ['money-request']],
  [
    'money asked in a security question',
    { securityQuestions: [{ question: 'Pul göndərdiniz?' }] },
    ['money-request'],
  ],
  ['a card number in the reward text', { rewardDescription: 'Kart 4111-1111-1111-1111' }, ['card-number']],
  ['Arabic-Indic digits in a title phone', titled('Pulqabı ٠٥٠١٢٣٤٥٦٧'), ['phone-in-title']],
  ["a link written 'evil-pay (dot) az' in the location", { location: 'evil-pay (dot) az' }, ['link-in-text']],
  ['a www link in the reward text', { rewardDescription: 'Bax www.evil.example' }, ['link-in-text']],
  ['a wa.me link with a zero-width joiner', say('wa\u200d.me/994501234567'), ['link-in-text']],
  [
    'a link in the title and the description',
    { title: 'Pulqabı tapdim.az', description: 'https://x.ru' },
    ['link-in-title', 'link-in-text'],
  ],
  ['a high reward', { rewardAmount: 501 }, ['high-reward']],
  // Ordinary posts that must pass
  ['an ordinary Azerbaijani post', {}, []],
  ['a year and a model number in the title', titled('iPhone 13 Pro tapılıb, 2025 may'), []],
  ['a room, a floor and a time', say('Otaq 1204, 3-cü mərtəbə, saat 14:30 radələrində itirdim'), []],
  ['a phone in the description', say('Tapan zəng etsin: 050 123 45 67'), []],
  ['an e-mail in the description', say('Yazın: nigar.aliyeva@mail.ru'), []],
  ["a sentence ending before 'Az'", say('Sənədlər var. Az pul da var idi içində'), []],
  ['a bank card lost', say('Bank kartı mağazada itib, kartın üstündə adım yazılıb'), []],
  [
    'a Russian post',
    {
      title: 'Потерял кошелёк',
      description: 'Чёрный кожаный кошелёк, в нём банковская карта и права. Верну вознаграждение 20 манат',
    },
    [],
  ],
  [
    'an English post',
    {
      title: 'Lost black backpack',
      description: 'Left it on bus 65 near 28 May station. Please call, reward 50 AZN',
    },
    [],
  ],
  ['a metro abbreviation', { location: 'Gənclik m/st, A.Ə. blok' }, []],
  ['a reward text naming the amount', { rewardAmount: 50, rewardDescription: '50 manat və təşəkkür' }, []],
  ['a reward text with a small extra', { rewardAmount: 50, rewardDescription: '50-60 manat' }, []],
  ['an order number that fails Luhn', say('Sifariş nömrəsi 4111 1111 1111 1112 idi'), []],
  ['a date in the description', say('12/05/2025 tarixində 65 nömrəli avtobusda itirdim'), []],
];

describe('risk rules read every field after normalisation', () => {
  it.each(rows)('%s', (_name, overrides, expected) => {
    expect(riskRulesOf({ ...base, ...overrides }, config)).toEqual(expected);
  });

  it('covers the issue variants and ordinary posts (at least 40 rows)', () => {
    expect(rows.length).toBeGreaterThanOrEqual(40);
  });
});
