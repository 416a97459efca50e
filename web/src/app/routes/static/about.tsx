import { ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { Cards, Figure, InfoPage, Muted, Panel, Prose } from '../info-page';
import { msg, useT } from '../../../lib/i18n';

const VALUES = [
  { title: msg('Etibar'), text: msg('Hər elan və hər istifadəçi üçün şəffaf və təhlükəsiz mühit.') },
  { title: msg('Həmrəylik'), text: msg('Tapdığını qaytaran insanlar cəmiyyətimizin ən böyük dəyəridir.') },
  { title: msg('Sadəlik'), text: msg('Elan yerləşdirmək bir neçə dəqiqə çəkir, xidmət isə pulsuzdur.') },
];

const TEAM = [
  { name: msg('Aysel Məmmədova'), role: msg('Təsisçi, məhsul rəhbəri') },
  { name: msg('Elvin Quliyev'), role: msg('Texniki rəhbər') },
  { name: msg('Günay Həsənova'), role: msg('İstifadəçi dəstəyi rəhbəri') },
];

const STATS = [
  { value: '12,847', label: msg('Elan sayı') },
  { value: '3,291', label: msg('Uğurlu qaytarma') },
  { value: '8,156', label: msg('Aktiv istifadəçi') },
];

export default function AboutPage() {
  const t = useT();
  return (
    <InfoPage
      title={t('Haqqımızda')}
      lead={t('Tapıntı — ölkənin ən böyük itirilmiş və tapılmış əşyalar platforması.')}
    >
      <Prose>
        <h2>{t('Missiyamız')}</h2>
        <p>
          {t(
            'İtirilmiş hər əşyanın sahibinə qayıtmasına kömək etmək və insanlar arasında etibarı gücləndirmək.',
          )}
        </p>
        <h2>{t('Hekayəmiz')}</h2>
        <p>
          {t(
            'Tapıntı metroda itirilmiş bir pasportun sahibini tapmaq cəhdindən yarandı. Bu gün minlərlə insan bizim platforma vasitəsilə əşyalarını geri alır.',
          )}
        </p>
      </Prose>
      <Cards>
        {VALUES.map((v) => (
          <Panel key={t(v.title)}>
            <h2>{t(v.title)}</h2>
            <p>{t(v.text)}</p>
          </Panel>
        ))}
      </Cards>
      <Prose>
        <h2>{t('Komandamız')}</h2>
      </Prose>
      <Cards>
        {TEAM.map((item) => (
          <Panel key={t(item.name)}>
            <h2>{t(item.name)}</h2>
            <p>{t(item.role)}</p>
          </Panel>
        ))}
      </Cards>
      <Cards>
        {STATS.map((s) => (
          <Panel key={t(s.label)}>
            <Figure>{s.value}</Figure>
            <Muted>{t(s.label)}</Muted>
          </Panel>
        ))}
      </Cards>
      <Row>
        <ButtonLink to="/create?type=found">{t('Tapdığım əşyanı elan et')}</ButtonLink>
        <ButtonLink to="/create?type=lost" variant="outline">
          {t('İtirdiyim əşyanı elan et')}
        </ButtonLink>
      </Row>
    </InfoPage>
  );
}
