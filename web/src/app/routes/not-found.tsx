import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/button';
import { Container, Muted, PageTitle } from '../../components/ui/layout';
import { color, space } from '../../components/ui/theme';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../lib/i18n';

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

/** Spec §2: the 404 page is in English; an Azerbaijani line and a link home keep it from being a dead end. */
export default function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('Page Not Found — Tapıntı'));
  return (
    <Container $narrow lang="en">
      <Box>
        <Code aria-hidden="true">404</Code>
        <PageTitle>{t('Page Not Found')}</PageTitle>
        <Muted>{t('Did you forget to add the page to the router?')}</Muted>
        <p lang="az">{t('Axtardığınız səhifə tapılmadı. Ünvanı yoxlayın və ya ana səhifəyə qayıdın.')}</p>
        <ButtonLink to="/" lang="az">
          {t('Ana səhifəyə qayıt')}
        </ButtonLink>
      </Box>
    </Container>
  );
}
