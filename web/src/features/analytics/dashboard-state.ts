import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DATE_RANGES } from '../../lib/date-range';
import { msg } from '../../lib/i18n';
import {
  CATEGORY_FILTERS,
  DEFAULT_FILTERS,
  NOTIFICATION_STATUS_FILTERS,
  REQUEST_STATUS_FILTERS,
  type DashboardFilters,
} from './components/filter-panel';

export const DASHBOARD_TABS = [
  'overview',
  'organizations',
  'announcements',
  'moderation',
  'complaints',
  'requests',
  'subscriptions',
  'inventoryReports',
  'notifications',
  'audit',
  'exports',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  overview: msg('Ümumi baxış'),
  organizations: msg('Təşkilatlar'),
  announcements: msg('Elanlar'),
  moderation: msg('Moderasiya'),
  complaints: msg('Şikayətlər'),
  requests: msg('Sorğular'),
  subscriptions: msg('Abunələr'),
  inventoryReports: msg('Büro hesabatları'),
  notifications: msg('Bildirişlər'),
  audit: msg('Audit'),
  exports: msg('İxrac'),
};

/** What /admin shows: the tab, the filters, and the organisation or user a search result opened. */
export interface DashboardState extends DashboardFilters {
  tab: DashboardTab;
  /** The organisations tab shows only this one. */
  organization?: string;
  /** The audit tab shows only this user's rows. */
  user?: string;
}

const DEFAULTS: DashboardState = { tab: 'overview', ...DEFAULT_FILTERS };
const CHOICES: Partial<Record<keyof DashboardState, readonly string[]>> = {
  tab: DASHBOARD_TABS,
  range: DATE_RANGES,
  status: REQUEST_STATUS_FILTERS,
  notificationStatus: NOTIFICATION_STATUS_FILTERS,
  category: CATEGORY_FILTERS,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function stateOf(params: URLSearchParams): DashboardState {
  const state: Record<string, string | undefined> = { ...DEFAULTS };
  for (const [key, choices] of Object.entries(CHOICES)) {
    const value = params.get(key);
    if (value && choices.includes(value)) state[key] = value;
  }
  for (const key of ['organization', 'user'] as const) {
    const value = params.get(key);
    if (value && UUID.test(value)) state[key] = value;
  }
  return state as unknown as DashboardState;
}

/** The query of a state: only what differs from the defaults, so /admin alone is the overview. */
function queryOf(state: Partial<DashboardState>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state))
    if (value !== undefined && value !== DEFAULTS[key as keyof DashboardState])
      params.set(key, String(value));
  return params;
}

/** A link to /admin showing a tab with these filters (defaults for the rest). */
export function dashboardHref(state: Partial<DashboardState>): string {
  const query = queryOf(state).toString();
  return query ? `/admin?${query}` : '/admin';
}

/**
 * The dashboard's state lives in the URL (`/admin?tab=audit&range=7d`), so a tab with its filters
 * can be shared, bookmarked and reached with Back. Changing the tab adds a history entry; changing
 * a filter replaces the current one.
 */
export function useDashboardState() {
  const [params, setParams] = useSearchParams();
  const state = stateOf(params);
  const update = useCallback(
    (change: Partial<DashboardState>) =>
      setParams(
        (current) => {
          // Another tab leaves the organisation or user a search result opened.
          const left = 'tab' in change ? { organization: undefined, user: undefined } : {};
          return queryOf({ ...stateOf(current), ...left, ...change });
        },
        { replace: !('tab' in change) },
      ),
    [setParams],
  );
  return { state, update };
}
