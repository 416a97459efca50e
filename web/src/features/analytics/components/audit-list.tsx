import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';
import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { AUDIT_MAX_LIMIT } from '@tapinti/contracts/audit-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Alert, Muted, Row, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { color, font } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { AUDIT_PAGE, useAuditLogs, useAuditStream } from '../api/audit-logs';
import { useDashboardText } from '../i18n';

const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${font.size.xs};
  color: ${color.text};
  overflow-wrap: anywhere;
`;

const Dot = styled.span<{ $live: boolean }>`
  display: inline-block;
  width: 8px;
  height: 8px;
  border-radius: 50%;
  margin-right: 6px;
  background: ${(p) => (p.$live ? color.success : color.borderStrong)};
`;

/**
 * The audit log: the 10 latest entries of the date range (time, actor, action, entity), "show
 * more" adds 10, and rows arriving on the live stream are put on top at once.
 */
export function AuditList({ fromDate }: { fromDate?: string }) {
  const t = useDashboardText();
  const [limit, setLimit] = useState(AUDIT_PAGE);
  const { data, error, isLoading, mutate } = useAuditLogs({ fromDate, limit });
  const [arrived, setArrived] = useState<AuditLogEntry[]>([]);
  const onEntry = useCallback((entry: AuditLogEntry) => {
    setArrived((list) =>
      list.some((e) => e.id === entry.id) ? list : [entry, ...list].slice(0, AUDIT_MAX_LIMIT),
    );
  }, []);
  const stream = useAuditStream(onEntry);

  const rows = useMemo(() => {
    const fetched = data?.items ?? [];
    const since = fromDate ? new Date(fromDate).getTime() : 0;
    const fresh = arrived.filter(
      (e) => !fetched.some((f) => f.id === e.id) && new Date(e.createdAt).getTime() >= since,
    );
    return [...fresh, ...fetched].slice(0, limit);
  }, [data, arrived, limit, fromDate]);
  const total = (data?.total ?? 0) + arrived.filter((e) => !data?.items.some((f) => f.id === e.id)).length;

  if (isLoading && !data)
    return (
      <Row $justify="center">
        <Spinner size={28} label={t.common.loading} />
      </Row>
    );
  if (error && !data)
    return (
      <Alert>
        <strong>{errorMessage(error, t.common.failed)}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t.common.retry}
        </Button>
      </Alert>
    );

  return (
    <Stack $gap={3}>
      <Row $justify="space-between">
        <h2 style={{ fontSize: '1.125rem' }}>{t.audit.title}</h2>
        <Muted style={{ fontSize: '0.875rem' }} data-testid="audit-stream-status">
          <Dot $live={stream === 'live'} aria-hidden="true" />
          {stream === 'live'
            ? t.audit.live
            : stream === 'connecting'
              ? t.audit.connecting
              : t.audit.unavailable}
        </Muted>
      </Row>
      <DataTable
        testId="audit-log"
        columns={[
          {
            key: 'time',
            label: t.audit.time,
            render: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
          },
          {
            key: 'actor',
            label: t.audit.actor,
            render: (e) => e.username ?? (e.userId ? e.userId.slice(0, 8) : t.common.system),
          },
          { key: 'action', label: t.audit.action, render: (e) => <Code>{e.action}</Code> },
          {
            key: 'entity',
            label: t.audit.entity,
            render: (e) => (
              <span>
                <Badge $tone="neutral">{e.entityType}</Badge>{' '}
                {e.entityId && <Code>{e.entityId.slice(0, 8)}</Code>}
              </span>
            ),
          },
        ]}
        rows={rows}
        rowKey={(e) => e.id}
        empty={t.common.empty}
      />
      <Row $justify="space-between">
        <Muted style={{ fontSize: '0.875rem' }}>
          {t.common.showing(rows.length, Math.max(total, rows.length))}
        </Muted>
        {rows.length < total && limit < AUDIT_MAX_LIMIT && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setLimit((l) => Math.min(l + AUDIT_PAGE, AUDIT_MAX_LIMIT))}
          >
            {t.audit.showMore}
          </Button>
        )}
      </Row>
    </Stack>
  );
}
