import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Category } from '@tapinti/contracts/announcements-api';
import { DISPOSAL_QUEUE_HORIZON_DAYS, type DisposalQueueEntry } from '@tapinti/contracts/inventory-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { useDisposalQueue } from '../api/inventory';
import { itemPath } from '../paths';
import { DisposeForm } from './dispose-form';
import { LoadFailed } from './inventory-notices';
import { ItemCards } from './item-cards';

/** Items due within 3 days or overdue, the longest overdue first; each disposed of from here. */
export function DisposalQueue({
  organizationId,
  categoryLabels,
}: {
  organizationId: string;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  const queue = useDisposalQueue(organizationId);
  const [disposing, setDisposing] = useState<DisposalQueueEntry | null>(null);
  if (queue.error) return <LoadFailed error={queue.error} fallback={t('Siyahı yüklənmədi')} />;
  if (!queue.data) return <Spinner size={28} label={t('Yüklənir...')} />;
  const due = (days: number) =>
    days < 0
      ? t('{days} gün gecikib', { days: -days })
      : days === 0
        ? t('Bu gün')
        : t('{days} gün qalıb', { days });

  return (
    <Stack $gap={4}>
      <Muted>
        {t('Saxlama müddəti bitmiş və ya {days} gün ərzində bitəcək əşyalar, ən çox gecikən əvvəl.', {
          days: DISPOSAL_QUEUE_HORIZON_DAYS,
        })}
      </Muted>
      {queue.data.items.length === 0 ? (
        <Muted>{t('Çıxarılmalı əşya yoxdur.')}</Muted>
      ) : (
        <ItemCards as="ol" aria-label={t('Çıxarılmalı')} data-testid="disposal-queue">
          {queue.data.items.map((entry) => (
            <li key={entry.id}>
              <Stack $gap={2}>
                <Row $gap={2}>
                  <Link to={itemPath(entry.id)}>{entry.referenceNumber}</Link>
                  <Badge $tone={entry.daysLeft < 0 ? 'danger' : 'reward'}>{due(entry.daysLeft)}</Badge>
                </Row>
                <p>
                  {entry.title} · {t(categoryLabels[entry.category])} · {entry.storagePlace.name}
                </p>
                <Muted as="p">
                  {t('Saxlama müddəti bitir')}: {formatDateTime(entry.disposeAfter)}
                </Muted>
                <div>
                  <Button variant="outline" onClick={() => setDisposing(entry)}>
                    {t('Anbardan çıxar')}
                  </Button>
                </div>
              </Stack>
            </li>
          ))}
        </ItemCards>
      )}
      {queue.data.total > queue.data.items.length && (
        <Muted>{t('Cəmi: {count}', { count: queue.data.total })}</Muted>
      )}
      {disposing && (
        <Modal
          open
          onClose={() => setDisposing(null)}
          title={t('{reference}: anbardan çıxar', { reference: disposing.referenceNumber })}
        >
          <DisposeForm
            organizationId={organizationId}
            itemId={disposing.id}
            referenceNumber={disposing.referenceNumber}
            onDisposed={() => setDisposing(null)}
            askFirst={false}
          />
        </Modal>
      )}
    </Stack>
  );
}
