import { useMemo, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ui/button';
import { Container, Muted, PageTitle, Stack } from '../../../components/ui/layout';
import { Tabs } from '../../../components/ui/tabs';
import { media, space } from '../../../components/ui/theme';
import { rangeStart } from '../../../features/analytics/api/range';
import { AuditList } from '../../../features/analytics/components/audit-list';
import {
  LanguageSelector,
  ThemeToggle,
  useDashboardTheme,
} from '../../../features/analytics/components/dashboard-controls';
import { ExportsPanel } from '../../../features/analytics/components/exports-panel';
import {
  DEFAULT_FILTERS,
  FilterPanel,
  type DashboardFilters,
} from '../../../features/analytics/components/filter-panel';
import { GlobalSearch } from '../../../features/analytics/components/global-search';
import { KpiCards } from '../../../features/analytics/components/kpi-cards';
import { OverviewPanel } from '../../../features/analytics/components/overview-panel';
import { useDashboardLanguage } from '../../../features/analytics/i18n';
import { NotificationBell } from '../../../features/notifications/components/notification-bell';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AnnouncementsTab } from './announcements-tab';
import { ComplaintsTab } from './complaints-tab';
import { ModerationTab } from './moderation-tab';
import { NotificationsTab } from './notifications-tab';
import { OrganizationsTab } from './organizations-tab';
import { RequestsTab } from './requests-tab';
import { SubscriptionsTab } from './subscriptions-tab';

const Page = styled.div`
  padding: ${space(6)} 0 ${space(16)};
  flex: 1;
`;

const TopBar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  ${media.lg} {
    flex-direction: row;
    align-items: flex-start;
    justify-content: space-between;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  min-width: 0;
  ${media.lg} {
    flex-wrap: nowrap;
    flex: 0 1 640px;
    justify-content: flex-end;
  }
`;

type Tab =
  | 'overview'
  | 'organizations'
  | 'announcements'
  | 'moderation'
  | 'complaints'
  | 'requests'
  | 'subscriptions'
  | 'notifications'
  | 'audit'
  | 'exports';

function Dashboard() {
  const { t, language } = useDashboardLanguage();
  useDocumentTitle(t.title);
  const { theme, toggle } = useDashboardTheme();
  const [tab, setTab] = useState<Tab>('overview');
  const [filters, setFilters] = useState<DashboardFilters>(DEFAULT_FILTERS);
  // Fixed when the range is chosen, so the audit query's key does not move on every render.
  const fromDate = useMemo(() => rangeStart(filters.range)?.toISOString(), [filters.range]);

  const tabs: { id: Tab; content: ReactNode }[] = [
    { id: 'overview', content: <OverviewPanel /> },
    { id: 'organizations', content: <OrganizationsTab filters={filters} /> },
    { id: 'announcements', content: <AnnouncementsTab filters={filters} /> },
    { id: 'moderation', content: <ModerationTab /> },
    { id: 'complaints', content: <ComplaintsTab /> },
    { id: 'requests', content: <RequestsTab filters={filters} /> },
    { id: 'subscriptions', content: <SubscriptionsTab /> },
    { id: 'notifications', content: <NotificationsTab filters={filters} /> },
    { id: 'audit', content: <AuditList fromDate={fromDate} /> },
    { id: 'exports', content: <ExportsPanel range={filters.range} /> },
  ];

  return (
    <Page lang={language} data-testid="analytics-dashboard">
      <Container>
        <Stack $gap={5}>
          <TopBar>
            <Stack $gap={2}>
              <PageTitle>{t.title}</PageTitle>
              <Muted>{t.subtitle}</Muted>
              <div>
                <ButtonLink to="/super-admin" variant="ghost" size="sm">
                  {t.superAdminLink}
                </ButtonLink>
              </div>
            </Stack>
            <Controls>
              <GlobalSearch />
              <LanguageSelector />
              <ThemeToggle theme={theme} onToggle={toggle} />
              <NotificationBell labels={t.bell} />
            </Controls>
          </TopBar>
          <KpiCards />
          <FilterPanel value={filters} onChange={setFilters} />
          <Tabs<Tab>
            label={t.tabs.label}
            wrap
            value={tab}
            onChange={setTab}
            items={tabs.map(({ id, content }) => ({ id, label: t.tabs[id], content }))}
          />
        </Stack>
      </Container>
    </Page>
  );
}

/** /admin: the super admin's analytics dashboard, in AZ, EN or RU, light or dark. */
export default function AnalyticsPage() {
  return <Dashboard />;
}
