import { Route, Routes } from 'react-router-dom';
import { EmptyState, Container, PageTitle } from '../../components/ui/layout';
import { useUser } from '../../features/auth/api/get-user';
import { CATEGORY_LABELS } from '../../features/announcements/labels';
import { IntakeForm } from '../../features/inventory/components/intake-form';
import { InventoryLayout } from '../../features/inventory/components/inventory-layout';
import { PhotoUpload } from '../../features/uploads/components/photo-upload';
import { useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import NotFoundPage from './not-found';

/** /org-admin/inventory/*: the venue's lost-property office (issue 25), for its admins and staff. */
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
  return (
    <Routes>
      <Route
        path="new"
        element={
          <InventoryLayout isAdmin={isAdmin} title={t('Tapılmış əşyanı qeydə al')}>
            <IntakeForm
              organizationId={organizationId}
              user={user}
              isAdmin={isAdmin}
              categoryLabels={CATEGORY_LABELS}
              photoField={(field) => <PhotoUpload camera {...field} />}
            />
          </InventoryLayout>
        }
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
