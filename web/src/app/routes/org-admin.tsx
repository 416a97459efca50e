import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import type { OrganizationAnnouncement } from '@tapinti/contracts/organizations-api';
import { useSWRConfig } from 'swr';
import { Button, ButtonLink } from '../../components/ui/button';
import { StatCard, StatGrid } from '../../components/ui/detail-list';
import { PlusIcon } from '../../components/ui/icons';
import { Alert, Container, EmptyState, Muted, PageTitle, Row, Stack } from '../../components/ui/layout';
import { Modal } from '../../components/ui/modal';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { PlanUsage } from '../../features/organizations/components/plan-usage';
import { Tabs } from '../../components/ui/tabs';
import { VenueSettings } from '../../features/venues/components/venue-settings';
import { space } from '../../components/ui/theme';
import { useToast } from '../../components/ui/toast';
import { useUser } from '../../features/auth/api/get-user';
import {
  organizationAnnouncementsKey,
  useOrganization,
  useOrganizationAnnouncements,
} from '../../features/organizations/api/organizations';
import { OrganizationAnnouncements } from '../../features/organizations/components/organization-announcements';
import { OrganizationStaff } from '../../features/organizations/components/organization-staff';
import { ORGANIZATION_TYPE_LABELS } from '@tapinti/contracts/organizations-events';
import { useHandovers } from '../../features/requests/api/handovers';
import { useOrganizationRequests, type RequestFilter } from '../../features/requests/api/requests';
import { HandledRequestList } from '../../features/requests/components/request-cards';
import { claimConversation } from '../hooks/claim-conversation';
import { INVENTORY_PATHS } from '../../features/inventory/paths';
import { PhotoUpload } from '../../features/uploads/components/photo-upload';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { msg, useT } from '../../lib/i18n';
import { HELD_FOR_REVIEW_TOAST } from '../../features/moderation/held-for-review';

// Issue 26.1: the venue's inbox of owners' requests, its own chunk (loaded when the tab opens).
const VenueCheckInbox = lazy(() => import('./org-admin-venue-checks'));

const CreateAnnouncementForm = lazy(() =>
  import('../../features/announcements/components/create-announcement-form').then((m) => ({
    default: m.CreateAnnouncementForm,
  })),
);

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

type Tab = 'requests' | 'venue-checks' | 'announcements' | 'staff' | 'venue';

const FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'all', label: msg('Hamısı') },
  { value: 'pending', label: msg('Gözləmədə') },
  { value: 'contacted', label: msg('Əlaqə saxlanıldı') },
  { value: 'resolved', label: msg('Həll olunub') },
];

/** The created announcement as the organisation's list shows it, until the list is read again. */
const asOrganizationAnnouncement = (
  a: AnnouncementDetails,
  organizationId: string,
): OrganizationAnnouncement => ({
  id: a.id,
  userId: a.userId,
  organizationId: a.organizationId ?? organizationId,
  type: a.type,
  title: a.title,
  description: a.description,
  category: a.category,
  location: a.location,
  roomNumber: a.roomNumber,
  contactInfo: a.contactInfo,
  imageUrl: a.imageUrl,
  rewardAmount: a.rewardAmount,
  rewardDescription: a.rewardDescription,
  status: a.status,
  isPublic: a.isPublic,
  isActive: a.isActive,
  createdAt: a.createdAt,
});

/** /org-admin: the organisation's counters, its claims to handle and its announcements. */
export default function OrgAdminPage() {
  const t = useT();
  const { user } = useUser();
  useDocumentTitle(t('Təşkilat paneli'));
  if (user && !user.organizationId)
    return (
      <Page>
        <Container $narrow>
          <EmptyState>
            <PageTitle as="p">{t('Təşkilat məlumatı tapılmadı')}</PageTitle>
          </EmptyState>
        </Container>
      </Page>
    );
  if (!user?.organizationId) return null;
  return <OrganizationDashboard organizationId={user.organizationId} />;
}

