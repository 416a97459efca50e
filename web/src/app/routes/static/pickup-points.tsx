import { ClockIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { Cards, InfoPage, MailButton, Panel } from '../info-page';
import { useT } from '../../../lib/i18n';
import { PICKUP_POINTS } from '../../../lib/pickup-points';

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
        {PICKUP_POINTS.map((p) => (
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
