import { ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { InfoPage, MailButton, Panel, Updated } from '../info-page';
import { LegalSections, type LegalSection } from './legal-sections';

const SECTIONS: LegalSection[] = [
  [
    'Ümumi məlumat',
    [
      'Bu siyasət Tapıntı-nın şəxsi məlumatlarınızı necə topladığını, istifadə etdiyini və qoruduğunu izah edir.',
    ],
  ],
  [
    'Topladığımız məlumatlar',
    [
      'Qeydiyyat məlumatları: istifadəçi adı, e-poçt, istəyə bağlı telefon nömrəsi və şifrələnmiş şifrə.',
      'Elan məlumatları: elanın mətni, yeri, kateqoriyası, şəkli və əlaqə məlumatı.',
      'Texniki məlumatlar: IP ünvanı, brauzer, giriş vaxtları və ziyarətlər.',
    ],
  ],
  [
    'Məlumatlardan istifadə',
    ['Məlumatlar xidməti göstərmək, hesabınızı qorumaq və platformanı təkmilləşdirmək üçün istifadə olunur.'],
  ],
  [
    'Məlumatların paylaşılması',
    [
      'Məlumatlarınız yalnız razılığınızla, qanuni tələb olduqda, təhlükəsizlik təhdidi zamanı və ya məhdud, şifrələnmiş xidmət təminatçıları ilə paylaşılır.',
    ],
  ],
  [
    'Məlumatların qorunması',
    [
      'SSL şifrələməsi, verilənlər bazasının şifrələnməsi, məhdud giriş, müntəzəm yoxlamalar və güclü heşləmə tətbiq olunur.',
    ],
  ],
  ['Kukilər və izləmə', ['Sessiya, funksional və analitik kukilərdən istifadə edirik.']],
  [
    'İstifadəçi hüquqları',
    [
      'Məlumatlarınıza baxmaq və onları yeniləmək, silinməsini tələb etmək, emalı məhdudlaşdırmaq, məlumatları köçürmək və avtomatlaşdırılmış qərarlara etiraz etmək hüququnuz var.',
    ],
  ],
  [
    'Məlumatların saxlanması',
    ['Hesab silindikdən sonra məlumatlar 30 gün arxivdə saxlanılır, sonra silinir.'],
  ],
  ['Uşaqların məxfiliyi', ['Platforma 13 yaşından kiçik uşaqlar üçün nəzərdə tutulmayıb.']],
  ['Əlaqə', ['Məxfiliklə bağlı suallarınız üçün privacy@tapinti.az ünvanına yazın.']],
];

export default function PrivacyPage() {
  return (
    <InfoPage title="Məxfilik siyasəti">
      <Updated>Son yenilənmə: 25 avqust 2025</Updated>
      <LegalSections sections={SECTIONS} />
      <Panel aria-labelledby="manage-data" style={{ maxWidth: 760 }}>
        <h2 id="manage-data">Məlumatlarınızı idarə edin</h2>
        <p>Profil məlumatlarınızı yeniləyə və ya məlumatlarınızla bağlı sorğu göndərə bilərsiniz.</p>
        <Row>
          <ButtonLink to="/profile" size="sm">
            Profilə keç
          </ButtonLink>
          <MailButton to="privacy@tapinti.az" subject="Məlumat sorğusu" size="sm">
            Məxfilik komandasına yazın
          </MailButton>
        </Row>
      </Panel>
    </InfoPage>
  );
}
