import type { AdminNotification } from '@tapinti/contracts/notifications-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { StatCard, StatGrid } from '../../../components/ui/detail-list';
import { RefreshIcon } from '../../../components/ui/icons';
import { Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import type { DashboardFilters } from '../../../features/analytics/components/filter-panel';
import { useDashboardText } from '../../../features/analytics/i18n';
import {
  useAdminNotifications,
  useNotificationStats,
  useRetryNotification,
} from '../../../features/notifications/api/notifications';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { TabState } from './tab-state';

const TONE = { sent: 'success', pending: 'primary', failed: 'danger' } as const;

/** Delivery stats of the range, the failed notifications with a retry button, and the filtered list. */
export function NotificationsTab({ filters }: { filters: DashboardFilters }) {
  const t = useDashboardText();
  const { toast } = useToast();
  const filter = { range: filters.range, status: filters.notificationStatus };
  const stats = useNotificationStats(filter);
  const failed = useAdminNotifications({ range: filters.range, status: 'failed' });
  const list = useAdminNotifications(filter);
  const retry = useRetryNotification();

  const onRetry = async (n: AdminNotification) => {
    try {
      await retry.trigger(n.id);
      toast({ title: t.notifications.retried, description: n.recipient ?? n.title, variant: 'success' });
    } catch (error) {
      toast({
        title: t.notifications.retryFailed,
        description: errorMessage(error, t.common.failed),
        variant: 'destructive',
      });
    }
  };

  const columns = (withRetry: boolean) => [
    {
      key: 'title',
      label: t.notifications.item,
      render: (n: AdminNotification) => (
        <span>
          <strong>{n.title}</strong>
          <br />
          <small>{n.message}</small>
        </span>
      ),
    },
    {
      key: 'recipient',
      label: t.notifications.recipient,
      render: (n: AdminNotification) => n.recipient ?? '—',
    },
    {
      key: 'channel',
      label: t.notifications.channel,
      render: (n: AdminNotification) => t.notifications.channels[n.channel],
    },
    {
      key: 'status',
      label: t.filters.notificationStatus,
      render: (n: AdminNotification) => (
        <Badge $tone={TONE[n.status]}>{t.filters.notificationStatuses[n.status]}</Badge>
      ),
    },
    {
      key: 'error',
      label: t.notifications.error,
      render: (n: AdminNotification) =>
        n.error ? `${n.error} (${t.notifications.attempts}: ${n.retryCount})` : '—',
    },
    {
      key: 'date',
      label: t.notifications.date,
      render: (n: AdminNotification) => formatDateTime(n.createdAt),
    },
    ...(withRetry
      ? [
          {
            key: 'retry',
            label: t.notifications.retry,
            render: (n: AdminNotification) =>
              n.status === 'failed' && n.channel === 'email' ? (
                <Button
                  size="sm"
                  variant="outline"
                  icon={<RefreshIcon size={14} />}
                  loading={retry.isMutating}
                  onClick={() => void onRetry(n)}
                >
                  {t.notifications.retry}
                </Button>
              ) : (
                '—'
              ),
          },
        ]
      : []),
  ];

  return (
    <Stack $gap={5}>
      <TabState isLoading={stats.isLoading} error={stats.error} retry={stats.mutate}>
        <StatGrid aria-label={t.tabs.notifications}>
          <StatCard>
            <dt>{t.notifications.sent}</dt>
            <dd data-testid="notifications-sent">{stats.data?.sent ?? 0}</dd>
          </StatCard>
          <StatCard>
            <dt>{t.notifications.pending}</dt>
            <dd data-testid="notifications-pending">{stats.data?.pending ?? 0}</dd>
          </StatCard>
          <StatCard>
            <dt>{t.notifications.failed}</dt>
            <dd data-testid="notifications-failed">{stats.data?.failed ?? 0}</dd>
          </StatCard>
        </StatGrid>
      </TabState>
      <TabState isLoading={failed.isLoading} error={failed.error} retry={failed.mutate}>
        <DataTable
          testId="failed-notifications"
          caption={t.notifications.failedList}
          columns={columns(true)}
          rows={failed.data?.items ?? []}
          rowKey={(n) => n.id}
          empty={t.notifications.noFailed}
        />
      </TabState>
      <TabState isLoading={list.isLoading} error={list.error} retry={list.mutate}>
        <DataTable
          testId="notifications-list"
          caption={`${t.notifications.list} · ${t.filters.notificationStatuses[filters.notificationStatus]}`}
          columns={columns(false)}
          rows={list.data?.items ?? []}
          rowKey={(n) => n.id}
          empty={t.common.empty}
        />
      </TabState>
    </Stack>
  );
}
