import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { InfoPage, Updated } from '../info-page';
import { LegalSections, type LegalSection } from './legal-sections';

const SECTIONS: LegalSection[] = [
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
];

export default function TermsPage() {
  const navigate = useNavigate();
  return (
    <InfoPage title="İstifadə şərtləri">
      <Updated>Son yenilənmə: 25 avqust 2025</Updated>
      <LegalSections sections={SECTIONS} />
      <Row>
        <ButtonLink to="/auth">Qəbul edirəm</ButtonLink>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          Geri
        </Button>
      </Row>
    </InfoPage>
  );
}
