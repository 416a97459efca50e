import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { inRange } from '../../../features/analytics/api/range';
import type { DashboardFilters } from '../../../features/analytics/components/filter-panel';
import { useDashboardText } from '../../../features/analytics/i18n';
import { useOrganizations } from '../../../features/organizations/api/organizations';
import { useOrganizationRequests } from '../../../features/requests/api/requests';
import { REQUEST_STATUS_TONES } from '../../../features/requests/labels';
import { formatDateTime } from '../../../lib/dates';
import { TabState } from './tab-state';

/** An organisation's requests with the status filter and the date range (the KPIs count all). */
export function RequestsTab({ filters }: { filters: DashboardFilters }) {
  const t = useDashboardText();
  const organizations = useOrganizations();
  const [chosen, setChosen] = useState('');
  const organizationId = chosen || organizations.data?.[0]?.id || '';
  const requests = useOrganizationRequests(organizationId || null, filters.status);
  const rows = (requests.data ?? []).filter((r) => inRange(r.createdAt, filters.range));
  return (
    <TabState isLoading={organizations.isLoading} error={organizations.error} retry={organizations.mutate}>
      <Stack $gap={4}>
        <div style={{ maxWidth: 360 }}>
          <Select
            label={t.requests.organization}
            placeholder={organizations.data?.length ? undefined : t.requests.chooseOrganization}
            options={(organizations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={organizationId}
            onChange={(e) => setChosen(e.target.value)}
          />
        </div>
        {!organizationId ? (
          <EmptyState>
            <p>{t.requests.prompt}</p>
          </EmptyState>
        ) : (
          <TabState isLoading={requests.isLoading} error={requests.error} retry={requests.mutate}>
            <DataTable
              testId="requests-table"
              caption={t.tabs.requests}
              columns={[
                {
                  key: 'item',
                  label: t.requests.item,
                  render: (r) => (
                    <strong>
                      {r.announcement?.title ?? '—'}
                      {r.announcement?.roomNumber ? ` · ${r.announcement.roomNumber}` : ''}
                    </strong>
                  ),
                },
                { key: 'claimant', label: t.requests.claimant, render: (r) => r.username ?? '—' },
                {
                  key: 'contact',
                  label: t.requests.contact,
                  render: (r) => t.requests.contactMethods[r.contactMethod],
                },
                {
                  key: 'status',
                  label: t.requests.status,
                  render: (r) => (
                    <Badge $tone={REQUEST_STATUS_TONES[r.status]}>{t.requests.statuses[r.status]}</Badge>
                  ),
                },
                { key: 'date', label: t.requests.date, render: (r) => formatDateTime(r.createdAt) },
              ]}
              rows={rows}
              rowKey={(r) => r.id}
              empty={t.common.empty}
            />
          </TabState>
        )}
      </Stack>
    </TabState>
  );
}
