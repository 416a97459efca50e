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
import { useT } from '../../../lib/i18n';
import { AUDIT_PAGE, useAuditLogs, useAuditStream } from '../api/audit-logs';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from '../audit-actions';

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
 * The audit log: the 10 latest entries of the date range (and of one user, when the global search
 * led here) — time, actor, what happened as a sentence, entity; "show more" adds 10, and rows
 * arriving on the live stream are put on top at once.
 */
export function AuditList({ fromDate, userId }: { fromDate?: string; userId?: string }) {
  const t = useT();
  const [limit, setLimit] = useState(AUDIT_PAGE);
  const { data, error, isLoading, mutate } = useAuditLogs({ fromDate, userId, limit });
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
      (e) =>
        !fetched.some((f) => f.id === e.id) &&
        new Date(e.createdAt).getTime() >= since &&
        (!userId || e.userId === userId),
    );
    return [...fresh, ...fetched].slice(0, limit);
  }, [data, arrived, limit, fromDate, userId]);
  const total =
    (data?.total ?? 0) +
    arrived.filter((e) => !data?.items.some((f) => f.id === e.id) && (!userId || e.userId === userId)).length;

  if (isLoading && !data)
    return (
      <Row $justify="center">
        <Spinner size={28} label={t('Yüklənir...')} />
      </Row>
    );
  if (error && !data)
    return (
      <Alert>
        <strong>{errorMessage(error, t('Məlumatı yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );

  return (
    <Stack $gap={3}>
      <Row $justify="space-between">
        <h2 style={{ fontSize: '1.125rem' }}>{t('Son əməliyyatlar')}</h2>
        <Muted style={{ fontSize: '0.875rem' }} data-testid="audit-stream-status">
          <Dot $live={stream === 'live'} aria-hidden="true" />
          {stream === 'live'
            ? t('Canlı: yeni qeydlər dərhal görünür')
            : stream === 'connecting'
              ? t('Canlı axına qoşulur...')
              : t('Canlı axın əlçatan deyil')}
        </Muted>
      </Row>
      <DataTable
        testId="audit-log"
        columns={[
          {
            key: 'time',
            label: t('Vaxt'),
            render: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
          },
          {
            key: 'actor',
            label: t('İcraçı'),
            render: (e) => e.username ?? (e.userId ? e.userId.slice(0, 8) : t('Sistem')),
          },
          {
            key: 'action',
            label: t('Əməliyyat'),
            render: (e) => {
              const sentence = AUDIT_ACTION_LABELS[e.action];
              return sentence ? <span title={e.action}>{t(sentence)}</span> : <Code>{e.action}</Code>;
            },
          },
          {
            key: 'entity',
            label: t('Obyekt'),
            render: (e) => (
              <span>
                <Badge $tone="neutral">
                  {AUDIT_ENTITY_LABELS[e.entityType] ? t(AUDIT_ENTITY_LABELS[e.entityType]!) : e.entityType}
                </Badge>{' '}
                {e.entityId && <Code>{e.entityId.slice(0, 8)}</Code>}
              </span>
            ),
          },
        ]}
        rows={rows}
        rowKey={(e) => e.id}
        empty={t('Seçilmiş filtrlərə uyğun məlumat yoxdur')}
      />
      <Row $justify="space-between">
        <Muted style={{ fontSize: '0.875rem' }}>
          {t('{total} qeyddən {shown} göstərilir', {
            shown: rows.length,
            total: Math.max(total, rows.length),
          })}
        </Muted>
        {rows.length < total && limit < AUDIT_MAX_LIMIT && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setLimit((l) => Math.min(l + AUDIT_PAGE, AUDIT_MAX_LIMIT))}
          >
            {t('Daha çox göstər')}
          </Button>
        )}
      </Row>
    </Stack>
  );
}
