import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { InfoPage, Prose, Updated } from '../info-page';

const SECTIONS = [
  [
    'Ümumi müddəalar',
    'Bu şərtlər Tapıntı platformasından istifadə qaydalarını müəyyən edir. Platformadan istifadə etməklə bu şərtləri qəbul etmiş olursunuz.',
  ],
  [
    'Qeydiyyat və hesab',
    'Qeydiyyat zamanı doğru məlumat verməlisiniz. Hesabınızın təhlükəsizliyinə və şifrənizin məxfiliyinə siz cavabdehsiniz.',
  ],
  [
    'Elanların yerləşdirilməsi',
    'Elanlar yalnız həqiqətən itirilmiş və ya tapılmış əşyalar haqqında olmalıdır. Saxta, yanıltıcı və ya qanunsuz elanlar qadağandır.',
  ],
  [
    'Mükafatlar',
    'Mükafat elan sahibi ilə əşyanı qaytaran şəxs arasındakı razılaşmadır. Tapıntı mükafatın ödənilməsinə zəmanət vermir.',
  ],
  [
    'İstifadəçi davranışı',
    'Digər istifadəçilərə hörmətlə yanaşın. Təhqir, təhdid, spam və saxtakarlıq hesabın bloklanmasına səbəb olur.',
  ],
  [
    'Məsuliyyətin məhdudlaşdırılması',
    'Tapıntı istifadəçilər arasında vasitəçi platformadır və əşyaların vəziyyətinə və ya təhvil prosesinə görə məsuliyyət daşımır.',
  ],
  ['Məxfilik', 'Şəxsi məlumatlarınız Məxfilik siyasətinə uyğun olaraq işlənir.'],
  [
    'Şərtlərin dəyişdirilməsi',
    'Tapıntı bu şərtləri dəyişdirə bilər. Dəyişikliklər saytda dərc edildiyi gündən qüvvəyə minir.',
  ],
] as const;

export default function TermsPage() {
  const navigate = useNavigate();
  return (
    <InfoPage title="İstifadə şərtləri">
      <Updated>Son yenilənmə: 25 avqust 2025</Updated>
      <Prose>
        {SECTIONS.map(([title, text], i) => (
          <section key={title}>
            <h2>
              {i + 1}. {title}
            </h2>
            <p>{text}</p>
          </section>
        ))}
      </Prose>
      <Row>
        <ButtonLink to="/auth">Qəbul edirəm</ButtonLink>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          Geri
        </Button>
      </Row>
    </InfoPage>
  );
}
