import { ButtonLink } from '../../../components/ui/button';
import { HeartIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { Cards, Figure, InfoPage, MailButton, Muted, Panel } from '../info-page';
import { msg, useT } from '../../../lib/i18n';

const STORIES = [
  {
    name: msg('Leyla M.'),
    item: 'Pasport',
    text: msg(
      'Səfərdən bir gün əvvəl pasportumu itirdim. Tapan şəxs elan yerləşdirdi və iki saat sonra pasport əlimdə idi. Çox sağ olun!',
    ),
  },
  {
    name: msg('Rəşad Ə.'),
    item: msg('Noutbuk çantası'),
    text: msg(
      'Metroda unutduğum çantanı 28 May stansiyasındakı təhvil məntəqəsindən geri aldım. İçindəki bütün sənədlər yerində idi.',
    ),
  },
  {
    name: msg('Nərmin H.'),
    item: msg('Açar dəsti'),
    text: msg('Evimin açarlarını parkda itirmişdim. Tapıntı-dakı elan sayəsində eyni gün geri aldım.'),
  },
  {
    name: msg('Tural Q.'),
    item: 'Telefon',
    text: msg('Taksidə qalan telefonumu sürücü tapıb elan verdi. İnsanlara inamım artdı.'),
  },
];

const WEEK = [
  { value: '47', label: msg('Bu həftə qaytarılan əşya') },
  { value: '132', label: msg('Yeni təşəkkür') },
  { value: '18', label: msg('Mükafat verildi') },
];

export default function ThankYouWallPage() {
  const t = useT();
  return (
    <InfoPage
      title={t('Təşəkkür divarı')}
      lead={t('Əşyasını geri alan insanların hekayələri və təşəkkürləri.')}
    >
      <Cards>
        {WEEK.map((s) => (
          <Panel key={t(s.label)}>
            <Figure>{s.value}</Figure>
            <Muted>{t(s.label)}</Muted>
          </Panel>
        ))}
      </Cards>
      <Cards $columns={2}>
        {STORIES.map((s) => (
          <Panel as="figure" key={t(s.name)} style={{ margin: 0 }}>
            <blockquote style={{ margin: 0 }}>
              <p>“{t(s.text)}”</p>
            </blockquote>
            <figcaption style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <HeartIcon /> <strong>{t(s.name)}</strong> — {t(s.item)}
            </figcaption>
          </Panel>
        ))}
      </Cards>
      <Row>
        <MailButton to="hekaye@tapinti.az" subject={t('Mənim hekayəm')}>
          {t('Hekayənizi paylaşın')}
        </MailButton>
        <ButtonLink to="/create?type=found">{t('Tapdığınız əşyanı elan edin')}</ButtonLink>
      </Row>
    </InfoPage>
  );
}
