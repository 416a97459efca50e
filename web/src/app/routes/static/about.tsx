import { ButtonLink } from '../../../components/ui/button';
import { Row } from '../../../components/ui/layout';
import { Cards, Figure, InfoPage, Muted, Panel, Prose } from '../info-page';

const VALUES = [
  { title: 'Etibar', text: 'Hər elan və hər istifadəçi üçün şəffaf və təhlükəsiz mühit.' },
  { title: 'Həmrəylik', text: 'Tapdığını qaytaran insanlar cəmiyyətimizin ən böyük dəyəridir.' },
  { title: 'Sadəlik', text: 'Elan yerləşdirmək bir neçə dəqiqə çəkir, xidmət isə pulsuzdur.' },
];

const TEAM = [
  { name: 'Aysel Məmmədova', role: 'Təsisçi, məhsul rəhbəri' },
  { name: 'Elvin Quliyev', role: 'Texniki rəhbər' },
  { name: 'Günay Həsənova', role: 'İstifadəçi dəstəyi rəhbəri' },
];

const STATS = [
  { value: '12,847', label: 'Elan sayı' },
  { value: '3,291', label: 'Uğurlu qaytarma' },
  { value: '8,156', label: 'Aktiv istifadəçi' },
];

export default function AboutPage() {
  return (
    <InfoPage title="Haqqımızda" lead="Tapıntı — ölkənin ən böyük itirilmiş və tapılmış əşyalar platforması.">
      <Prose>
        <h2>Missiyamız</h2>
        <p>
          İtirilmiş hər əşyanın sahibinə qayıtmasına kömək etmək və insanlar arasında etibarı gücləndirmək.
        </p>
        <h2>Hekayəmiz</h2>
        <p>
          Tapıntı metroda itirilmiş bir pasportun sahibini tapmaq cəhdindən yarandı. Bu gün minlərlə insan
          bizim platforma vasitəsilə əşyalarını geri alır.
        </p>
      </Prose>
      <Cards>
        {VALUES.map((v) => (
          <Panel key={v.title}>
            <h2>{v.title}</h2>
            <p>{v.text}</p>
          </Panel>
        ))}
      </Cards>
      <Prose>
        <h2>Komandamız</h2>
      </Prose>
      <Cards>
        {TEAM.map((t) => (
          <Panel key={t.name}>
            <h2>{t.name}</h2>
            <p>{t.role}</p>
          </Panel>
        ))}
      </Cards>
      <Cards>
        {STATS.map((s) => (
          <Panel key={s.label}>
            <Figure>{s.value}</Figure>
            <Muted>{s.label}</Muted>
          </Panel>
        ))}
      </Cards>
      <Row>
        <ButtonLink to="/create?type=found">Tapdığım əşyanı elan et</ButtonLink>
        <ButtonLink to="/create?type=lost" variant="outline">
          İtirdiyim əşyanı elan et
        </ButtonLink>
      </Row>
    </InfoPage>
  );
}
