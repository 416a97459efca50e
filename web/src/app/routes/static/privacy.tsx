import { ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { InfoPage, MailButton, Panel, Updated } from '../info-page';
import { LegalSections, type LegalSection } from './legal-sections';
import { msg, useT } from '../../../lib/i18n';

const SECTIONS: LegalSection[] = [
  [
    msg('Ümumi məlumat'),
    [
      msg(
        'Bu siyasət Tapıntı-nın şəxsi məlumatlarınızı necə topladığını, istifadə etdiyini və qoruduğunu izah edir.',
      ),
    ],
  ],
  [
    msg('Topladığımız məlumatlar'),
    [
      msg(
        'Qeydiyyat məlumatları: istifadəçi adı, e-poçt, istəyə bağlı telefon nömrəsi və şifrələnmiş şifrə.',
      ),
      msg('Elan məlumatları: elanın mətni, yeri, kateqoriyası, şəkli və əlaqə məlumatı.'),
      msg('Texniki məlumatlar: IP ünvanı, brauzer, giriş vaxtları və ziyarətlər.'),
    ],
  ],
  [
    msg('Məlumatlardan istifadə'),
    [
      msg(
        'Məlumatlar xidməti göstərmək, hesabınızı qorumaq və platformanı təkmilləşdirmək üçün istifadə olunur.',
      ),
    ],
  ],
  [
    msg('Məlumatların paylaşılması'),
    [
      msg(
        'Məlumatlarınız yalnız razılığınızla, qanuni tələb olduqda, təhlükəsizlik təhdidi zamanı və ya məhdud, şifrələnmiş xidmət təminatçıları ilə paylaşılır.',
      ),
    ],
  ],
  [
    msg('Məlumatların qorunması'),
    [
      msg(
        'SSL şifrələməsi, verilənlər bazasının şifrələnməsi, məhdud giriş, müntəzəm yoxlamalar və güclü heşləmə tətbiq olunur.',
      ),
    ],
  ],
  [msg('Kukilər və izləmə'), [msg('Sessiya, funksional və analitik kukilərdən istifadə edirik.')]],
  [
    msg('İstifadəçi hüquqları'),
    [
      msg(
        'Məlumatlarınıza baxmaq və onları yeniləmək, silinməsini tələb etmək, emalı məhdudlaşdırmaq, məlumatları köçürmək və avtomatlaşdırılmış qərarlara etiraz etmək hüququnuz var.',
      ),
    ],
  ],
  [
    msg('Məlumatların saxlanması'),
    [msg('Hesab silindikdən sonra məlumatlar 30 gün arxivdə saxlanılır, sonra silinir.')],
  ],
  [msg('Uşaqların məxfiliyi'), [msg('Platforma 13 yaşından kiçik uşaqlar üçün nəzərdə tutulmayıb.')]],
  [msg('Əlaqə'), [msg('Məxfiliklə bağlı suallarınız üçün privacy@tapinti.az ünvanına yazın.')]],
];

export default function PrivacyPage() {
  const t = useT();
  return (
    <InfoPage title={t('Məxfilik siyasəti')}>
      <Updated>{t('Son yenilənmə: 25 avqust 2025')}</Updated>
      <LegalSections sections={SECTIONS} />
      <Panel aria-labelledby="manage-data" style={{ maxWidth: 760 }}>
        <h2 id="manage-data">{t('Məlumatlarınızı idarə edin')}</h2>
        <p>{t('Profil məlumatlarınızı yeniləyə və ya məlumatlarınızla bağlı sorğu göndərə bilərsiniz.')}</p>
        <Row>
          <ButtonLink to="/profile" size="sm">
            {t('Profilə keç')}
          </ButtonLink>
          <MailButton to="privacy@tapinti.az" subject={t('Məlumat sorğusu')} size="sm">
            {t('Məxfilik komandasına yazın')}
          </MailButton>
        </Row>
      </Panel>
    </InfoPage>
  );
}
