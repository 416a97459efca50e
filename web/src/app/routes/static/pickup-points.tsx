import { ClockIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { Cards, InfoPage, MailButton, Panel } from '../info-page';
import { msg, useT } from '../../../lib/i18n';

const POINTS = [
  {
    name: '28 Mall',
    address: msg('Azadlıq prospekti 15a, Bakı'),
    hours: msg('Hər gün 10:00–22:00'),
    phone: '+994 12 555 01 01',
    description: msg('Birinci mərtəbədə, məlumat masasının yanında.'),
  },
  {
    name: msg('Gənclik Mall'),
    address: msg('Fətəli xan Xoyski prospekti 14, Bakı'),
    hours: msg('Hər gün 10:00–22:00'),
    phone: '+994 12 555 01 02',
    description: msg('Mühafizə xidmətinin otağı, əsas girişin sağında.'),
  },
  {
    name: msg('Port Baku Mall'),
    address: msg('Neftçilər prospekti 153, Bakı'),
    hours: msg('Hər gün 10:00–22:00'),
    phone: '+994 12 555 01 03',
    description: msg('Müştəri xidmətləri məntəqəsi, -1 mərtəbə.'),
  },
  {
    name: msg('28 May metro stansiyası'),
    address: msg('28 May küçəsi, Bakı'),
    hours: msg('Hər gün 07:00–23:00'),
    phone: '+994 12 555 01 04',
    description: msg('Növbətçi stansiya işçisinin otağı, kassaların yanında.'),
  },
  {
    name: msg('Sahil metro stansiyası'),
    address: msg('Üzeyir Hacıbəyov küçəsi, Bakı'),
    hours: msg('Hər gün 07:00–23:00'),
    phone: '+994 12 555 01 05',
    description: msg('Növbətçi stansiya işçisinin otağı, şimal çıxışı.'),
  },
];

export default function PickupPointsPage() {
  const t = useT();
  return (
    <InfoPage
      title={t('Təhvil məntəqələri')}
      lead={t(
        'Tapdığınız əşyaları Bakıdakı rəsmi təhvil məntəqələrinə təhvil verə, itirdiyinizi isə oradan geri ala bilərsiniz.',
      )}
    >
      <Cards>
        {POINTS.map((p) => (
          <Panel key={t(p.name)} aria-labelledby={`point-${p.phone.slice(-2)}`}>
            <h2 id={`point-${p.phone.slice(-2)}`}>{t(p.name)}</h2>
            <p>{t(p.description)}</p>
            <ul style={{ listStyle: 'none', padding: 0 }}>
              <li style={{ display: 'flex', gap: 8 }}>
                <PinIcon /> {t(p.address)}
              </li>
              <li style={{ display: 'flex', gap: 8 }}>
                <ClockIcon /> {t(p.hours)}
              </li>
              <li style={{ display: 'flex', gap: 8 }}>
                <PhoneIcon /> <a href={`tel:${p.phone.replace(/\s/g, '')}`}>{p.phone}</a>
              </li>
            </ul>
          </Panel>
        ))}
      </Cards>
      <Row>
        <MailButton to="mentege@tapinti.az" subject={t('Yeni təhvil məntəqəsi təklifi')}>
          {t('Yeni məntəqə təklif edin')}
        </MailButton>
      </Row>
    </InfoPage>
  );
}
