import { useState } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/button';
import { Container, Muted, PageTitle, Row, Stack } from '../../components/ui/layout';
import { Tabs } from '../../components/ui/tabs';
import { space } from '../../components/ui/theme';
import { useToast } from '../../components/ui/toast';
import { useApplications } from '../../features/organizations/api/applications';
import { useOrganizations } from '../../features/organizations/api/organizations';
import { ApplicationsPanel } from '../../features/organizations/components/applications-panel';
import { OrganizationsPanel } from '../../features/organizations/components/organizations-panel';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../lib/i18n';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

type Tab = 'applications' | 'organizations';

/** /super-admin: applications (with the pending count) and organisations (with the count). */
export default function SuperAdminPage() {
  const t = useT();
  useDocumentTitle(t('Super admin paneli'));
  const [tab, setTab] = useState<Tab>('applications');
  const { toast } = useToast();
  const applications = useApplications();
  const organizations = useOrganizations();
  const pending = applications.data?.filter((a) => a.status === 'pending').length;
  const count = organizations.data?.length;

  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Row $justify="space-between">
            <Stack $gap={2}>
              <PageTitle>{t('Super admin paneli')}</PageTitle>
              <Muted>
                {t('Təşkilatların müraciətlərinə baxın, təşkilatları və onların adminlərini idarə edin.')}
              </Muted>
            </Stack>
            <ButtonLink to="/admin" variant="outline" size="sm">
              {t('Analitika paneli')}
            </ButtonLink>
          </Row>
          <Tabs<Tab>
            label={t('Super admin bölmələri')}
            listMaxWidth={560}
            value={tab}
            onChange={setTab}
            items={[
              {
                id: 'applications',
                label: pending === undefined ? t('Müraciətlər') : t('Müraciətlər ({n})', { n: pending }),
                content: (
                  <ApplicationsPanel
                    onApproved={(approval) =>
                      toast({
                        title: t('Müraciət təsdiq edildi və təşkilat yaradıldı'),
                        description: t('{organization}: admin dəvəti {email} ünvanına göndərilir.', {
                          organization: approval.organization.name,
                          email: approval.organization.contactEmail,
                        }),
                        variant: 'success',
                      })
                    }
                    onRejected={() => toast({ title: t('Müraciət rədd edildi'), variant: 'success' })}
                    onContractRequested={(a) =>
                      toast({
                        title: t('Müqavilə tələb edildi'),
                        description: t('{organization} müraciəti müqavilə gözləyir.', {
                          organization: a.organizationName,
                        }),
                        variant: 'success',
                      })
                    }
                  />
                ),
              },
              {
                id: 'organizations',
                label: count === undefined ? t('Təşkilatlar') : t('Təşkilatlar ({n})', { n: count }),
                content: (
                  <OrganizationsPanel
                    onToggled={(o) =>
                      toast({
                        title: o.isActive ? t('Təşkilat aktivləşdirildi') : t('Təşkilat deaktiv edildi'),
                        description: o.name,
                        variant: 'success',
                      })
                    }
                    onInvited={(invitation, o) =>
                      toast({
                        title: t('Dəvət göndərildi'),
                        description: t('{organization}: dəvət {email} ünvanına göndərildi.', {
                          organization: o.name,
                          email: invitation.email,
                        }),
                        variant: 'success',
                      })
                    }
                  />
                ),
              },
            ]}
          />
        </Stack>
      </Container>
    </Page>
  );
}
