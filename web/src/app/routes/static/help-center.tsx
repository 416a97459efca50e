import { useDeferredValue, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { SearchIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { searchHelpArticles, useHelpCentre } from '../../../features/help/help-articles';
import { Cards, InfoPage, MailButton, Muted, Panel } from '../info-page';
import { rich, useT } from '../../../lib/i18n';

const articlePath = (slug: string) => `/help-center/${slug}`;

/** The help centre (spec §2); its articles are pages of their own and the search box filters them. */
export default function HelpCenterPage() {
  const t = useT();
  const help = useHelpCentre();
  const [query, setQuery] = useState('');
  const filter = useDeferredValue(query.trim());
  // In the language shown: the visitor searches the words they read.
  const results = filter ? searchHelpArticles(help, filter) : null;
  // The list filters as the visitor types; Enter and the button only keep the page from reloading.
  const search = (event: FormEvent) => event.preventDefault();
  return (
    <InfoPage title={t('Yardım mərkəzi')} lead={t('Suallarınıza cavab tapın.')}>
      <form role="search" onSubmit={search} style={{ maxWidth: 640 }}>
        <Row $wrap={false} style={{ alignItems: 'flex-end' }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <TextField
              label={t('Yardım mövzularında axtar')}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <Button type="submit" icon={<SearchIcon />}>
            {t('Axtar')}
          </Button>
        </Row>
      </form>
      {results ? (
        <Panel aria-labelledby="help-results">
          <h2 id="help-results">{t('Axtarış nəticələri')}</h2>
          <Muted aria-live="polite">
            {results.length > 0
              ? t('{n} məqalə tapıldı', { n: results.length })
              : t('Heç bir məqalə tapılmadı')}
          </Muted>
          {results.length > 0 ? (
            <ul>
              {results.map((a) => (
                <li key={a.slug}>
                  <Link to={articlePath(a.slug)}>{a.title}</Link> — {a.summary}
                </li>
              ))}
            </ul>
          ) : (
            <p>
              {rich(t('Başqa sözlə axtarın və ya {support} yazın.'), {
                support: <Link to="/support">{t('dəstək komandamıza')}</Link>,
              })}
            </p>
          )}
        </Panel>
      ) : (
        <>
          <Panel aria-labelledby="popular">
            <h2 id="popular">{t('Populyar məqalələr')}</h2>
            <ul>
              {help.popular.map((a) => (
                <li key={a.slug}>
                  <Link to={articlePath(a.slug)}>{a.title}</Link> — {t('{n} baxış', { n: a.views })}
                </li>
              ))}
            </ul>
          </Panel>
          <Cards $columns={4}>
            {help.categories.map((c) => (
              <Panel key={c.title}>
                <h2>{c.title}</h2>
                <ul>
                  {c.articles.map((a) => (
                    <li key={a.slug}>
                      <Link to={articlePath(a.slug)}>{a.title}</Link>
                    </li>
                  ))}
                </ul>
              </Panel>
            ))}
          </Cards>
        </>
      )}
      <Cards>
        <Panel>
          <h2>{t('İstifadəçi təlimatları')}</h2>
          <p>{t('Addım-addım təlimatlar.')}</p>
          <div>
            <Button size="sm" variant="outline">
              {t('Təlimatlara bax')}
            </Button>
          </div>
        </Panel>
        <Panel>
          <h2>{t('Video dərslər')}</h2>
          <p>{t('Qısa video izahlar.')}</p>
          <div>
            <Button size="sm" variant="outline">
              {t('Videolara bax')}
            </Button>
          </div>
        </Panel>
        <Panel>
          <h2>{t('Canlı dəstək')}</h2>
          <p>{t('Komandamızla əlaqə saxlayın.')}</p>
          <div>
            <ButtonLink to="/support" size="sm" variant="outline">
              {t('Dəstəyə keç')}
            </ButtonLink>
          </div>
        </Panel>
      </Cards>
      <Row>
        <ButtonLink to="/support">{t('Dəstək səhifəsi')}</ButtonLink>
        <MailButton to="yardim@tapinti.az">{t('Yardım komandasına yazın')}</MailButton>
      </Row>
    </InfoPage>
  );
}
