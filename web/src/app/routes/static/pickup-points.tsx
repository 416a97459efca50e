import { ClockIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { Cards, InfoPage, MailButton, Panel } from '../info-page';

const POINTS = [
  {
    name: '28 Mall',
    address: 'Azadlıq prospekti 15a, Bakı',
    hours: 'Hər gün 10:00–22:00',
    phone: '+994 12 555 01 01',
    description: 'Birinci mərtəbədə, məlumat masasının yanında.',
  },
  {
    name: 'Gənclik Mall',
    address: 'Fətəli xan Xoyski prospekti 14, Bakı',
    hours: 'Hər gün 10:00–22:00',
    phone: '+994 12 555 01 02',
    description: 'Mühafizə xidmətinin otağı, əsas girişin sağında.',
  },
  {
    name: 'Port Baku Mall',
    address: 'Neftçilər prospekti 153, Bakı',
    hours: 'Hər gün 10:00–22:00',
    phone: '+994 12 555 01 03',
    description: 'Müştəri xidmətləri məntəqəsi, -1 mərtəbə.',
  },
  {
    name: '28 May metro stansiyası',
    address: '28 May küçəsi, Bakı',
    hours: 'Hər gün 07:00–23:00',
    phone: '+994 12 555 01 04',
    description: 'Növbətçi stansiya işçisinin otağı, kassaların yanında.',
  },
  {
    name: 'Sahil metro stansiyası',
    address: 'Üzeyir Hacıbəyov küçəsi, Bakı',
    hours: 'Hər gün 07:00–23:00',
    phone: '+994 12 555 01 05',
    description: 'Növbətçi stansiya işçisinin otağı, şimal çıxışı.',
  },
];

export default function PickupPointsPage() {
  return (
    <InfoPage
      title="Təhvil məntəqələri"
      lead="Tapdığınız əşyaları Bakıdakı rəsmi təhvil məntəqələrinə təhvil verə, itirdiyinizi isə oradan geri ala bilərsiniz."
    >
      <Cards>
        {POINTS.map((p) => (
          <Panel key={p.name} aria-labelledby={`point-${p.phone.slice(-2)}`}>
            <h2 id={`point-${p.phone.slice(-2)}`}>{p.name}</h2>
            <p>{p.description}</p>
            <ul style={{ listStyle: 'none', padding: 0 }}>
              <li style={{ display: 'flex', gap: 8 }}>
                <PinIcon /> {p.address}
              </li>
              <li style={{ display: 'flex', gap: 8 }}>
                <ClockIcon /> {p.hours}
              </li>
              <li style={{ display: 'flex', gap: 8 }}>
                <PhoneIcon /> <a href={`tel:${p.phone.replace(/\s/g, '')}`}>{p.phone}</a>
              </li>
            </ul>
          </Panel>
        ))}
      </Cards>
      <Row>
        <MailButton to="mentege@tapinti.az" subject="Yeni təhvil məntəqəsi təklifi">
          Yeni məntəqə təklif edin
        </MailButton>
      </Row>
    </InfoPage>
  );
}
