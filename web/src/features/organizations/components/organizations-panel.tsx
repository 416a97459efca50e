import { useState } from 'react';
import type { Invitation, Organization } from '@tapinti/contracts/organizations-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DetailList, RecordActions, RecordCard, RecordHeader } from '../../../components/ui/detail-list';
import { MailIcon } from '../../../components/ui/icons';
import { Alert, EmptyState, Stack } from '../../../components/ui/layout';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { errorToast } from '../../../lib/submit-errors';
import { useOrganizations, useSetOrganizationActive } from '../api/organizations';
import {
  ORGANIZATION_TYPE_LABELS,
  SUBSCRIPTION_PLAN_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
} from '@tapinti/contracts/organizations-events';
import { activeLabel, formatPrice } from '../labels';
import { InviteAdminDialog } from './invite-admin-dialog';
import { useT, type Translate } from '../../../lib/i18n';

export interface OrganizationsPanelProps {
  /** After a deactivation or reactivation (the page toasts). */
  onToggled: (organization: Organization) => void;
  onInvited: (invitation: Invitation, organization: Organization) => void;
}

export function subscriptionText(o: Organization, t: Translate): string | null {
  const s = o.subscription;
  if (!s) return null;
  return `${SUBSCRIPTION_PLAN_LABELS[s.plan]} · ${t(SUBSCRIPTION_STATUS_LABELS[s.status])} · ${formatDay(s.startDate)} – ${formatDay(s.endDate)} · ${t('{price}/ay', { price: formatPrice(s.monthlyPrice) })}`;
}

/** Organisations with their subscription, the active switch and the invite-an-admin action. */
export function OrganizationsPanel({ onToggled, onInvited }: OrganizationsPanelProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useOrganizations();
  const toggle = useSetOrganizationActive();
  const { toast } = useToast();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [inviting, setInviting] = useState<Organization | null>(null);

  const setActive = async (organization: Organization, isActive: boolean) => {
    setPendingId(organization.id);
    try {
      const updated = await toggle.trigger({ id: organization.id, isActive });
      onToggled(updated);
    } catch (e) {
      toast(errorToast(e, t('Təşkilatın statusu dəyişdirilərkən xəta baş verdi')));
    } finally {
      setPendingId(null);
    }
  };

  if (isLoading)
    return (
      <EmptyState role="status">
        <Spinner size={28} />
        <p>{t('Təşkilatlar yüklənir...')}</p>
      </EmptyState>
    );
  if (error)
    return (
      <Alert>
        <strong>{errorMessage(error, t('Təşkilatları yükləmək mümkün olmadı'))}</strong>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!data || data.length === 0)
    return (
      <EmptyState>
        <p>{t('Hələ heç bir təşkilat yoxdur. Təsdiqlənən müraciətlər burada görünəcək.')}</p>
      </EmptyState>
    );
  return (
    <Stack $gap={3}>
      {data.map((o) => (
        <RecordCard key={o.id} data-testid="organization" aria-label={o.name}>
          <RecordHeader>
            <h3>{o.name}</h3>
            <Badge $tone="neutral">{t(ORGANIZATION_TYPE_LABELS[o.type])}</Badge>
            <Badge $tone={o.isActive ? 'success' : 'danger'}>{t(activeLabel(o.isActive))}</Badge>
          </RecordHeader>
          <DetailList
            facts={[
              { label: t('Ünvan'), value: o.address },
              { label: t('E-poçt'), value: o.contactEmail },
              { label: t('Telefon'), value: o.contactPhone },
              { label: t('Abunə'), value: subscriptionText(o, t) ?? t('Abunə yoxdur') },
              { label: t('Adminlər'), value: String(o.adminCount) },
            ]}
          />
          <RecordActions style={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Checkbox
              asSwitch
              label={t(activeLabel(o.isActive))}
              aria-label={`${o.name}: aktiv`}
              checked={o.isActive}
              disabled={pendingId === o.id}
              onChange={(e) => void setActive(o, e.target.checked)}
            />
            <Button size="sm" variant="outline" icon={<MailIcon size={16} />} onClick={() => setInviting(o)}>
              {t('Admin dəvət et')}
            </Button>
          </RecordActions>
        </RecordCard>
      ))}
      {inviting && (
        <InviteAdminDialog
          organization={inviting}
          onClose={() => setInviting(null)}
          onSuccess={(invitation) => {
            const organization = inviting;
            setInviting(null);
            onInvited(invitation, organization);
          }}
        />
      )}
    </Stack>
  );
}
