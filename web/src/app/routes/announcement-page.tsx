import { lazy, Suspense, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { cardStyles } from '../../components/ui/card';
import { CalendarIcon, CheckIcon, GiftIcon, PhoneIcon, PinIcon, SearchIcon } from '../../components/ui/icons';
import { Alert, Container, EmptyState, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { PageSpinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { color, font, radius, space } from '../../components/ui/theme';
import { useAnnouncement } from '../../features/announcements/api/get-announcement';
import { usePublicAnnouncement } from '../../features/announcements/api/get-public-announcement';
import { RewardBox } from '../../features/announcements/components/announcement-card';
import { ShareButtons } from '../../features/announcements/components/share-buttons';
import { CATEGORY_LABELS, TYPE_LABELS } from '../../features/announcements/labels';
import { useUser } from '../../features/auth/api/get-user';
import { claimAction } from '../../features/requests/claim-action';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatAzn, formatDate } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { canClaim } from '../hooks/use-announcement-viewer';
import { useT } from '../../lib/i18n';

const ClaimDialog = lazy(() => import('../../features/requests/components/claim-dialog'));

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

// A fixed 4:3 box (the photo is fitted inside it), so the text below never moves when it loads.
const Photo = styled.img`
  width: 100%;
  aspect-ratio: 4 / 3;
  height: auto;
  max-height: 420px;
  object-fit: contain;
  border-radius: ${radius.md};
  background: ${color.subtle};
`;

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space(2)} ${space(3)};
  margin: 0;
  dt {
    display: flex;
    align-items: center;
    gap: ${space(1.5)};
    color: ${color.muted};
    font-weight: ${font.weight.semibold};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Contact = styled.div`
  padding: ${space(3)} ${space(4)};
  border-radius: ${radius.md};
  background: ${color.primarySoft};
  color: ${color.primaryHover};
  overflow-wrap: anywhere;
`;

/** How to reach the author and claim the item: signed-in users only (the details endpoint). */
function SignedInPart({ id }: { id: string }) {
  const t = useT();
  const { user } = useUser();
  const { toast } = useToast();
  const { data, error, mutate } = useAnnouncement(id);
  const [claiming, setClaiming] = useState(false);
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
      <Contact data-testid="announcement-contact">
        <Stack $gap={1}>
          <strong style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <PhoneIcon /> {t('Əlaqə məlumatı')}
          </strong>
          <span>{data.contactInfo || t('Müəllif əlaqə məlumatı əlavə etməyib')}</span>
        </Stack>
      </Contact>
      {canClaim(user ?? null, data) && (
        <div>
          <Button icon={<CheckIcon size={18} />} onClick={() => setClaiming(true)}>
            {claimAction(data.type)}
          </Button>
        </div>
      )}
      <Suspense fallback={null}>
        {claiming && (
          <ClaimDialog
            announcement={{
              id: data.id,
              type: data.type,
              title: data.title,
              organizationId: data.organizationId,
            }}
            onClose={() => setClaiming(false)}
            onSuccess={() => {
              setClaiming(false);
              toast({
                title: t('Müraciətiniz göndərildi'),
                description: t(
                  'Elanın sahibi müraciətinizə baxıb sizinlə əlaqə saxlayacaq. Statusu profilinizdə izləyin.',
                ),
                variant: 'success',
              });
            }}
          />
        )}
      </Suspense>
    </>
  );
}

function AnnouncementView({ announcement: a }: { announcement: PublicAnnouncement }) {
  const t = useT();
  const { user, isLoading } = useUser();
  const location = useLocation();
  useDocumentTitle(a.title);
  return (
    <Card aria-labelledby="announcement-title">
      {a.imageUrl && <Photo src={a.imageUrl} alt={a.title} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>{TYPE_LABELS[a.type]}</Badge>
        <Badge $tone="primary">{CATEGORY_LABELS[a.category]}</Badge>
        {a.rewardAmount > 0 && <Badge $tone="reward">{formatAzn(a.rewardAmount)}</Badge>}
      </div>
      <PageTitle id="announcement-title">{a.title}</PageTitle>
      <Text>{a.description}</Text>
      {a.rewardAmount > 0 && (
        <RewardBox>
          <GiftIcon />
          <div>
            <strong>{t('Mükafat təklifi: {amount}', { amount: formatAzn(a.rewardAmount) })}</strong>
            {a.rewardDescription && <span>{a.rewardDescription}</span>}
          </div>
        </RewardBox>
      )}
      <Facts>
        <dt>
          <PinIcon /> {t('Yer')}
        </dt>
        <dd>
          {a.location}
          {a.roomNumber ? `, ${t('otaq {room}', { room: a.roomNumber })}` : ''}
        </dd>
        <dt>
          <CalendarIcon /> {t('Tarix')}
        </dt>
        <dd>
          <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
        </dd>
      </Facts>
      {user ? (
        <SignedInPart id={a.id} />
      ) : (
        !isLoading && (
          <Alert $tone="info" data-testid="login-prompt">
            <p>{t('Əlaqə məlumatını görmək və müraciət etmək üçün daxil olun.')}</p>
            <div>
              <ButtonLink to="/auth" state={{ from: location.pathname }}>
                {t('Daxil ol')}
              </ButtonLink>
            </div>
          </Alert>
        )
      )}
      <Stack $gap={2}>
        <Muted>{t('Bu elanı tanıyan birinə göndərin:')}</Muted>
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