function OrganizationDashboard({ organizationId }: { organizationId: string }) {
  const t = useT();
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  // The tab and the one claim or item a link names are in the URL (an e-mail's link opens exactly it).
  const [params, setParams] = useSearchParams();
  const { user } = useUser();
  // Only admins manage the staff (issue 25): staff see the dashboard without that tab.
  const isAdmin = user?.role === 'org_admin';
  const requested = params.get('tab');
  const tab: Tab =
    requested === 'announcements' || requested === 'venue' || requested === 'venue-checks'
      ? requested
      : requested === 'staff' && isAdmin
        ? 'staff'
        : 'requests';
  const setTab = (next: Tab) => setParams(next === 'requests' ? {} : { tab: next }, { replace: true });
  const [filter, setFilter] = useState<RequestFilter>('all');
  const [posting, setPosting] = useState(false);
  const organization = useOrganization(organizationId);
  const requests = useOrganizationRequests(organizationId);
  const filtered = useOrganizationRequests(organizationId, filter);
  const announcements = useOrganizationAnnouncements(organizationId);
  const handovers = useHandovers();

  if (organization.isLoading)
    return (
      <Page>
        <Row $justify="center">
          <Spinner size={32} label={t('Yüklənir...')} />
        </Row>
      </Page>
    );
  if (organization.error || !organization.data)
    return (
      <Page>
        <Container $narrow>
          <Alert>
            <PageTitle as="p">{t('Təşkilat paneli')}</PageTitle>
            <p>{errorMessage(organization.error, t('Təşkilat məlumatı tapılmadı'))}</p>
          </Alert>
        </Container>
      </Page>
    );

  const org = organization.data;
  const all = requests.data ?? [];
  const count = (n: number | undefined) => (n === undefined ? '—' : String(n));
  const pending = requests.data ? all.filter((r) => r.status === 'pending').length : undefined;
  // An accepted claim (resolved_claimed) is resolved once its hand-over code was entered; until then
  // it awaits the hand-over. A refused one (resolved_rejected) is resolved at once.
  const handedOver = new Set(
    (handovers.data ?? []).filter((h) => h.state === 'handed_over').map((h) => h.requestId),
  );
  const known = requests.data && handovers.data;
  const resolved = known
    ? all.filter((r) => r.status === 'resolved_rejected' || handedOver.has(r.id)).length
    : undefined;
  const awaitingHandover = known
    ? all.filter((r) => r.status === 'resolved_claimed' && !handedOver.has(r.id)).length
    : undefined;

  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Row $justify="space-between">
            <Stack $gap={2}>
              <PageTitle>{org.name}</PageTitle>
              <Muted>
                {t('Təşkilat paneli')} · {t(ORGANIZATION_TYPE_LABELS[org.type])} · {org.address}
              </Muted>
            </Stack>
            <Row $gap={2}>
              <ButtonLink to={INVENTORY_PATHS.items} variant="outline">
                {t('İtirilmiş əşyalar bürosu')}
              </ButtonLink>
              <ButtonLink to={INVENTORY_PATHS.intake} variant="outline">
                {t('Əşyanı büroda qeydə al')}
              </ButtonLink>
              <Button icon={<PlusIcon size={18} />} onClick={() => setPosting(true)}>
                {t('Tapılmış əşya əlavə et')}
              </Button>
            </Row>
          </Row>
          <StatGrid $columns={4} aria-label={t('Göstəricilər')}>
            <StatCard>
              <dt>{t('Gözləyən sorğular')}</dt>
              <dd>{count(pending)}</dd>
            </StatCard>
            <StatCard>
              <dt>{t('Ümumi elanlar')}</dt>
              <dd>{count(announcements.data?.length)}</dd>
            </StatCard>
            <StatCard>
              <dt>{t('Həll olunmuş sorğular')}</dt>
              <dd>{count(resolved)}</dd>
            </StatCard>
            <StatCard>
              <dt>{t('Təhvil gözləyən sorğular')}</dt>
              <dd>{count(awaitingHandover)}</dd>
            </StatCard>
          </StatGrid>
          <PlanUsage organizationId={organizationId} />
          <Tabs<Tab>
            label={t('Təşkilat bölmələri')}
            listMaxWidth={600}
            value={tab}
            onChange={setTab}
            items={[
              {
                id: 'requests',
                label: t('Sorğular'),
                content: (
                  <Stack $gap={4}>
                    <div style={{ maxWidth: 280 }}>
                      <Select
                        label={t('Status')}
                        options={FILTERS}
                        value={filter}
                        onChange={(e) => setFilter(e.target.value as RequestFilter)}
                      />
                    </div>
                    <HandledRequestList
                      state={filtered}
                      empty={<p>{t('Bu statusda sorğu yoxdur.')}</p>}
                      onUpdated={() => toast({ title: t('Sorğu statusu yeniləndi'), variant: 'success' })}
                      linkedId={params.get('request')}
                      conversation={claimConversation}
                    />
                  </Stack>
                ),
              },
              {
                id: 'venue-checks',
                label: t('Soruşulanlar'),
                content: (
                  <Suspense fallback={<Spinner size={28} label={t('Yüklənir...')} />}>
                    <VenueCheckInbox
                      organizationId={organizationId}
                      linkedId={params.get('check')}
                      items={announcements.data}
                    />
                  </Suspense>
                ),
              },
              {
                id: 'announcements',
                label: t('Elanlar'),
                content: (
                  <OrganizationAnnouncements
                    organizationId={organizationId}
                    linkedId={params.get('announcement')}
                  />
                ),
              },
              {
                id: 'venue',
                label: t('Məkan səhifəsi'),
                content: <VenueSettings organizationId={organizationId} canEdit={isAdmin} />,
              },
              ...(isAdmin && user
                ? [
                    {
                      id: 'staff' as const,
                      label: t('Heyət'),
                      content: <OrganizationStaff organization={org} currentUserId={user.id} />,
                    },
                  ]
                : []),
            ]}
          />
        </Stack>
      </Container>
      {posting && user && (
        <Modal
          open
          onClose={() => setPosting(false)}
          title={t('Tapılmış əşya əlavə et')}
          description={t(
            '{organization} adından tapılmış əşya elanı: otaq nömrəsi, təhlükəsizlik sualları və görünmə.',
            {
              organization: org.name,
            },
          )}
          width={760}
        >
          <Suspense fallback={<Spinner size={28} label={t('Yüklənir...')} />}>
            <CreateAnnouncementForm
              user={{ ...user, phone: user.phone ?? org.contactPhone }}
              initialType="found"
              organization
              onCancel={() => setPosting(false)}
              onSuccess={(created) => {
                setPosting(false);
                void mutate(
                  organizationAnnouncementsKey(organizationId),
                  (list: OrganizationAnnouncement[] | undefined) => [
                    asOrganizationAnnouncement(created, organizationId),
                    ...(list ?? []).filter((a) => a.id !== created.id),
                  ],
                  { revalidate: false },
                );
                setTab('announcements');
                toast(
                  created.moderationStatus === 'pending_review'
                    ? { ...HELD_FOR_REVIEW_TOAST, variant: 'default' }
                    : {
                        title: t('Elan yaradıldı'),
                        description: t('Elanınız uğurla yaradıldı və aktivdir.'),
                        variant: 'success',
                      },
                );
              }}
              photoField={(field) => (
                <PhotoUpload
                  {...field}
                  onUploaded={() => toast({ title: t('Şəkil yükləndi'), variant: 'success' })}
                />
              )}
            />
          </Suspense>
        </Modal>
      )}
    </Page>
  );
}
