import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/button';
import { cardStyles } from '../../components/ui/card';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { Tabs } from '../../components/ui/tabs';
import { media, space } from '../../components/ui/theme';
import { useToast } from '../../components/ui/toast';
import { MyAnnouncements } from '../../features/announcements/components/my-announcements';
import { useUser } from '../../features/auth/api/get-user';
import { AccountSecurity } from '../../features/auth/components/account-security';
import { ProfileForm } from '../../features/auth/components/profile-form';
import { IncomingRequests, MyRequests } from '../../features/requests/components/my-requests';
import { claimConversation } from '../hooks/claim-conversation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAnnouncementViewer } from '../hooks/use-announcement-viewer';
import { useT } from '../../lib/i18n';

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

type Tab = 'profile' | 'announcements' | 'requests' | 'incoming' | 'security';
const TABS: readonly Tab[] = ['profile', 'announcements', 'requests', 'incoming', 'security'];

export default function ProfilePage() {
  const t = useT();
  const { user } = useUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : 'profile';
  const setTab = (next: Tab) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true });
  const { toast } = useToast();
  const viewer = useAnnouncementViewer();
  useDocumentTitle(t('Profil'));
  if (!user) return null;
  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Stack $gap={2}>
            <PageTitle>{t('Profil')}</PageTitle>
            <Muted>{t('Hesab məlumatlarınızı idarə edin, elanlarınıza və müraciətlərinizə baxın.')}</Muted>
            {/* Issue 26: the saved searches have a page of their own. */}
            <div>
              <ButtonLink to="/axtarislarim" variant="outline" size="sm">
                {t('Saxladığım axtarışlar')}
              </ButtonLink>
            </div>
          </Stack>
          <Tabs<Tab>
            label={t('Profil bölmələri')}
            listMaxWidth={820}
            wrap
            panelHeading="h2"
            value={tab}
            onChange={setTab}
            items={[
              {
                id: 'profile',
                label: t('Profil məlumatları'),
                content: (
                  <Panel>
                    <ProfileForm
                      user={user}
                      onSuccess={() =>
                        toast({
                          title: t('Profil yeniləndi'),
                          description: t('Məlumatlarınız yadda saxlanıldı.'),
                          variant: 'success',
                        })
                      }
                    />
                  </Panel>
                ),
              },
              {
                id: 'announcements',
                label: t('Mənim elanlarım'),
                content: <MyAnnouncements onOpen={viewer.open} openId={params.get('announcement')} />,
              },
              {
                id: 'requests',
                label: t('Müraciətlərim'),
                content: <MyRequests linkedId={params.get('request')} conversation={claimConversation} />,
              },
              {
                id: 'incoming',
                label: t('Gələn müraciətlər'),
                content: (
                  <IncomingRequests
                    linkedId={params.get('request')}
                    conversation={claimConversation}
                    onUpdated={() => toast({ title: t('Sorğu statusu yeniləndi'), variant: 'success' })}
                  />
                ),
              },
              {
                id: 'security',
                label: t('Təhlükəsizlik'),
                content: (
                  <Panel>
                    <AccountSecurity />
                  </Panel>
                ),
              },
            ]}
          />
        </Stack>
      </Container>
      {viewer.dialogs}
    </Page>
  );
}
