import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/button';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { color, font, space } from '../../components/ui/theme';
import { useDocumentTitle } from '../../lib/use-document-title';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

/** Long-form text: headings, paragraphs and lists with a readable measure. */
export const Prose = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  max-width: 760px;
  h2 {
    font-size: ${font.size.xl};
    margin-top: ${space(4)};
  }
  h3 {
    font-size: ${font.size.lg};
  }
  p,
  li {
    color: #334155;
  }
  ul {
    margin: 0;
    padding-left: ${space(5)};
    display: flex;
    flex-direction: column;
    gap: ${space(1)};
  }
  a {
    color: ${color.primary};
  }
`;

export interface InfoPageProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  back?: boolean;
}

export function InfoPage({ title, lead, children, back = true }: InfoPageProps) {
  useDocumentTitle(title);
  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          {back && (
            <div>
              <ButtonLink to="/" variant="ghost" size="sm">
                <ArrowLeftIcon size={16} /> Ana səhifəyə qayıt
              </ButtonLink>
            </div>
          )}
          <Stack $gap={2}>
            <PageTitle>{title}</PageTitle>
            {lead && <Muted>{lead}</Muted>}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Page>
  );
}
