import { ButtonLink } from '../../../components/ui/button';
import { HeartIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { Cards, Figure, InfoPage, MailButton, Muted, Panel } from '../info-page';

const STORIES = [
  {
    name: 'Leyla M.',
    item: 'Pasport',
    text: 'Səfərdən bir gün əvvəl pasportumu itirdim. Tapan şəxs elan yerləşdirdi və iki saat sonra pasport əlimdə idi. Çox sağ olun!',
  },
  {
    name: 'Rəşad Ə.',
    item: 'Noutbuk çantası',
    text: 'Metroda unutduğum çantanı 28 May stansiyasındakı təhvil məntəqəsindən geri aldım. İçindəki bütün sənədlər yerində idi.',
  },
  {
    name: 'Nərmin H.',
    item: 'Açar dəsti',
    text: 'Evimin açarlarını parkda itirmişdim. Tapıntı-dakı elan sayəsində eyni gün geri aldım.',
  },
  {
    name: 'Tural Q.',
    item: 'Telefon',
    text: 'Taksidə qalan telefonumu sürücü tapıb elan verdi. İnsanlara inamım artdı.',
  },
];

const WEEK = [
  { value: '47', label: 'Bu həftə qaytarılan əşya' },
  { value: '132', label: 'Yeni təşəkkür' },
  { value: '18', label: 'Mükafat verildi' },
];

export default function ThankYouWallPage() {
  return (
    <InfoPage title="Təşəkkür divarı" lead="Əşyasını geri alan insanların hekayələri və təşəkkürləri.">
      <Cards>
        {WEEK.map((s) => (
          <Panel key={s.label}>
            <Figure>{s.value}</Figure>
            <Muted>{s.label}</Muted>
          </Panel>
        ))}
      </Cards>
      <Cards $columns={2}>
        {STORIES.map((s) => (
          <Panel as="figure" key={s.name} style={{ margin: 0 }}>
            <blockquote style={{ margin: 0 }}>
              <p>“{s.text}”</p>
            </blockquote>
            <figcaption style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <HeartIcon /> <strong>{s.name}</strong> — {s.item}
            </figcaption>
          </Panel>
        ))}
      </Cards>
      <Row>
        <MailButton to="hekaye@tapinti.az" subject="Mənim hekayəm">
          Hekayənizi paylaşın
        </MailButton>
        <ButtonLink to="/create?type=found">Tapdığınız əşyanı elan edin</ButtonLink>
      </Row>
    </InfoPage>
  );
}
