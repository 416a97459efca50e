import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { TabState } from '../../../components/ui/tab-state';
import { inRange, type DateRange } from '../../../lib/date-range';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useOrganizationRequests, type RequestFilter } from '../api/requests';
import { CONTACT_METHOD_LABELS, REQUEST_STATUS_LABELS, REQUEST_STATUS_TONES } from '../labels';

/**
 * An organisation's requests with the status filter and the date range (the KPIs count all); the
 * page passes the organisations to choose from.
 */
export function AdminRequestsTable({
  organizations,
  range,
  status,
}: {
  organizations: { id: string; name: string }[];
  range: DateRange;
  status: RequestFilter;
}) {
  const t = useT();
  const [chosen, setChosen] = useState('');
  const organizationId = chosen || organizations[0]?.id || '';
  const requests = useOrganizationRequests(organizationId || null, status);
  const rows = (requests.data ?? []).filter((r) => inRange(r.createdAt, range));
  return (
    <Stack $gap={4}>
      <div style={{ maxWidth: 360 }}>
        <Select
          label={t('Təşkilat')}
          placeholder={organizations.length ? undefined : t('Təşkilat seçin')}
          options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          value={organizationId}
          onChange={(e) => setChosen(e.target.value)}
        />
      </div>
      {!organizationId ? (
        <EmptyState>
          <p>{t('Sorğularına baxmaq üçün təşkilat seçin.')}</p>
        </EmptyState>
      ) : (
        <TabState isLoading={requests.isLoading} error={requests.error} retry={requests.mutate}>
          <DataTable
            testId="requests-table"
            caption={t('Sorğular')}
            columns={[
              {
                key: 'item',
                label: t('Əşya'),
                render: (r) => (
                  <strong>
                    {r.announcement?.title ?? '—'}
                    {r.announcement?.roomNumber ? ` · ${r.announcement.roomNumber}` : ''}
                  </strong>
                ),
              },
              { key: 'claimant', label: t('Müraciət edən'), render: (r) => r.username ?? '—' },
              {
                key: 'contact',
                label: t('Əlaqə üsulu'),
                render: (r) => t(CONTACT_METHOD_LABELS[r.contactMethod]),
              },
              {
                key: 'status',
                label: t('Status'),
                render: (r) => (
                  <Badge $tone={REQUEST_STATUS_TONES[r.status]}>{t(REQUEST_STATUS_LABELS[r.status])}</Badge>
                ),
              },
              { key: 'date', label: t('Tarix'), render: (r) => formatDateTime(r.createdAt) },
            ]}
            rows={rows}
            rowKey={(r) => r.id}
            empty={t('Seçilmiş filtrlərə uyğun məlumat yoxdur')}
          />
        </TabState>
      )}
    </Stack>
  );
}
