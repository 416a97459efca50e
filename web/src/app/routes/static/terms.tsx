import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { InfoPage, Updated } from '../info-page';
import { LegalSections, type LegalSection } from './legal-sections';
import { msg, useT } from '../../../lib/i18n';

const SECTIONS: LegalSection[] = [
  [
    msg('Ümumi müddəalar'),
    msg(
      'Bu şərtlər Tapıntı platformasından istifadə qaydalarını müəyyən edir. Platformadan istifadə etməklə bu şərtləri qəbul etmiş olursunuz.',
    ),
  ],
  [
    msg('Qeydiyyat və hesab'),
    msg(
      'Qeydiyyat zamanı doğru məlumat verməlisiniz. Hesabınızın təhlükəsizliyinə və şifrənizin məxfiliyinə siz cavabdehsiniz.',
    ),
  ],
  [
    msg('Elanların yerləşdirilməsi'),
    msg(
      'Elanlar yalnız həqiqətən itirilmiş və ya tapılmış əşyalar haqqında olmalıdır. Saxta, yanıltıcı və ya qanunsuz elanlar qadağandır.',
    ),
  ],
  [
    msg('Mükafatlar'),
    msg(
      'Mükafat elan sahibi ilə əşyanı qaytaran şəxs arasındakı razılaşmadır. Tapıntı mükafatın ödənilməsinə zəmanət vermir.',
    ),
  ],
  [
    msg('İstifadəçi davranışı'),
    msg(
      'Digər istifadəçilərə hörmətlə yanaşın. Təhqir, təhdid, spam və saxtakarlıq hesabın bloklanmasına səbəb olur.',
    ),
  ],
  [
    msg('Məsuliyyətin məhdudlaşdırılması'),
    msg(
      'Tapıntı istifadəçilər arasında vasitəçi platformadır və əşyaların vəziyyətinə və ya təhvil prosesinə görə məsuliyyət daşımır.',
    ),
  ],
  [msg('Məxfilik'), msg('Şəxsi məlumatlarınız Məxfilik siyasətinə uyğun olaraq işlənir.')],
  [
    msg('Şərtlərin dəyişdirilməsi'),
    msg('Tapıntı bu şərtləri dəyişdirə bilər. Dəyişikliklər saytda dərc edildiyi gündən qüvvəyə minir.'),
  ],
];

export default function TermsPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <InfoPage title={t('İstifadə şərtləri')}>
      <Updated>{t('Son yenilənmə: 25 avqust 2025')}</Updated>
      <LegalSections sections={SECTIONS} />
      <Row>
        <ButtonLink to="/auth">{t('Qəbul edirəm')}</ButtonLink>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          {t('Geri')}
        </Button>
      </Row>
    </InfoPage>
  );
}
