import { foldedWordsOf, foldLetters } from '@tapinti/text/search-folding';
import { msg, type Translate } from '../../lib/i18n';

/** One part of an article: a heading, then paragraphs and/or a list (numbered when `ordered`). */
export interface HelpSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
  ordered?: boolean;
}

export interface HelpArticle {
  slug: string;
  title: string;
  /** One sentence under the title and in search results. */
  summary: string;
  sections: HelpSection[];
}

export interface HelpCategory {
  title: string;
  articles: HelpArticle[];
}

/** The help centre's four categories of four articles (spec §2), with their content. */
export const HELP_CATEGORIES: HelpCategory[] = [
  {
    title: msg('Başlanğıc'),
    articles: [
      {
        slug: 'qeydiyyat',
        title: msg('Qeydiyyat'),
        summary: msg('Hesab yaratmaq bir dəqiqə çəkir və pulsuzdur.'),
        sections: [
          {
            heading: msg('Hesabı necə yaradım?'),
            ordered: true,
            list: [
              msg('Yuxarı sağdakı «Daxil ol» düyməsini basın və «Qeydiyyat» vərəqinə keçin.'),
              msg(
                'İstifadəçi adı, e-poçt ünvanı və şifrə yazın. Telefon nömrəsi istəyə bağlıdır (+994 ilə başlayan beynəlxalq formatda).',
              ),
              msg(
                'Şifrəni təkrar yazıb «Qeydiyyatdan keç» düyməsini basın — hesabınız yaranır və siz daxil olursunuz.',
              ),
            ],
          },
          {
            heading: msg('E-poçtun təsdiqi'),
            paragraphs: [
              msg(
                'Qeydiyyatdan sonra e-poçt ünvanınıza təsdiq linki göndərilir. Linki açmaqla ünvanın sizə aid olduğunu təsdiqləyirsiniz: təsdiqlənmiş hesablar digər istifadəçilər üçün daha etibarlıdır və bildirişlər bu ünvana gəlir.',
              ),
              msg('Məktub gəlməyibsə, «Spam» qovluğunu yoxlayın.'),
            ],
          },
          {
            heading: msg('Nəyə diqqət edim?'),
            list: [
              msg(
                'İstifadəçi adı və e-poçt təkrarlana bilməz: başqa hesabda istifadə olunubsa, forma bunu bildirir.',
              ),
              msg('Güclü şifrə seçin və onu başqa saytlarda istifadə etməyin.'),
            ],
          },
        ],
      },
      {
        slug: 'hesaba-daxil-olmaq',
        title: msg('Hesaba daxil olmaq'),
        summary: msg(
          'E-poçt və ya istifadəçi adı ilə daxil olun; şifrəni unutmusunuzsa, e-poçtla yenisini təyin edin.',
        ),
        sections: [
          {
            heading: msg('Necə daxil olum?'),
            ordered: true,
            list: [
              msg('«Daxil ol» düyməsini basın.'),
              msg('E-poçt ünvanınızı və ya istifadəçi adınızı, sonra şifrənizi yazın.'),
              msg(
                '«Daxil ol» düyməsini basın. Bir neçə dəfə yanlış şifrə yazılsa, təhlükəsizlik üçün cəhdlər müvəqqəti dayandırılır — bir az gözləyib yenidən cəhd edin.',
              ),
            ],
          },
          {
            heading: msg('Şifrəmi unutmuşam, nə edim?'),
            paragraphs: [
              msg(
                'Giriş formasında «Şifrəni unutmusunuz?» linkini basın və qeydiyyatda göstərdiyiniz e-poçt ünvanını yazın. Həmin ünvana 1 saat işləyən, bir dəfəlik link göndəririk: onu açıb yeni şifrə təyin edin. Yeni şifrə təyin olunanda bütün cihazlardakı sessiyalar bağlanır.',
              ),
              msg(
                'Məktub gəlməyibsə, «Spam» qovluğuna baxın və ya destek@tapinti.az ünvanına yazın. Şifrənizi heç kimə — o cümlədən bizim adımızdan yazanlara — deməyin.',
              ),
            ],
          },
          {
            heading: msg('Çıxış'),
            paragraphs: [
              msg('Ortaq kompüterdə işlədikdən sonra yuxarıdakı «Çıxış» düyməsi ilə hesabdan çıxın.'),
            ],
          },
        ],
      },
      {
        slug: 'profili-yenilemek',
        title: msg('Profili yeniləmək'),
        summary: msg('Profil səhifəsində məlumatlarınızı və elanlarınızı idarə edin.'),
        sections: [
          {
            heading: msg('Profil səhifəsi'),
            paragraphs: [
              msg(
                'Daxil olduqdan sonra yuxarıdakı «Profil» düyməsi sizi profil səhifəsinə aparır. Orada iki vərəq var: profil məlumatları (istifadəçi adı, e-poçt, telefon) və «Elanlarım».',
              ),
            ],
          },
          {
            heading: msg('Elanlarımı necə idarə edim?'),
            list: [
              msg('«Elanlarım» vərəqində hər elanınızı redaktə edə, bağlaya və ya silə bilərsiniz.'),
              msg(
                'Elan 30 gün aktiv qalır, sonra avtomatik arxivlənir; arxivlənmiş elanı daha 30 gün üçün yeniləmək olar.',
              ),
              msg(
                'Əşya sahibinə qaytarıldıqda və ya tapıldıqda elanı bağlayın ki, başqaları boş yerə əlaqə saxlamasın.',
              ),
            ],
          },
        ],
      },
      {
        slug: 'platforma-ile-tanisliq',
        title: msg('Platforma ilə tanışlıq'),
        summary: msg('Tapıntı itirilmiş və tapılmış əşyaları sahibləri ilə görüşdürür — pulsuz.'),
        sections: [
          {
            heading: msg('Tapıntı necə işləyir?'),
            ordered: true,
            list: [
              msg('Əşyanı itirən və ya tapan şəxs elan yerləşdirir.'),
              msg(
                'Platforma itirilmiş və tapılmış elanları müqayisə edir: uyğun elan çıxanda hər iki tərəfə bildiriş gəlir.',
              ),
              msg('Əşyanı iddia edən şəxs sorğu göndərir və tapanın təhlükəsizlik suallarına cavab verir.'),
              msg(
                'Sorğu qəbul olunanda sahib 6 rəqəmli təhvil kodu alır; əşya təhvil veriləndə tapan bu kodu daxil edir.',
              ),
            ],
          },
          {
            heading: msg('Kimlər üçündür?'),
            paragraphs: [
              msg(
                'Hər kəs elanlara baxa bilər. Elan yerləşdirmək, əlaqə məlumatını görmək və sorğu göndərmək üçün hesaba daxil olmaq lazımdır. Otellər, ticarət mərkəzləri və digər təşkilatlar «Təşkilat kimi qoşulun» səhifəsindən müraciət edib öz itirilmiş əşyalar xidmətini platformada apara bilər.',
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    title: msg('Elan yerləşdirmək'),
    articles: [
      {
        slug: 'itirilmis-esya-elani',
        title: msg('İtirilmiş əşya elanı'),
        summary: msg('Nəyi itirdiyinizi elə təsvir edin ki, tapan onu tanısın.'),
        sections: [
          {
            heading: msg('Elanı necə yerləşdirim?'),
            ordered: true,
            list: [
              msg(
                'Daxil olun, yuxarıdakı «Elan yarat» düyməsini basın və «Əşyamı itirdim» seçin (ana səhifədə də bu düymə var).',
              ),
              msg('Kateqoriyanı seçin: telefonlar, çantalar, açarlar, sənədlər və ya digər.'),
              msg(
                'Başlıq (ən azı 5 simvol) və təsvir (ən azı 20 simvol) yazın: rəng, marka, fərqləndirici əlamətlər, nə vaxt itirdiyiniz.',
              ),
              msg(
                'Yeri yazın (məsələn: 28 May metrosu, Bakı) və əlaqə məlumatını yoxlayın — o, telefonunuzla (yoxdursa e-poçtunuzla) doldurulur.',
              ),
              msg('İstəsəniz şəkil və mükafat əlavə edin, sonra «Elanı yerləşdir» düyməsini basın.'),
            ],
          },
          {
            heading: msg('Yaxşı elanın sirri'),
            list: [
              msg(
                'Hər şeyi yazmayın: yalnız sizin bildiyiniz bir əlaməti (içindəki əşyalar, cızıq, stiker) saxlayın — iddia edənin sahib olduğunu yoxlamağa kömək edir.',
              ),
              msg('Sənəd itirmisinizsə, nömrəsini və şəklini elanda paylaşmayın.'),
            ],
          },
        ],
      },
      {
        slug: 'tapilmis-esya-elani',
        title: msg('Tapılmış əşya elanı'),
        summary: msg('Tapdığınız əşyanı sahibinə qaytarmağın ən təhlükəsiz yolu.'),
        sections: [
          {
            heading: msg('Elanı necə yerləşdirim?'),
            ordered: true,
            list: [
              msg('«Elan yarat» düyməsini basın və «Əşya tapdım» seçin (ana səhifədə də bu düymə var).'),
              msg('Əşyanı ümumi sözlərlə təsvir edin, harada və nə vaxt tapdığınızı yazın.'),
              msg(
                'Təhlükəsizlik sualları əlavə edin (ən çox 3): yalnız əsl sahibin bildiyi əlamətləri soruşun. Gözlənilən cavabı yalnız siz görürsünüz.',
              ),
              msg('«Elanı yerləşdir» düyməsini basın.'),
            ],
          },
          {
            heading: msg('Sahibi necə tapılır?'),
            paragraphs: [
              msg(
                'Uyğun itirilmiş elan varsa, hər iki tərəfə bildiriş gəlir. Əşyanı iddia edən şəxs sorğu göndərir və suallarınıza cavab verir; cavabları yoxlayıb sorğunu qəbul və ya rədd edirsiniz.',
              ),
              msg(
                'Sorğu qəbul olunanda sahib 6 rəqəmli təhvil kodu alır. Əşyanı verərkən bu kodu ondan soruşub daxil edin — kod düzdürsə, əşya doğru adama verilir. İstəsəniz, əşyanı təhvil məntəqələrindən birinə də təhvil verə bilərsiniz.',
              ),
            ],
          },
        ],
      },
      {
        slug: 'sekil-elave-etmek',
        title: msg('Şəkil əlavə etmək'),
        summary: msg('Bir şəkil elanı tanınan edir: 10 MB-a qədər JPEG, PNG, WebP və ya GIF.'),
        sections: [
          {
            heading: msg('Şəkli necə yükləyim?'),
            ordered: true,
            list: [
              msg('Elan formasında «Şəkil seçin» sahəsinə basıb faylı seçin.'),
              msg('Yükləmə bitənə qədər gözləyin: bu vaxt elanı göndərmək olmur.'),
              msg('Fikrinizi dəyişsəniz, göndərməzdən əvvəl şəkli silə bilərsiniz.'),
            ],
          },
          {
            heading: msg('Qaydalar'),
            list: [
              msg('Bir elana bir şəkil; faylın ölçüsü 10 MB-dan böyük olmamalıdır.'),
              msg(
                'Tapılmış əşyanın şəklində sahibin yoxlama üçün lazım olan detalları (sənədin nömrəsi, ekrandakı məlumat) görünməsin.',
              ),
              msg('Kartlarda şəklin kiçildilmiş surəti göstərilir, elanın təfərrüatlarında isə tam ölçüsü.'),
            ],
          },
        ],
      },
      {
        slug: 'mukafat-teklif-etmek',
        title: msg('Mükafat təklif etmək'),
        summary: msg('İtirilmiş əşya üçün mükafat elanınızı «Mükafatlar» səhifəsinə çıxarır.'),
        sections: [
          {
            heading: msg('Mükafatı necə təklif edim?'),
            paragraphs: [
              msg(
                'Mükafat yalnız itirilmiş əşya elanında təklif olunur. Formadakı «Mükafat» blokunda məbləği tam manatla (AZN) və istəsəniz mükafat haqqında qısa qeyd yazın. Mükafatlı elanlar «Mükafatlar» səhifəsində və ana səhifədəki «Yalnız mükafatlı elanlar» filtrində görünür.',
              ),
            ],
          },
          {
            heading: msg('Təhlükəsizlik'),
            list: [
              msg('Mükafatı heç vaxt əşyanı almazdan əvvəl ödəməyin — nə qabaqcadan, nə «çatdırılma» üçün.'),
              msg('Mükafatı təhvil zamanı, əşyanın sizin olduğunu yoxladıqdan sonra verin.'),
              msg('Platforma ödənişlərə vasitəçilik etmir və sizdən heç vaxt pul istəmir.'),
            ],
          },
        ],
      },
    ],
  },
  {
    title: msg('Axtarış və tapmaq'),
    articles: [
      {
        slug: 'elanlarda-axtaris',
        title: msg('Elanlarda axtarış'),
        summary: msg('Ana səhifədəki axtarış başlıq, təsvir və yerə görə axtarır.'),
        sections: [
          {
            heading: msg('Necə axtarım?'),
            ordered: true,
            list: [
              msg(
                'Ana səhifədəki axtarış sahəsinə bir neçə söz yazın (məsələn: qara pulqabı, açar, telefon).',
              ),
              msg('Enter və ya «Axtar» düyməsini basın — nəticələr «Son elanlar» bölməsində görünür.'),
              msg('«Bütün elanları göstər» filtrləri sıfırlayır.'),
            ],
          },
          {
            heading: msg('Məsləhətlər'),
            list: [
              msg('Azərbaycan hərfləri olmadan yazsanız da tapılır: «pulqabi» «pulqabı»nı tapır.'),
              msg(
                'Həm itirilmiş, həm tapılmış elanlara baxın: tapan şəxs əşyanı başqa sözlərlə təsvir edə bilər.',
              ),
              msg(
                'Elan yerləşdirsəniz, uyğun elan çıxanda bildiriş alacaqsınız — hər gün axtarmaq lazım deyil.',
              ),
            ],
          },
        ],
      },
      {
        slug: 'kateqoriya-filtri',
        title: msg('Kateqoriya filtri'),
        summary: msg('Nəticələri telefonlar, çantalar, açarlar, sənədlər və ya digər əşyalarla daraldın.'),
        sections: [
          {
            heading: msg('Filtrdən necə istifadə edim?'),
            paragraphs: [
              msg(
                'Ana səhifədəki «Kateqoriya» siyahısından bir kateqoriya seçin: siyahı yalnız həmin kateqoriyanın elanlarını göstərir. Axtarış sözü ilə birlikdə də işləyir. Hamısını görmək üçün «Bütün kateqoriyalar» seçin.',
              ),
            ],
          },
          {
            heading: msg('Əşyam hansı kateqoriyadadır?'),
            list: [
              msg('Telefonlar — telefon, planşet, qulaqlıq kimi cihazlar.'),
              msg('Çantalar — çanta, pulqabı, bel çantası.'),
              msg('Açarlar — ev, avtomobil açarları, brelok.'),
              msg('Sənədlər — şəxsiyyət vəsiqəsi, pasport, kartlar.'),
              msg('Digər — qalan hər şey.'),
            ],
          },
        ],
      },
      {
        slug: 'mukafatli-elanlar',
        title: msg('Mükafatlı elanlar'),
        summary: msg('Sahibinin mükafat təklif etdiyi elanlar bir yerdə.'),
        sections: [
          {
            heading: msg('«Mükafatlar» səhifəsi'),
            paragraphs: [
              msg(
                'Yuxarıdakı «Mükafatlar» linki mükafatlı elanları göstərir: onların sayı, ümumi və orta mükafat məbləği. Açar sözə, kateqoriyaya görə süzə və mükafatın məbləğinə və ya tarixə görə sıralaya bilərsiniz.',
              ),
            ],
          },
          {
            heading: msg('Mükafatı necə alım?'),
            paragraphs: [
              msg(
                'Əşyanı tapmısınızsa, elanın sahibi ilə əlaqə saxlayın. Mükafat təhvil zamanı, sahib əşyasını aldıqdan sonra verilir; platforma ödənişə vasitəçilik etmir.',
              ),
            ],
          },
        ],
      },
      {
        slug: 'elanin-teferruatlari',
        title: msg('Elanın təfərrüatları'),
        summary: msg('Tam təsvir, şəkil, yer, tarix və əlaqə məlumatı — daxil olmuş istifadəçilər üçün.'),
        sections: [
          {
            heading: msg('Nələri görürəm?'),
            paragraphs: [
              msg(
                'Kartdakı «Ətraflı bax» düyməsi elanın tam təsvirini, şəklini, yerini, tarixini və mükafatını göstərir. Əlaqə məlumatını (telefon və ya e-poçt) yalnız daxil olmuş istifadəçilər görür: telefonda ona basmaqla zəng edə və ya məktub yaza bilərsiniz.',
              ),
            ],
          },
          {
            heading: msg('Əşya mənimdir — nə edim?'),
            ordered: true,
            list: [
              msg(
                'Tapılmış əşyanın təfərrüatlarında sorğu göndərin və təhlükəsizlik suallarına cavab verin.',
              ),
              msg('Tapan cavabları yoxlayıb sorğunu qəbul edəndə 6 rəqəmli təhvil kodu alırsınız.'),
              msg('Görüşdə əşyanı yoxlayın və kodu yalnız əşyanı aldıqda tapana deyin.'),
            ],
          },
        ],
      },
    ],
  },
  {
    title: msg('Təhlükəsizlik'),
    articles: [
      {
        slug: 'saxtakarliqdan-qorunma',
        title: msg('Saxtakarlıqdan qorunma'),
        summary: msg('Əşyanı almadan pul ödəməyin və təhvil kodunu qabaqcadan deməyin.'),
        sections: [
          {
            heading: msg('Saxtakarlığın əlamətləri'),
            list: [
              msg(
                'Əşyanı göstərmədən «çatdırılma», «sığorta» və ya mükafatın bir hissəsini qabaqcadan istəmək.',
              ),
              msg('Təhlükəsizlik suallarına cavab verə bilməmək, amma təkidlə əşyanı istəmək.'),
              msg('Bank kartınızın məlumatlarını, SMS kodlarını və ya təhvil kodunu soruşmaq.'),
            ],
          },
          {
            heading: msg('Necə qorunum?'),
            list: [
              msg('Mükafatı heç vaxt əşyanı almazdan əvvəl ödəməyin.'),
              msg('6 rəqəmli təhvil kodunu yalnız əşya əlinizdə olanda tapana deyin.'),
              msg('Moderatorlar riskli elanları yoxlayır; şübhəli elan görsəniz, şikayət edin.'),
            ],
          },
        ],
      },
      {
        slug: 'tehlukesiz-gorus',
        title: msg('Təhlükəsiz görüş'),
        summary: msg('Əşyanı ictimai yerdə və ya rəsmi təhvil məntəqəsində təhvil verin.'),
        sections: [
          {
            heading: msg('Görüşə hazırlıq'),
            list: [
              msg('Gündüz, adamlı yerdə görüşün: ticarət mərkəzi, metro stansiyası, kafe.'),
              msg('Görüş yeri və vaxtı barədə yaxınlarınızdan birinə xəbər verin.'),
              msg('Evinizin ünvanını və şəxsi sənədlərinizi paylaşmayın.'),
            ],
          },
          {
            heading: msg('Təhvil məntəqələri'),
            paragraphs: [
              msg(
                'Tapılmış əşyanı Bakının ticarət mərkəzlərindəki və metro stansiyalarındakı rəsmi təhvil məntəqələrinə də təhvil verə bilərsiniz: ünvanlar, iş saatları və telefonlar «Təhvil məntəqələri» səhifəsindədir.',
              ),
            ],
          },
          {
            heading: msg('Təhvil zamanı'),
            paragraphs: [
              msg(
                'Sahib əşyanı yoxlayır və 6 rəqəmli təhvil kodunu tapana deyir; tapan kodu daxil edəndə təhvil qeydə alınır. Kod uyğun gəlmirsə, əşyanı verməyin.',
              ),
            ],
          },
        ],
      },
      {
        slug: 'sexsi-melumatlar',
        title: msg('Şəxsi məlumatlar'),
        summary: msg('Hansı məlumatlarınızı kim görür və onları necə qoruyuruq.'),
        sections: [
          {
            heading: msg('Kim nəyi görür?'),
            list: [
              msg('Elanın başlığı, təsviri, yeri və şəkli hamıya açıqdır.'),
              msg('Elandakı əlaqə məlumatını yalnız daxil olmuş istifadəçilər görür.'),
              msg('Şifrəniz şifrələnmiş (heşlənmiş) saxlanılır; onu heç kim, o cümlədən biz, görə bilmir.'),
            ],
          },
          {
            heading: msg('Nə paylaşmamalıyam?'),
            paragraphs: [
              msg(
                'Elanda şəxsiyyət vəsiqəsinin, kartın nömrəsini, ev ünvanını yazmayın. Əlaqə üçün ayrıca telefon və ya e-poçt göstərə bilərsiniz. Ətraflı — «Məxfilik siyasəti» səhifəsində.',
              ),
            ],
          },
        ],
      },
      {
        slug: 'sikayet-etmek',
        title: msg('Şikayət etmək'),
        summary: msg('Şübhəli elanı və ya istifadəçini bizə bildirin.'),
        sections: [
          {
            heading: msg('Necə şikayət edim?'),
            ordered: true,
            list: [
              msg('Aşağıdakı «Şikayətlər» linkinə keçin.'),
              msg('Şikayətin növünü, mövzusunu və ətraflı təsvirini yazın; elanın ID-sini əlavə edin.'),
              msg('Dəqiq tarix və vaxtı, mümkünsə ekran şəklini qeyd edin və əlaqə məlumatınızı yazın.'),
            ],
          },
          {
            heading: msg('Sonra nə olur?'),
            paragraphs: [
              msg(
                'Moderatorlar şikayəti və riskli elanları yoxlayır. Şikayət nömrəsi e-poçtunuza göndərilir; onunla statusu izləyə bilərsiniz. Anonim şikayət də mümkündür, amma onda sizə cavab verə bilməyəcəyik.',
              ),
            ],
          },
        ],
      },
    ],
  },
];

export const HELP_ARTICLES: HelpArticle[] = HELP_CATEGORIES.flatMap((c) => c.articles);

/** The spec's five popular questions, each answered by one of the articles. */
export const POPULAR_ARTICLES = [
  { title: msg('Elanı necə yerləşdirim?'), views: '12.5K', slug: 'itirilmis-esya-elani' },
  { title: msg('Tapdığım əşyanı sahibinə necə qaytarım?'), views: '8.3K', slug: 'tapilmis-esya-elani' },
  { title: msg('Mükafatı necə təklif edim?'), views: '6.7K', slug: 'mukafat-teklif-etmek' },
  { title: msg('Şifrəmi unutmuşam, nə edim?'), views: '5.2K', slug: 'hesaba-daxil-olmaq' },
  { title: msg('Təhvil məntəqələri necə işləyir?'), views: '4.8K', slug: 'tehlukesiz-gorus' },
] as const;

export function findHelpArticle(slug: string | undefined): HelpArticle | undefined {
  return HELP_ARTICLES.find((a) => a.slug === slug);
}

function articleText(article: HelpArticle, translate: Translate): string {
  return [
    article.title,
    article.summary,
    ...article.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.list ?? [])]),
  ]
    .map((text) => translate(text))
    .join('\n');
}

const untranslated: Translate = (text) => text;

interface SearchIndex {
  title: Map<HelpArticle, string>;
  text: Map<HelpArticle, string>;
}

/** The folded texts of the articles in one language, made once per translator (`t` of that language). */
const searchIndexes = new WeakMap<Translate, SearchIndex>();

function searchIndex(translate: Translate): SearchIndex {
  let index = searchIndexes.get(translate);
  if (!index) {
    index = {
      title: new Map(HELP_ARTICLES.map((a) => [a, foldLetters(translate(a.title))])),
      text: new Map(HELP_ARTICLES.map((a) => [a, foldLetters(articleText(a, translate))])),
    };
    searchIndexes.set(translate, index);
  }
  return index;
}

/**
 * The articles whose text, in the language `translate` shows (Azerbaijani without it), contains
 * every word of the query, folded as the announcement search folds ('PULQABI', 'pulqabi' and
 * 'pulqabı' are one word, so are 'sifre' and 'şifrə'; case and ё/е do not count in English and
 * Russian; punctuation is no word); those matching in the title first.
 */
export function searchHelpArticles(query: string, translate: Translate = untranslated): HelpArticle[] {
  const words = foldedWordsOf(query);
  if (words.length === 0) return HELP_ARTICLES;
  const index = searchIndex(translate);
  const matches = HELP_ARTICLES.filter((a) => words.every((w) => index.text.get(a)!.includes(w)));
  const inTitle = (a: HelpArticle) => words.every((w) => index.title.get(a)!.includes(w));
  return [...matches.filter(inTitle), ...matches.filter((a) => !inTitle(a))];
}
