import styled from 'styled-components';
import { ShieldIcon } from '../../components/ui/icons';
import { Container, EmptyState, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { space } from '../../components/ui/theme';
import { useUser } from '../../features/auth/api/get-user';
import { useDocumentTitle } from '../../lib/use-document-title';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

const TITLES = {
  'super-admin': { title: 'Super admin paneli', text: 'Müraciətlər və təşkilatlar burada idarə olunacaq.' },
  admin: {
    title: 'Analitika paneli',
    text: 'Platformanın göstəriciləri, audit jurnalı və ixrac burada olacaq.',
  },
  'org-admin': { title: 'Təşkilat paneli', text: 'Təşkilatınızın sorğuları və elanları burada olacaq.' },
} as const;

/** The dashboards come in a later issue; the routes and their guard exist now. */
export function AdminPlaceholder({ kind }: { kind: keyof typeof TITLES }) {
  const { user } = useUser();
  const copy = TITLES[kind];
  useDocumentTitle(copy.title);
  if (kind === 'org-admin' && user && !user.organizationId) {
    return (
      <Page>
        <Container $narrow>
          <EmptyState>
            <PageTitle as="p">Təşkilat məlumatı tapılmadı</PageTitle>
          </EmptyState>
        </Container>
      </Page>
    );
  }
  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Stack $gap={2}>
            <PageTitle>{copy.title}</PageTitle>
            <Muted>{copy.text}</Muted>
          </Stack>
          <EmptyState>
            <ShieldIcon size={36} />
            <p>Bu bölmə hazırlanır.</p>
          </EmptyState>
        </Stack>
      </Container>
    </Page>
  );
}

export const SuperAdminPage = () => <AdminPlaceholder kind="super-admin" />;
export const AnalyticsPage = () => <AdminPlaceholder kind="admin" />;
export const OrgAdminPage = () => <AdminPlaceholder kind="org-admin" />;
