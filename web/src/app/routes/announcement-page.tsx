import { useLayoutEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Button, ButtonLink } from '../../components/ui/button';
import { cardStyles } from '../../components/ui/card';
import { SearchIcon } from '../../components/ui/icons';
import { Alert, Container, EmptyState, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { space } from '../../components/ui/theme';
import { useAnnouncement } from '../../features/announcements/api/get-announcement';
import { usePublicAnnouncement } from '../../features/announcements/api/get-public-announcement';
import { AnnouncementBody } from '../../features/announcements/components/announcement-body';
import { AnnouncementDetailsSections } from '../../features/announcements/components/announcement-details-sections';
import { ReturnedNotice } from '../../features/announcements/components/returned-notice';
import { ShareButtons } from '../../features/announcements/components/share-buttons';
import { useUser } from '../../features/auth/api/get-user';
import { AlertLikeThis } from '../../features/saved-searches/components/alert-like-this';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { removeStaticShell } from '../layout/static-shell';
import { useAnnouncementViewer } from '../hooks/use-announcement-viewer';
import { useT } from '../../lib/i18n';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

const Card = styled.article`
  ${cardStyles}
  padding: ${space(5)};
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
`;

/**
 * What a signed-in viewer gets: the same sections and actions as the details dialog (contact, claim
 * or their own claim, report, edit and matches for its manager); a match opens in that dialog.
 */
function SignedInPart({ id }: { id: string }) {
  const t = useT();
  const { data, error, mutate } = useAnnouncement(id);
  const { user } = useUser();
  const viewer = useAnnouncementViewer();
  if (error)
    return (
      <Alert>
        <p>{errorMessage(error, t('Əlaqə məlumatını yükləmək mümkün olmadı'))}</p>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!data) return null;
  return (
    <>
      <AnnouncementDetailsSections
        announcement={data}
        actions={viewer.actions}
        showMatches={viewer.showMatches}
        onOpenMatch={viewer.open}
      />
      {data.type === 'lost' && data.status === 'open' && data.userId === user?.id && (
        <AlertLikeThis announcement={data} />
      )}
      {viewer.dialogs}
    </>
  );
}

/** Contact and claim for a signed-in viewer; a visitor is asked to sign in for them. */
function ViewerPart({ id }: { id: string }) {
  const t = useT();
  const { user, isLoading } = useUser();
  const location = useLocation();
  if (user) return <SignedInPart id={id} />;
  if (isLoading) return null;
  return (
    <Alert $tone="info" data-testid="login-prompt">
      <p>{t('Əlaqə məlumatını görmək və müraciət etmək üçün daxil olun.')}</p>
      <div>
        <ButtonLink to="/auth" state={{ from: location.pathname }}>
          {t('Daxil ol')}
        </ButtonLink>
      </div>
    </Alert>
  );
}

function AnnouncementView({ announcement: a }: { announcement: PublicAnnouncement }) {
  const t = useT();
  useDocumentTitle(a.title);
  // The public API shows a closed one only when its item went back to its owner.
  const returned = a.status === 'resolved';
  return (
    <Card aria-labelledby="announcement-title">
      <AnnouncementBody announcement={a} heading={<PageTitle id="announcement-title">{a.title}</PageTitle>} />
      {returned ? <ReturnedNotice announcement={a} /> : <ViewerPart id={a.id} />}
      <Stack $gap={2}>
        <Muted>{returned ? t('Bu xoş sonluğu paylaşın:') : t('Bu elanı tanıyan birinə göndərin:')}</Muted>
        <ShareButtons id={a.id} title={a.title} />
      </Stack>
    </Card>
  );
}

/** /elan/:id — one announcement's own page, the link people share. */
export default function AnnouncementPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, isLoading, mutate } = usePublicAnnouncement(id);
  const notFound = error instanceof ApiError && error.status === 404;
  // The server's HTML painted the photo already (static shell): it stays until the page can show it.
  useLayoutEffect(() => {
    if (!isLoading) removeStaticShell();
  }, [isLoading]);
  return (
    <Page>
      <Container $narrow>
        {isLoading && <PageSpinner label={t('Elan yüklənir...')} />}
        {notFound && (
          <EmptyState>
            <SearchIcon size={32} />
            <PageTitle>{t('Elan tapılmadı')}</PageTitle>
            <p>{t('Elan silinib, bağlanıb və ya heç vaxt olmayıb.')}</p>
            <ButtonLink to="/" variant="outline">
              {t('Bütün elanlara bax')}
            </ButtonLink>
          </EmptyState>
        )}
        {!!error && !notFound && (
          <Alert>
            <p>{errorMessage(error, t('Elanı yükləmək mümkün olmadı'))}</p>
            <Button variant="outline" onClick={() => void mutate()}>
              {t('Yenidən cəhd et')}
            </Button>
          </Alert>
        )}
        {data && <AnnouncementView announcement={data} />}
      </Container>
    </Page>
  );
}
