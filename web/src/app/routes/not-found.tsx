import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/button';
import { Container, Muted, PageTitle } from '../../components/ui/layout';
import { color, space } from '../../components/ui/theme';
import { useDocumentTitle } from '../../lib/use-document-title';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${space(4)};
  padding: ${space(20)} 0;
`;

const Code = styled.p`
  font-size: 4rem;
  font-weight: 800;
  color: ${color.primary};
  line-height: 1;
`;

/** Spec §2: the 404 page is in English. */
export default function NotFoundPage() {
  useDocumentTitle('Page Not Found — Tapıntı');
  return (
    <Container $narrow lang="en">
      <Box>
        <Code aria-hidden="true">404</Code>
        <PageTitle>Page Not Found</PageTitle>
        <Muted>Did you forget to add the page to the router?</Muted>
        <ButtonLink to="/" variant="outline">
          Go to the home page
        </ButtonLink>
      </Box>
    </Container>
  );
}
