import { Button } from '../../../components/ui/button';
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../components/layout/footer';
import { Cards, InfoPage, Panel, Prose } from '../info-page';
import { msg, useT } from '../../../lib/i18n';

const FAQ = [
  {
    q: msg('Elan yerləşdirmək pulludur?'),
    a: msg('Xeyr. Tapıntı-da elan yerləşdirmək və elanlara baxmaq tamamilə pulsuzdur.'),
  },
  {
    q: msg('Elan nə qədər aktiv qalır?'),
    a: msg('Elan 30 gün aktiv qalır, sonra avtomatik olaraq arxivə köçürülür.'),
  },
  {
    q: msg('Elanın təfərrüatlarını niyə görə bilmirəm?'),
    a: msg('Əlaqə məlumatlarını və təfərrüatları görmək üçün hesabınıza daxil olmalısınız.'),
  },
  {
    q: msg('Əşyanın əsl sahibi olduğunu necə təsdiqləyirəm?'),
    a: msg('Əşyanı təhvil verərkən onun fərqləndirici əlamətlərini təsvir etməyiniz xahiş olunur.'),
  },
  {
    q: msg('Mükafatı necə təklif edim?'),
    a: msg('İtirilmiş əşya elanı yaradarkən mükafat məbləğini AZN ilə və istəsəniz qısa təsvirini yazın.'),
  },
];

export default function SupportPage() {
  const t = useT();
  return (
    <InfoPage
      title={t('Dəstək')}
      lead={t('Sualınız var? Bizimlə əlaqə saxlayın və ya tez-tez verilən suallara baxın.')}
    >
      <Cards>
        <Panel aria-labelledby="support-contact">
          <h2 id="support-contact">{t('Əlaqə')}</h2>
          <p style={{ display: 'flex', gap: 8 }}>
            <PhoneIcon /> <a href={`tel:${SUPPORT_PHONE.replace(/\s/g, '')}`}>{SUPPORT_PHONE}</a>
          </p>
          <p style={{ display: 'flex', gap: 8 }}>
            <MailIcon /> <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
          <div>
            <Button variant="secondary" size="sm">
              {t('Canlı söhbət')}
            </Button>
          </div>
        </Panel>
        <Panel aria-labelledby="support-hours">
          <h2 id="support-hours">{t('İş saatları')}</h2>
          <ul style={{ listStyle: 'none', padding: 0 }}>
            <li style={{ display: 'flex', gap: 8 }}>
              <ClockIcon /> {t('Bazar ertəsi – Cümə: 09:00–18:00')}
            </li>
            <li style={{ display: 'flex', gap: 8 }}>
              <ClockIcon /> {t('Şənbə: 10:00–16:00')}
            </li>
            <li style={{ display: 'flex', gap: 8 }}>
              <ClockIcon /> {t('Bazar: qeyri-iş günü')}
            </li>
          </ul>
        </Panel>
        <Panel aria-labelledby="support-office">
          <h2 id="support-office">{t('Ofis')}</h2>
          <p style={{ display: 'flex', gap: 8 }}>
            <PinIcon /> {t('Nizami küçəsi 10, Bakı, Azərbaycan')}
          </p>
        </Panel>
      </Cards>
      <Prose>
        <h2>{t('Tez-tez verilən suallar')}</h2>
        {FAQ.map((f) => (
          <details key={t(f.q)}>
            <summary style={{ cursor: 'pointer', fontWeight: 600, padding: '8px 0' }}>{t(f.q)}</summary>
            <p>{t(f.a)}</p>
          </details>
        ))}
      </Prose>
    </InfoPage>
  );
}
