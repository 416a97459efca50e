import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_STATUS_LABELS,
  type AdminNotification,
  type NotificationStatus,
} from '@tapinti/contracts/notifications-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { StatCard, StatGrid } from '../../../components/ui/detail-list';
import { RefreshIcon } from '../../../components/ui/icons';
import { Stack } from '../../../components/ui/layout';
import { useToast } from '../../../components/ui/toast';
import { TabState } from '../../../components/ui/tab-state';
import type { DateRange } from '../../../lib/date-range';
import { useT } from '../../../lib/i18n';
import { useAdminNotifications, useNotificationStats, useRetryNotification } from '../api/notifications';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';

const TONE = { sent: 'success', pending: 'primary', failed: 'danger' } as const;

/** Delivery stats of the range, the failed notifications with a retry button, and the filtered list. */
export function AdminNotifications({
  range,
  status,
}: {
  range: DateRange;
  status: NotificationStatus | 'all';
}) {
  const t = useT();
  const { toast } = useToast();
  const filter = { range, status };
  const stats = useNotificationStats(filter);
  const failed = useAdminNotifications({ range, status: 'failed' });
  const list = useAdminNotifications(filter);
  const retry = useRetryNotification();

  const onRetry = async (n: AdminNotification) => {
    try {
      await retry.trigger(n.id);
      toast({
        title: t('Bildiriş yenidən növbəyə qoyuldu'),
        description: n.recipient ?? n.title,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('Bildirişi yenidən göndərmək mümkün olmadı'),
        description: errorMessage(error, t('Məlumatı yükləmək mümkün olmadı')),
        variant: 'destructive',
      });
    }
  };

  const columns = (withRetry: boolean) => [
    {
      key: 'title',
      label: t('Bildiriş'),
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
      label: t('Alıcı'),
      render: (n: AdminNotification) => n.recipient ?? '—',
    },
    {
      key: 'channel',
      label: t('Kanal'),
      render: (n: AdminNotification) => t(NOTIFICATION_CHANNEL_LABELS[n.channel]),
    },
    {
      key: 'status',
      label: t('Bildiriş statusu'),
      render: (n: AdminNotification) => (
        <Badge $tone={TONE[n.status]}>{t(NOTIFICATION_STATUS_LABELS[n.status])}</Badge>
      ),
    },
    {
      key: 'error',
      label: t('Xəta'),
      render: (n: AdminNotification) => (n.error ? `${n.error} (${t('Cəhdlər')}: ${n.retryCount})` : '—'),
    },
    {
      key: 'date',
      label: t('Tarix'),
      render: (n: AdminNotification) => formatDateTime(n.createdAt),
    },
    ...(withRetry
      ? [
          {
            key: 'retry',
            label: t('Yenidən göndər'),
            render: (n: AdminNotification) =>
              n.status === 'failed' && n.channel === 'email' ? (
                <Button
                  size="sm"
                  variant="outline"
                  icon={<RefreshIcon size={14} />}
                  loading={retry.isMutating}
                  onClick={() => void onRetry(n)}
                >
                  {t('Yenidən göndər')}
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
        <StatGrid aria-label={t('Bildirişlər')}>
          <StatCard>
            <dt>{t('Göndərilib')}</dt>
            <dd data-testid="notifications-sent">{stats.data?.sent ?? 0}</dd>
          </StatCard>
          <StatCard>
            <dt>{t('Gözləyir')}</dt>
            <dd data-testid="notifications-pending">{stats.data?.pending ?? 0}</dd>
          </StatCard>
          <StatCard>
            <dt>{t('Uğursuz')}</dt>
            <dd data-testid="notifications-failed">{stats.data?.failed ?? 0}</dd>
          </StatCard>
        </StatGrid>
      </TabState>
      <TabState isLoading={failed.isLoading} error={failed.error} retry={failed.mutate}>
        <DataTable
          testId="failed-notifications"
          caption={t('Uğursuz bildirişlər')}
          columns={columns(true)}
          rows={failed.data?.items ?? []}
          rowKey={(n) => n.id}
          empty={t('Uğursuz bildiriş yoxdur')}
        />
      </TabState>
      <TabState isLoading={list.isLoading} error={list.error} retry={list.mutate}>
        <DataTable
          testId="notifications-list"
          caption={`${t('Bildirişlər')} · ${status === 'all' ? t('Hamısı') : t(NOTIFICATION_STATUS_LABELS[status])}`}
          columns={columns(false)}
          rows={list.data?.items ?? []}
          rowKey={(n) => n.id}
          empty={t('Seçilmiş filtrlərə uyğun məlumat yoxdur')}
        />
      </TabState>
    </Stack>
  );
}
