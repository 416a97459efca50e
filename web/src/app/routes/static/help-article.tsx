import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ui/button';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { Row } from '../../../components/ui/layout';
import { space } from '../../../components/ui/theme';
import { findHelpArticle, useHelpCentre } from '../../../features/help/help-articles';
import NotFoundPage from '../not-found';
import { InfoPage, Panel, Prose } from '../info-page';
import { useT } from '../../../lib/i18n';

const ArticleSection = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  ol {
    margin: 0;
    padding-left: ${space(5)};
    display: flex;
    flex-direction: column;
    gap: ${space(1)};
  }
`;

/** /help-center/:slug — one help article; an unknown slug is the 404 page. */
export default function HelpArticlePage() {
  const t = useT();
  const { slug } = useParams();
  const found = findHelpArticle(useHelpCentre(), slug);
  if (!found) return <NotFoundPage />;
  const { article, category } = found;
  const others = category.articles.filter((a) => a !== article);
  return (
    <InfoPage title={article.title} lead={article.summary} back={false}>
      <div>
        <ButtonLink to="/help-center" variant="ghost" size="sm">
          <ArrowLeftIcon size={16} /> {t('Yardım mərkəzinə qayıt')}
        </ButtonLink>
      </div>
      <Prose as="article" aria-label={article.title}>
        {article.sections.map((section) => {
          const List = section.ordered ? 'ol' : 'ul';
          return (
            <ArticleSection key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {section.list && (
                <List>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </List>
              )}
            </ArticleSection>
          );
        })}
      </Prose>
      <Panel aria-labelledby="related-articles" style={{ maxWidth: 760 }}>
        <h2 id="related-articles">{t('{category}: digər məqalələr', { category: category.title })}</h2>
        <ul>
          {others.map((a) => (
            <li key={a.slug}>
              <Link to={`/help-center/${a.slug}`}>{a.title}</Link>
            </li>
          ))}
        </ul>
      </Panel>
      <Row>
        <ButtonLink to="/support" variant="outline">
          {t('Cavab tapmadınız? Dəstəyə yazın')}
        </ButtonLink>
      </Row>
    </InfoPage>
  );
}
