import { useState } from 'react';
import type { Application, Approval } from '@tapinti/contracts/organizations-api';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DetailList, RecordActions, RecordCard, RecordHeader } from '../../../components/ui/detail-list';
import { Alert, EmptyState, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useApplications } from '../api/applications';
import { ORGANIZATION_TYPE_LABELS } from '@tapinti/contracts/organizations-events';
import { APPLICATION_STATUS_LABELS } from '../labels';
import { ApproveApplicationDialog } from './approve-application-dialog';
import { RejectApplicationDialog } from './reject-application-dialog';
import { RequestContractDialog } from './request-contract-dialog';
import { useT } from '../../../lib/i18n';

const STATUS_TONE: Record<Application['status'], BadgeTone> = {
  pending: 'primary',
  need_contract: 'reward',
  approved: 'success',
  rejected: 'danger',
};

/** Pending and need_contract applications are still open: they show the review actions. */
export const isOpenApplication = (a: Application) => a.status === 'pending' || a.status === 'need_contract';

export interface ApplicationsPanelProps {
  onApproved: (approval: Approval) => void;
  onRejected: (application: Application) => void;
  onContractRequested: (application: Application) => void;
}

type Dialog = { kind: 'approve' | 'reject' | 'contract'; application: Application } | null;

export function ApplicationCard({
  application: a,
  onAction,
}: {
  application: Application;
  onAction?: (kind: NonNullable<Dialog>['kind']) => void;
}) {
  const t = useT();
  return (
    <RecordCard data-testid="application" aria-label={a.organizationName}>
      <RecordHeader>
        <h3>{a.organizationName}</h3>
        <Badge $tone="neutral">{t(ORGANIZATION_TYPE_LABELS[a.organizationType])}</Badge>
        <Badge $tone={STATUS_TONE[a.status]}>{t(APPLICATION_STATUS_LABELS[a.status])}</Badge>
      </RecordHeader>
      <DetailList
        facts={[
          { label: t('Ünvan'), value: a.address },
          { label: t('Əlaqə şəxsi'), value: a.contactPerson },
          { label: t('E-poçt'), value: a.contactEmail },
          { label: t('Telefon'), value: a.contactPhone },
          { label: t('Mesaj'), value: a.message },
          { label: t('Göndərilib'), value: formatDateTime(a.createdAt) },
          { label: t('Rədd etmə səbəbi'), value: a.rejectionReason },
          { label: t('Baxılıb'), value: a.reviewedAt ? formatDateTime(a.reviewedAt) : null },
        ]}
      />
      {onAction && isOpenApplication(a) && (
        <RecordActions>
          <Button size="sm" onClick={() => onAction('approve')}>
            {t('Təsdiqlə')}
          </Button>
          <Button size="sm" variant="danger" onClick={() => onAction('reject')}>
            {t('Rədd et')}
          </Button>
          {a.status === 'pending' && (
            <Button size="sm" variant="outline" onClick={() => onAction('contract')}>
              {t('Müqavilə tələb et')}
            </Button>
          )}
        </RecordActions>
      )}
    </RecordCard>
  );
}

/** The super admin's applications: open ones first with their review dialogs, then the reviewed ones. */
export function ApplicationsPanel({ onApproved, onRejected, onContractRequested }: ApplicationsPanelProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useApplications();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (isLoading)
    return (
      <EmptyState role="status">
        <Spinner size={28} />
        <p>{t('Müraciətlər yüklənir...')}</p>
      </EmptyState>
    );
  if (error)
    return (
      <Alert>
        <strong>{errorMessage(error, t('Müraciətləri yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  const applications = data ?? [];
  const open = applications.filter(isOpenApplication);
  const reviewed = applications.filter((a) => !isOpenApplication(a));
  return (
    <Stack $gap={6}>
      <section aria-label={t('Baxılmağı gözləyən müraciətlər')}>
        <Stack $gap={3}>
          {open.length === 0 ? (
            <EmptyState>
              <p>{t('Baxılmağı gözləyən müraciət yoxdur.')}</p>
            </EmptyState>
          ) : (
            open.map((a) => (
              <ApplicationCard
                key={a.id}
                application={a}
                onAction={(kind) => setDialog({ kind, application: a })}
              />
            ))
          )}
        </Stack>
      </section>
      {reviewed.length > 0 && (
        <section aria-label={t('Baxılmış müraciətlər')}>
          <Stack $gap={3}>
            <h2 style={{ fontSize: '1.125rem' }}>{t('Baxılmış müraciətlər')}</h2>
            {reviewed.map((a) => (
              <ApplicationCard key={a.id} application={a} />
            ))}
          </Stack>
        </section>
      )}
      {dialog?.kind === 'approve' && (
        <ApproveApplicationDialog
          application={dialog.application}
          onClose={close}
          onSuccess={(approval) => {
            close();
            onApproved(approval);
          }}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectApplicationDialog
          application={dialog.application}
          onClose={close}
          onSuccess={(application) => {
            close();
            onRejected(application);
          }}
        />
      )}
      {dialog?.kind === 'contract' && (
        <RequestContractDialog
          application={dialog.application}
          onClose={close}
          onSuccess={(application) => {
            close();
            onContractRequested(application);
          }}
        />
      )}
    </Stack>
  );
}
