import { useState } from 'react';
import type { Member, Organization } from '@tapinti/contracts/organizations-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PlusIcon } from '../../../components/ui/icons';
import { Alert, Muted, Row, Stack } from '../../../components/ui/layout';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { errorToast } from '../../../lib/submit-errors';
import { useOrganizationMembers, useRemoveMember } from '../api/organizations';
import { InviteAdminDialog, MEMBER_ROLE_LABELS } from './invite-admin-dialog';

export interface OrganizationStaffProps {
  organization: Pick<Organization, 'id' | 'name' | 'contactEmail'>;
  /** The signed-in admin: never offered their own removal. */
  currentUserId: string;
}

/**
 * The /org-admin «Heyət» tab, for the organisation's admins (issue 25): its members with their
 * roles, an invitation by e-mail with a role, and removal after a confirmation.
 */
export function OrganizationStaff({ organization, currentUserId }: OrganizationStaffProps) {
  const t = useT();
  const { toast } = useToast();
  const members = useOrganizationMembers(organization.id);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <Stack $gap={4}>
      <Row $justify="space-between">
        <Muted>
          {t('Adminlər əməkdaş dəvət edir və çıxarır; əməkdaşlar sorğuları və əşyaları idarə edir.')}
        </Muted>
        <Button icon={<PlusIcon size={18} />} onClick={() => setInviting(true)}>
          {t('Heyətə dəvət et')}
        </Button>
      </Row>
      {members.isLoading ? (
        <Spinner size={28} label={t('Yüklənir...')} />
      ) : members.error ? (
        <Alert>{errorMessage(members.error, t('Heyət yüklənmədi'))}</Alert>
      ) : (
        <ul aria-label={t('Heyət')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {(members.data ?? []).map((m) => {
            const name = m.username ?? m.email ?? m.userId;
            return (
              <li
                key={m.userId}
                style={{ padding: '12px 0', borderBottom: '1px solid var(--border, #e5e7eb)' }}
              >
                <Row $justify="space-between">
                  <Stack $gap={1} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <strong>{name}</strong>
                    {m.email && m.email !== name && <Muted>{m.email}</Muted>}
                  </Stack>
                  <Row $gap={2}>
                    <Badge>{t(MEMBER_ROLE_LABELS[m.role])}</Badge>
                    {m.userId !== currentUserId && (
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={t('{name}: heyətdən çıxar', { name })}
                        onClick={() => setRemoving(m)}
                      >
                        {t('Çıxar')}
                      </Button>
                    )}
                  </Row>
                </Row>
              </li>
            );
          })}
        </ul>
      )}
      {inviting && (
        <InviteAdminDialog
          organization={organization}
          withRole
          onClose={() => setInviting(false)}
          onSuccess={(invitation) => {
            setInviting(false);
            toast({
              title: t('Dəvət göndərildi'),
              description: invitation.email,
              variant: 'success',
            });
          }}
        />
      )}
      {removing && (
        <RemoveMemberDialog
          organizationId={organization.id}
          member={removing}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            setRemoving(null);
            toast({ title: t('Heyətdən çıxarıldı'), variant: 'success' });
          }}
        />
      )}
    </Stack>
  );
}

function RemoveMemberDialog({
  organizationId,
  member,
  onClose,
  onRemoved,
}: {
  organizationId: string;
  member: Member;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const t = useT();
  const { toast } = useToast();
  const { trigger, isMutating } = useRemoveMember();
  const name = member.username ?? member.email ?? member.userId;
  const onConfirm = async () => {
    try {
      await trigger({ id: organizationId, userId: member.userId });
    } catch (error) {
      toast(errorToast(error, t('Heyətdən çıxararkən xəta baş verdi')));
      return;
    }
    onRemoved();
  };
  return (
    <ConfirmDialog
      title={t('Heyətdən çıxar')}
      description={name}
      question={t(
        'Bu şəxsi heyətdən çıxarmaq istədiyinizə əminsiniz? Onun bütün sessiyaları dərhal bitəcək və təşkilat panelinə girişi olmayacaq.',
      )}
      confirmLabel={t('Bəli, çıxar')}
      loading={isMutating}
      onConfirm={() => void onConfirm()}
      onClose={onClose}
    />
  );
}
