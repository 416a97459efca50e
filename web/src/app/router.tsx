import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Layout } from './layout/layout';
import { RouteGuard } from './route-guard';

// One chunk per route (spec: the home page's initial JS stays small).
const HomePage = lazy(() => import('./routes/home'));
const AuthPage = lazy(() => import('./routes/auth'));
const CreatePage = lazy(() => import('./routes/create'));
const EditAnnouncementPage = lazy(() => import('./routes/edit-announcement'));
const ProfilePage = lazy(() => import('./routes/profile'));
const RewardsPage = lazy(() => import('./routes/rewards'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const SuperAdminPage = lazy(() => import('./routes/super-admin'));
const AnalyticsPage = lazy(() => import('./routes/admin/analytics'));
const OrgAdminPage = lazy(() => import('./routes/org-admin'));
const OrgAdminInventoryPage = lazy(() => import('./routes/org-admin-inventory'));
const PickupPointsPage = lazy(() => import('./routes/static/pickup-points'));
const ThankYouWallPage = lazy(() => import('./routes/static/thank-you-wall'));
const SupportPage = lazy(() => import('./routes/static/support'));
const AboutPage = lazy(() => import('./routes/static/about'));
const TermsPage = lazy(() => import('./routes/static/terms'));
const PrivacyPage = lazy(() => import('./routes/static/privacy'));
const HelpCenterPage = lazy(() => import('./routes/static/help-center'));
const HelpArticlePage = lazy(() => import('./routes/static/help-article'));
const ComplaintsPage = lazy(() => import('./routes/static/complaints'));
const ApplyOrganizationPage = lazy(() => import('./routes/static/apply-organization'));
const AcceptInvitationPage = lazy(() => import('./routes/accept-invitation'));
const VerifyEmailPage = lazy(() => import('./routes/verify-email'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const AnnouncementPage = lazy(() => import('./routes/announcement-page'));
const MapPage = lazy(() => import('./routes/map'));
const SavedSearchesPage = lazy(() => import('./routes/saved-searches'));
const ConfirmSavedSearchPage = lazy(() => import('./routes/confirm-saved-search'));
const UnsubscribePage = lazy(() => import('./routes/unsubscribe'));
const VenuePage = lazy(() => import('./routes/venue-page'));

/** The route table of spec §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="rewards" element={<RewardsPage />} />
        <Route path="elan/:id" element={<AnnouncementPage />} />
        <Route path="xerite" element={<MapPage />} />
        <Route path="t/:slug" element={<VenuePage />} />
        <Route path="apply-organization" element={<ApplyOrganizationPage />} />
        <Route path="accept-invitation" element={<AcceptInvitationPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="pickup-points" element={<PickupPointsPage />} />
        <Route path="thank-you-wall" element={<ThankYouWallPage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="help-center" element={<HelpCenterPage />} />
        <Route path="help-center/:slug" element={<HelpArticlePage />} />
        {/* The spec's rewards empty state links here: the create page for a lost item. */}
        <Route path="create-announcement" element={<Navigate to="/create?type=lost" replace />} />
        <Route path="complaints" element={<ComplaintsPage />} />
        <Route
          path="create"
          element={
            <RouteGuard>
              <CreatePage />
            </RouteGuard>
          }
        />
        <Route
          path="announcements/:id/edit"
          element={
            <RouteGuard>
              <EditAnnouncementPage />
            </RouteGuard>
          }
        />
        <Route path="axtaris-bildirisi/tesdiq" element={<ConfirmSavedSearchPage />} />
        <Route path="abunelikden-cix" element={<UnsubscribePage />} />
        <Route
          path="axtarislarim"
          element={
            <RouteGuard>
              <SavedSearchesPage />
            </RouteGuard>
          }
        />
        <Route
          path="profile"
          element={
            <RouteGuard>
              <ProfilePage />
            </RouteGuard>
          }
        />
        <Route
          path="super-admin"
          element={
            <RouteGuard roles={['super_admin']}>
              <SuperAdminPage />
            </RouteGuard>
          }
        />
        <Route
          path="admin"
          element={
            <RouteGuard roles={['super_admin']}>
              <AnalyticsPage />
            </RouteGuard>
          }
        />
        <Route
          path="org-admin"
          element={
            <RouteGuard roles={['org_admin', 'org_staff']}>
              <OrgAdminPage />
            </RouteGuard>
          }
        />
        <Route
          path="org-admin/inventory/*"
          element={
            <RouteGuard roles={['org_admin', 'org_staff']}>
              <OrgAdminInventoryPage />
            </RouteGuard>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
