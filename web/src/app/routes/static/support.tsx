import { Button } from '../../../components/ui/button';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../components/layout/footer';
import { Cards, InfoPage, Panel, Prose } from '../info-page';

const FAQ = [
  {
    q: 'Elan yerləşdirmək pulludur?',
    a: 'Xeyr. Tapıntı-da elan yerləşdirmək və elanlara baxmaq tamamilə pulsuzdur.',
  },
  {
    q: 'Elan nə qədər aktiv qalır?',
    a: 'Elan 30 gün aktiv qalır, sonra avtomatik olaraq arxivə köçürülür.',
  },
  {
    q: 'Elanın təfərrüatlarını niyə görə bilmirəm?',
    a: 'Əlaqə məlumatlarını və təfərrüatları görmək üçün hesabınıza daxil olmalısınız.',
  },
  {
    q: 'Əşyanın əsl sahibi olduğunu necə təsdiqləyirəm?',
    a: 'Əşyanı təhvil verərkən onun fərqləndirici əlamətlərini təsvir etməyiniz xahiş olunur.',
  },
  {
    q: 'Mükafatı necə təklif edim?',
    a: 'İtirilmiş əşya elanı yaradarkən mükafat məbləğini AZN ilə və istəsəniz qısa təsvirini yazın.',
  },
];

export default function SupportPage() {
  return (
    <InfoPage
      title="Dəstək"
      lead="Sualınız var? Bizimlə əlaqə saxlayın və ya tez-tez verilən suallara baxın."
    >
      <Cards>
        <Panel aria-labelledby="support-contact">
          <h2 id="support-contact">Əlaqə</h2>
          <p style={{ display: 'flex', gap: 8 }}>
            <PhoneIcon /> <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
          </p>
          <p style={{ display: 'flex', gap: 8 }}>
            <MailIcon /> <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <div>
            <Button variant="secondary" size="sm">
              Canlı söhbət
            </Button>
          </div>
        </Panel>
        <Panel aria-labelledby="support-hours">
          <h2 id="support-hours">İş saatları</h2>
          <ul style={{ listStyle: 'none', padding: 0 }}>
            <li style={{ display: 'flex', gap: 8 }}>
              <ClockIcon /> Bazar ertəsi – Cümə: 09:00–18:00
            </li>
            <li style={{ display: 'flex', gap: 8 }}>
              <ClockIcon /> Şənbə: 10:00–16:00
            </li>
            <li style={{ display: 'flex', gap: 8 }}>
              <ClockIcon /> Bazar: qeyri-iş günü
            </li>
          </ul>
        </Panel>
        <Panel aria-labelledby="support-office">
          <h2 id="support-office">Ofis</h2>
          <p style={{ display: 'flex', gap: 8 }}>
            <PinIcon /> Nizami küçəsi 10, Bakı, Azərbaycan
          </p>
        </Panel>
      </Cards>
      <Prose>
        <h2>Tez-tez verilən suallar</h2>
        {FAQ.map((f) => (
          <details key={f.q}>
            <summary style={{ cursor: 'pointer', fontWeight: 600, padding: '8px 0' }}>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </Prose>
    </InfoPage>
  );
}
