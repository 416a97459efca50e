import { useState, type FormEvent, type MouseEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SearchIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { Cards, InfoPage, MailButton, Panel } from '../info-page';

const POPULAR = [
  { title: 'Elanı necə yerləşdirim?', views: '12.5K' },
  { title: 'Tapdığım əşyanı sahibinə necə qaytarım?', views: '8.3K' },
  { title: 'Mükafatı necə təklif edim?', views: '6.7K' },
  { title: 'Şifrəmi unutmuşam, nə edim?', views: '5.2K' },
  { title: 'Təhvil məntəqələri necə işləyir?', views: '4.8K' },
];

const CATEGORIES = [
  {
    title: 'Başlanğıc',
    articles: ['Qeydiyyat', 'Hesaba daxil olmaq', 'Profili yeniləmək', 'Platforma ilə tanışlıq'],
  },
  {
    title: 'Elan yerləşdirmək',
    articles: ['İtirilmiş əşya elanı', 'Tapılmış əşya elanı', 'Şəkil əlavə etmək', 'Mükafat təklif etmək'],
  },
  {
    title: 'Axtarış və tapmaq',
    articles: ['Elanlarda axtarış', 'Kateqoriya filtri', 'Mükafatlı elanlar', 'Elanın təfərrüatları'],
  },
  {
    title: 'Təhlükəsizlik',
    articles: ['Saxtakarlıqdan qorunma', 'Təhlükəsiz görüş', 'Şəxsi məlumatlar', 'Şikayət etmək'],
  },
];

/** Help-centre search only logs for now: no results are shown (spec §2). */
export default function HelpCenterPage() {
  const [query, setQuery] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    console.info('help-center search', query);
  };
  const nowhere = (event: MouseEvent) => event.preventDefault();
  return (
    <InfoPage title="Yardım mərkəzi" lead="Suallarınıza cavab tapın.">
      <form role="search" onSubmit={search} style={{ maxWidth: 640 }}>
        <Row $wrap={false} style={{ alignItems: 'flex-end' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <TextField
              label="Yardım mövzularında axtar"
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <Button type="submit" icon={<SearchIcon />}>
            Axtar
          </Button>
        </Row>
      </form>
      <Panel aria-labelledby="popular">
        <h2 id="popular">Populyar məqalələr</h2>
        <ul>
          {POPULAR.map((a) => (
            <li key={a.title}>
              <a href="#" onClick={nowhere}>
                {a.title}
              </a>{' '}
              — {a.views} baxış
            </li>
          ))}
        </ul>
      </Panel>
      <Cards $columns={4}>
        {CATEGORIES.map((c) => (
          <Panel key={c.title}>
            <h2>{c.title}</h2>
            <ul>
              {c.articles.map((a) => (
                <li key={a}>
                  <a href="#" onClick={nowhere}>
                    {a}
                  </a>
                </li>
              ))}
            </ul>
          </Panel>
        ))}
      </Cards>
      <Cards>
        <Panel>
          <h2>İstifadəçi təlimatları</h2>
          <p>Addım-addım təlimatlar.</p>
          <div>
            <Button size="sm" variant="outline">
              Təlimatlara bax
            </Button>
          </div>
        </Panel>
        <Panel>
          <h2>Video dərslər</h2>
          <p>Qısa video izahlar.</p>
          <div>
            <Button size="sm" variant="outline">
              Videolara bax
            </Button>
          </div>
        </Panel>
        <Panel>
          <h2>Canlı dəstək</h2>
          <p>Komandamızla əlaqə saxlayın.</p>
          <div>
            <ButtonLink to="/support" size="sm" variant="outline">
              Dəstəyə keç
            </ButtonLink>
          </div>
        </Panel>
      </Cards>
      <Row>
        <ButtonLink to="/support">Dəstək səhifəsi</ButtonLink>
        <MailButton to="yardim@tapinti.az">Yardım komandasına yazın</MailButton>
      </Row>
    </InfoPage>
  );
}
