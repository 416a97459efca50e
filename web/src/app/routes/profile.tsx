import { useState } from 'react';
import styled from 'styled-components';
import { cardStyles } from '../../components/ui/card';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { Tabs } from '../../components/ui/tabs';
import { media, space } from '../../components/ui/theme';
import { useUser } from '../../features/auth/api/get-user';
import { MyAnnouncements } from '../../features/profile/components/my-announcements';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useDocumentTitle } from '../../lib/use-document-title';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

const Panel = styled.div`
  ${cardStyles}
  padding: ${space(5)};
  max-width: 640px;
  ${media.sm} {
    padding: ${space(8)};
  }
`;

type Tab = 'profile' | 'announcements';

export default function ProfilePage() {
  const { user } = useUser();
  const [tab, setTab] = useState<Tab>('profile');
  useDocumentTitle('Profil');
  if (!user) return null;
  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Stack $gap={2}>
            <PageTitle>Profil</PageTitle>
            <Muted>Hesab məlumatlarınızı idarə edin və elanlarınıza baxın.</Muted>
          </Stack>
          <Tabs<Tab>
            label="Profil bölmələri"
            listMaxWidth={640}
            value={tab}
            onChange={setTab}
            items={[
              {
                id: 'profile',
                label: 'Profil məlumatları',
                content: (
                  <Panel>
                    <ProfileForm user={user} />
                  </Panel>
                ),
              },
              { id: 'announcements', label: 'Mənim elanlarım', content: <MyAnnouncements /> },
            ]}
          />
        </Stack>
      </Container>
    </Page>
  );
}
