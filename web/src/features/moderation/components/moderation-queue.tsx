import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import {
  hideAnnouncementRequestSchema,
  MODERATION_RULE_LABELS,
  type HideAnnouncementRequest,
  type ModerationQueueItem,
  type ModerationStatus,
} from '@tapinti/contracts/announcements-api';
import { COMPLAINT_TYPE_LABELS } from '@tapinti/contracts/complaint-types';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { Alert, EmptyState, Muted, Row, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { errorToast } from '../../../lib/submit-errors';
import { useModerationDecision, useModerationQueue, type ModerationDecision } from '../api/moderation';
import { msg, useT } from '../../../lib/i18n';
import { useSubmitOnce } from '../../../lib/use-submit-once';

export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  approved: msg('Dərc olunub'),
  pending_review: msg('Yoxlamadadır'),
  hidden: msg('Gizlədilib'),
};
const STATUS_TONES: Record<ModerationStatus, BadgeTone> = {
  approved: 'success',
  pending_review: 'accent',
  hidden: 'danger',
};

const Title = styled.h3`
  margin: 0;
  font-size: 1rem;
  overflow-wrap: anywhere;
`;

const DONE: Record<ModerationDecision['action'], string> = {
  approve: msg('Elan təsdiqləndi'),
  hide: msg('Elan gizlədildi'),
  restore: msg('Elan bərpa edildi'),
};

function HideForm({ onHide, busy }: { onHide: (reason: string) => void; busy: boolean }) {
  const t = useT();
  const { submitOnce, submitting } = useSubmitOnce();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<HideAnnouncementRequest>({
    resolver: zodResolver(hideAnnouncementRequestSchema),
    defaultValues: { reason: '' },
  });
  return (
    <form
      noValidate
      aria-label={t('Elanı gizlət')}
      onSubmit={submitOnce(handleSubmit(({ reason }) => onHide(reason)))}
    >
      <Stack $gap={2}>
        <TextField
          label={t('Gizlətmə səbəbi')}
          hint={t('Elanın müəllifi bu səbəbi görəcək')}
          requiredMark
          error={errors.reason?.message}
          {...register('reason')}
        />
        <Row $justify="flex-end">
          <Button type="submit" variant="danger" size="sm" loading={submitting || busy}>
            {t('Gizlətməni təsdiqlə')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}

function QueueCard({ item }: { item: ModerationQueueItem }) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useModerationDecision();
  const [hiding, setHiding] = useState(false);
  const a = item.announcement;
  const status = a.moderationStatus ?? 'approved';

  const decide = async (decision: ModerationDecision) => {
    try {
      await trigger(decision);
      setHiding(false);
      toast({ title: DONE[decision.action], variant: 'success' });
    } catch (error) {
      toast(errorToast(error, t('Qərar yadda saxlanılmadı. Yenidən cəhd edin.')));
    }
  };

  return (
    <Card as="article" aria-label={a.title} data-testid="moderation-item">
      <CardBody>
        <Stack $gap={3}>
          <Row $gap={2} $wrap>
            <Badge $tone={STATUS_TONES[status]}>{t(MODERATION_STATUS_LABELS[status])}</Badge>
            <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>
              {a.type === 'lost' ? t('İtirilib') : t('Tapılıb')}
            </Badge>
            {item.reportCount > 0 && (
              <Badge $tone="neutral">{t('Şikayətlər: {n}', { n: item.reportCount })}</Badge>
            )}
          </Row>
          <Title>{a.title}</Title>
          <Muted>
            {a.location} · <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
          </Muted>
          {a.moderationReason && <p>{a.moderationReason}</p>}
          {item.rules.length > 0 && (
            <Muted>
              {t('Səbəb: {reasons}', {
                reasons: item.rules.map((r) => t(MODERATION_RULE_LABELS[r] ?? r)).join(', '),
              })}
            </Muted>
          )}
          {item.reportTypes.length > 0 && (
            <ul aria-label={t('Şikayət növləri')}>
              {item.reportTypes.map((report) => (
                <li key={report.type}>
                  {t(COMPLAINT_TYPE_LABELS[report.type])}: {report.count}
                </li>
              ))}
            </ul>
          )}
          {item.reportNotes.length > 0 && (
            <ul aria-label={t('Şikayətçilərin qeydləri')}>
              {item.reportNotes.map((note, i) => (
                <li key={i}>«{note}»</li>
              ))}
            </ul>
          )}
          <Row $gap={2} $wrap>
            {(status === 'pending_review' || (status === 'approved' && item.reportCount > 0)) && (
              <Button
                size="sm"
                loading={isMutating}
                onClick={() => void decide({ action: 'approve', id: a.id })}
              >
                {t('Təsdiqlə')}
              </Button>
            )}
            {status !== 'hidden' && (
              <Button size="sm" variant="outline" onClick={() => setHiding((v) => !v)}>
                {t('Gizlət')}
              </Button>
            )}
            {status === 'hidden' && (
              <Button
                size="sm"
                variant="outline"
                loading={isMutating}
                onClick={() => void decide({ action: 'restore', id: a.id })}
              >
                {t('Bərpa et')}
              </Button>
            )}
          </Row>
          {hiding && (
            <HideForm
              busy={isMutating}
              onHide={(reason) => void decide({ action: 'hide', id: a.id, reason })}
            />
          )}
        </Stack>
      </CardBody>
    </Card>
  );
}

/** The super admins' moderation queue: held for review, reported, hidden. */
export function ModerationQueue() {
  const t = useT();
  const { data, error, isLoading, mutate } = useModerationQueue();
  if (isLoading) return <Spinner label={t('Moderasiya növbəsi yüklənir...')} />;
  if (error)
    return (
      <Alert>
        <p>{errorMessage(error, t('Moderasiya növbəsini yükləmək mümkün olmadı'))}</p>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!data?.length) return <EmptyState>{t('Yoxlanılacaq elan yoxdur')}</EmptyState>;
  return (
    <Stack $gap={3} aria-label={t('Moderasiya növbəsi')}>
      {data.map((item) => (
        <QueueCard key={item.announcement.id} item={item} />
      ))}
    </Stack>
  );
}
