import { lazy, Suspense } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Container, Muted } from '../../components/ui/layout';
import { space } from '../../components/ui/theme';
import { useVenue } from '../../features/venues/api/venue';
import { VenuePageView } from '../../features/venues/components/venue-page-view';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

// Its own chunk: what it needs (the visitor's posts, the venue checks) never weighs on the first load's shared code.
const VenueContact = lazy(() => import('./venue-contact'));

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

/** `/t/:slug`: a venue's public page (issue 26). */
export default function VenueRoute() {
  const t = useT();
  const { slug = '' } = useParams();
  const { data, error, isLoading } = useVenue(slug);
  useDocumentTitle(data?.name ?? t('Məkan'));
  return (
    <Page>
      <Container>
        {data ? (
          <VenuePageView
            venue={data}
            contact={
              <Suspense fallback={null}>
                <VenueContact organizationId={data.organizationId} />
              </Suspense>
            }
          />
        ) : isLoading ? (
          <Muted role="status">{t('Yüklənir...')}</Muted>
        ) : error ? (
          <Muted role="alert">{t('Məkan tapılmadı')}</Muted>
        ) : null}
      </Container>
    </Page>
  );
}
