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

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

type Tab = 'applications' | 'organizations';

/** /super-admin: applications (with the pending count) and organisations (with the count). */
export default function SuperAdminPage() {
  useDocumentTitle('Super admin paneli');
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
              <PageTitle>Super admin paneli</PageTitle>
              <Muted>
                Təşkilatların müraciətlərinə baxın, təşkilatları və onların adminlərini idarə edin.
              </Muted>
            </Stack>
            <ButtonLink to="/admin" variant="outline" size="sm">
              Analitika paneli
            </ButtonLink>
          </Row>
          <Tabs<Tab>
            label="Super admin bölmələri"
            listMaxWidth={560}
            value={tab}
            onChange={setTab}
            items={[
              {
                id: 'applications',
                label: `Müraciətlər${pending === undefined ? '' : ` (${pending})`}`,
                content: (
                  <ApplicationsPanel
                    onApproved={(approval) =>
                      toast({
                        title: 'Müraciət təsdiq edildi və təşkilat yaradıldı',
                        description: `${approval.organization.name}: admin dəvəti ${approval.organization.contactEmail} ünvanına göndərilir.`,
                        variant: 'success',
                      })
                    }
                    onRejected={() => toast({ title: 'Müraciət rədd edildi', variant: 'success' })}
                    onContractRequested={(a) =>
                      toast({
                        title: 'Müqavilə tələb edildi',
                        description: `${a.organizationName} müraciəti müqavilə gözləyir.`,
                        variant: 'success',
                      })
                    }
                  />
                ),
              },
              {
                id: 'organizations',
                label: `Təşkilatlar${count === undefined ? '' : ` (${count})`}`,
                content: (
                  <OrganizationsPanel
                    onToggled={(o) =>
                      toast({
                        title: o.isActive ? 'Təşkilat aktivləşdirildi' : 'Təşkilat deaktiv edildi',
                        description: o.name,
                        variant: 'success',
                      })
                    }
                    onInvited={(invitation, o) =>
                      toast({
                        title: 'Dəvət göndərildi',
                        description: `${o.name}: dəvət ${invitation.email} ünvanına göndərildi.`,
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
