import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementType } from '@tapinti/contracts/announcements-api';
import { ButtonLink } from '../../components/ui/button';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { space } from '../../components/ui/theme';
import { useUser } from '../../features/auth/api/get-user';
import { CreateAnnouncementForm } from '../../features/announcements/components/create-announcement-form';
import { useDocumentTitle } from '../../lib/use-document-title';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

const COPY: Record<AnnouncementType, { title: string; subtitle: string }> = {
  lost: {
    title: 'İtirilmiş əşya elanı',
    subtitle: 'İtirdiyiniz əşyanı ətraflı təsvir edin ki, onu tapan şəxs sizinlə əlaqə saxlaya bilsin.',
  },
  found: {
    title: 'Tapılmış əşya elanı',
    subtitle: 'Tapdığınız əşyanı təsvir edin ki, sahibi onu tanıyıb sizinlə əlaqə saxlaya bilsin.',
  },
};

/** /create?type=lost|found — behind the route guard, so a user is present. */
export default function CreatePage() {
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const type: AnnouncementType = params.get('type') === 'found' ? 'found' : 'lost';
  useDocumentTitle(COPY[type].title);

  const onTypeChange = useCallback(
    (next: AnnouncementType) => {
      if (next !== type) setParams({ type: next }, { replace: true });
    },
    [type, setParams],
  );

  if (!user) return null;
  return (
    <Page>
      <Container $narrow>
        <Stack $gap={6}>
          <div>
            <ButtonLink to="/" variant="ghost" size="sm">
              <ArrowLeftIcon size={16} /> Ana səhifəyə qayıt
            </ButtonLink>
          </div>
          <Stack $gap={2}>
            <PageTitle>{COPY[type].title}</PageTitle>
            <Muted>{COPY[type].subtitle}</Muted>
          </Stack>
          <CreateAnnouncementForm user={user} initialType={type} onTypeChange={onTypeChange} />
        </Stack>
      </Container>
    </Page>
  );
}
