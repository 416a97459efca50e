import type { ReactNode } from 'react';
import { Stack } from '../../../components/ui/layout';
import { TabState } from '../../../components/ui/tab-state';
import { Tabs } from '../../../components/ui/tabs';
import { AdminAnnouncementsTable } from '../../../features/announcements/components/admin-announcements-table';
import { rangeStart } from '../../../lib/date-range';
import { AuditList } from '../../../features/analytics/components/audit-list';
import { DashboardLayout } from '../../../features/analytics/components/dashboard-layout';
import { ExportsPanel } from '../../../features/analytics/components/exports-panel';
import { FilterPanel } from '../../../features/analytics/components/filter-panel';
import { KpiCards } from '../../../features/analytics/components/kpi-cards';
import { OverviewPanel } from '../../../features/analytics/components/overview-panel';
import {
  DASHBOARD_TAB_LABELS,
  DASHBOARD_TABS,
  useDashboardState,
  type DashboardTab,
} from '../../../features/analytics/dashboard-state';
import { useComplaints } from '../../../features/complaints/api/complaints';
import { CATEGORY_LABELS } from '../../../features/announcements/labels';
import { PlatformInventoryReport } from '../../../features/inventory/components/inventory-report';
import { ComplaintsAdmin } from '../../../features/complaints/components/complaints-admin';
import { useModerationQueue } from '../../../features/moderation/api/moderation';
import { ModerationTab } from '../../../features/moderation/components/moderation-tab';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { AdminNotifications } from '../../../features/notifications/components/admin-notifications';
import { useApplications } from '../../../features/organizations/api/applications';
import { useOrganizations } from '../../../features/organizations/api/organizations';
import { AdminOrganizationsTable } from '../../../features/organizations/components/admin-organizations-table';
import { AdminSubscriptions } from '../../../features/organizations/components/admin-subscriptions';
import { AdminRequestsTable } from '../../../features/requests/components/admin-requests-table';
import { LockedHandovers } from '../../../features/requests/components/locked-handovers';
import { ReportedConversations } from '../../../features/conversations/components/reported-conversations';
import { OverdueClaims } from '../../../features/requests/components/overdue-claims';
import { useT } from '../../../lib/i18n';

/** /admin: the super admin's analytics dashboard; its tab and filters are in the URL. */
export default function AnalyticsPage() {
  const t = useT();
  const { state, update } = useDashboardState();
  const { range } = state;
  const organizations = useOrganizations();
  const applications = useApplications();
  const moderation = useModerationQueue();
  const openComplaints = useComplaints('open');

  const content: Record<DashboardTab, () => ReactNode> = {
    overview: () => (
      <OverviewPanel
        range={range}
        live={{
          applications: applications.data?.filter((a) => a.status === 'pending').length,
          moderation: moderation.data?.length,
          complaints: openComplaints.data?.length,
        }}
      />
    ),
    organizations: () => (
      <AdminOrganizationsTable
        range={range}
        only={state.organization}
        onShowAll={() => update({ organization: undefined })}
      />
    ),
    announcements: () => <AdminAnnouncementsTable range={range} category={state.category} />,
    moderation: () => <ModerationTab />,
    complaints: () => (
      <Stack $gap={4}>
        <LockedHandovers />
        <ReportedConversations />
        <ComplaintsAdmin />
      </Stack>
    ),
    requests: () => (
      <Stack $gap={4}>
        <OverdueClaims />
        <TabState
          isLoading={organizations.isLoading}
          error={organizations.error}
          retry={organizations.mutate}
        >
          <AdminRequestsTable organizations={organizations.data ?? []} range={range} status={state.status} />
        </TabState>
      </Stack>
    ),
    subscriptions: () => <AdminSubscriptions />,
    inventoryReports: () => <PlatformInventoryReport categoryLabels={CATEGORY_LABELS} />,
    notifications: () => <AdminNotifications range={range} status={state.notificationStatus} />,
    audit: () => <AuditList fromDate={rangeStart(range)?.toISOString()} userId={state.user} />,
    exports: () => <ExportsPanel range={range} />,
  };

  return (
    <DashboardLayout controls={<NotificationBell />}>
      <KpiCards range={range} />
      <FilterPanel value={state} onChange={update} />
      <Tabs<DashboardTab>
        label={t('Analitika bölmələri')}
        wrap
        value={state.tab}
        onChange={(tab) => update({ tab })}
        items={DASHBOARD_TABS.map((id) => ({
          id,
          label: t(DASHBOARD_TAB_LABELS[id]),
          content: id === state.tab ? content[id]() : null,
        }))}
      />
    </DashboardLayout>
  );
}
