import type { ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router-dom';
import { EmptyState, Container, PageTitle } from '../../components/ui/layout';
import { useUser } from '../../features/auth/api/get-user';
import { CATEGORY_LABELS } from '../../features/announcements/labels';
import { DeskHandover } from '../../features/inventory/components/desk-handover';
import { DeskSearch } from '../../features/inventory/components/desk-search';
import { DisposalQueue } from '../../features/inventory/components/disposal-queue';
import { IntakeForm } from '../../features/inventory/components/intake-form';
import { InventoryReport } from '../../features/inventory/components/inventory-report';
import { InventoryLayout } from '../../features/inventory/components/inventory-layout';
import { InventorySettings } from '../../features/inventory/components/inventory-settings';
import { ItemDetails } from '../../features/inventory/components/item-details';
import { ItemsList } from '../../features/inventory/components/items-list';
import { useOrganizationMembers } from '../../features/organizations/api/organizations';
import { useConfirmHandover } from '../../features/requests/api/handovers';
import { PhotoUpload } from '../../features/uploads/components/photo-upload';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AccessDenied } from '../route-guard';

/**
 * /org-admin/inventory/*: the venue's lost-property office (issue 25), for its admins and staff:
 * the register, intake, an item's page (its label's QR code), the disposal queue, reports and, for
 * admins, the settings. The organisation is the signed-in member's own.
 */
export default function OrgAdminInventoryPage() {
  const t = useT();
  const { user } = useUser();
  useDocumentTitle(t('İtirilmiş əşyalar bürosu'));
  if (!user) return null;
  const organizationId = user.organizationId;
  if (!organizationId)
    return (
      <Container $narrow>
        <EmptyState>
          <PageTitle as="p">{t('Təşkilat məlumatı tapılmadı')}</PageTitle>
        </EmptyState>
      </Container>
    );
  const isAdmin = user.role === 'org_admin';
  const page = (title: string, content: ReactNode) => (
    <InventoryLayout isAdmin={isAdmin} title={title}>
      {content}
    </InventoryLayout>
  );
  return (
    <Routes>
      <Route
        index
        element={page(
          t('Əşyalar'),
          <ItemsList organizationId={organizationId} categoryLabels={CATEGORY_LABELS} />,
        )}
      />
      <Route
        path="new"
        element={page(
          t('Tapılmış əşyanı qeydə al'),
          <IntakeForm
            organizationId={organizationId}
            user={user}
            isAdmin={isAdmin}
            categoryLabels={CATEGORY_LABELS}
            photoField={(field) => <PhotoUpload camera {...field} />}
          />,
        )}
      />
      <Route
        path="queue"
        element={page(
          t('Çıxarılmalı'),
          <DisposalQueue organizationId={organizationId} categoryLabels={CATEGORY_LABELS} />,
        )}
      />
      <Route
        path="reports"
        element={page(
          t('Hesabatlar'),
          <InventoryReport organizationId={organizationId} categoryLabels={CATEGORY_LABELS} />,
        )}
      />
      <Route
        path="settings"
        element={
          isAdmin ? (
            page(
              t('Ayarlar'),
              <InventorySettings organizationId={organizationId} categoryLabels={CATEGORY_LABELS} />,
            )
          ) : (
            <AccessDenied />
          )
        }
      />
      <Route
        path="desk"
        element={page(
          t('Təhvil masası'),
          <DeskSearch organizationId={organizationId} categoryLabels={CATEGORY_LABELS} />,
        )}
      />
      <Route
        path=":itemId/handover"
        element={page(t('Sahibinə təhvil'), <HandoverPage organizationId={organizationId} />)}
      />
      <Route path=":itemId" element={page(t('Əşya'), <ItemPage organizationId={organizationId} />)} />
    </Routes>
  );
}

/** The item's page names the staff in its history from the organisation's members. */
function ItemPage({ organizationId }: { organizationId: string }) {
  const { itemId = '' } = useParams();
  const members = useOrganizationMembers(organizationId);
  const names = Object.fromEntries(
    (members.data ?? []).flatMap((m) => (m.username ? [[m.userId, m.username]] : [])),
  );
  return (
    <ItemDetails
      organizationId={organizationId}
      itemId={itemId}
      categoryLabels={CATEGORY_LABELS}
      names={names}
    />
  );
}

function HandoverPage({ organizationId }: { organizationId: string }) {
  const { itemId = '' } = useParams();
  // The owner's code of an accepted claim is the requests service's to check.
  const confirmCode = useConfirmHandover();
  return <DeskHandover organizationId={organizationId} itemId={itemId} confirmCode={confirmCode} />;
}
