import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, type ButtonProps } from '../../components/ui/button';
import { cardStyles } from '../../components/ui/card';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { color, font, media, space } from '../../components/ui/theme';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useT } from '../../lib/i18n';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

/** Long-form text: headings, paragraphs and lists with a readable measure. */
export const Prose = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
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
`;

/** A white panel for a group of content. */
export const Panel = styled.section`
  ${cardStyles}
  padding: ${space(5)};
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  min-width: 0;
  h2 {
    font-size: ${font.size.lg};
  }
  p,
  li {
    color: #334155;
    font-size: ${font.size.sm};
    overflow-wrap: anywhere;
  }
  ul {
    margin: 0;
    padding-left: ${space(5)};
    display: flex;
    flex-direction: column;
    gap: ${space(1.5)};
  }
`;

/** Cards in 1, 2 or 3 columns. */
export const Cards = styled.div<{ $columns?: 2 | 3 | 4 }>`
  display: grid;
  gap: ${space(4)};
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${(p) => p.$columns ?? 3}, minmax(0, 1fr));
  }
`;

/** Main column and a side column on wide screens. */
export const WithSidebar = styled.div`
  display: grid;
  gap: ${space(6)};
  grid-template-columns: minmax(0, 1fr);
  align-items: start;
  ${media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

/** A statistics figure; `&&` so a Panel's small grey paragraph style does not shrink it. */
export const Figure = styled.p`
  && {
    font-size: ${font.size.xxl};
    font-weight: ${font.weight.bold};
    color: ${color.primary};
    overflow-wrap: normal;
  }
`;

export const Updated = styled.p`
  font-size: ${font.size.sm};
  color: ${color.muted};
`;

/** An outline button that opens the visitor's mail app at an address, with a subject if given. */
export function MailButton({ to, subject, ...rest }: ButtonProps & { to: string; subject?: string }) {
  return (
    <Button
      variant="outline"
      onClick={() => {
        window.location.href = `mailto:${to}` + (subject ? '?subject=' + encodeURIComponent(subject) : '');
      }}
      {...rest}
    />
  );
}

export interface InfoPageProps {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  back?: boolean;
  /** The narrow measure, e.g. for a form. */
  narrow?: boolean;
  /** A screen that replaces a submitted form: its title is scrolled into view and focused. */
  focusTitle?: boolean;
}

export function InfoPage({ title, lead, children, back = true, narrow, focusTitle }: InfoPageProps) {
  const t = useT();
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusTitle) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focusTitle]);
  return (
    <Page>
      <Container $narrow={narrow}>
        <Stack $gap={6}>
          {back && (
            <div>
              <ButtonLink to="/" variant="ghost" size="sm">
                <ArrowLeftIcon size={16} /> {t('Ana səhifəyə qayıt')}
              </ButtonLink>
            </div>
          )}
          <Stack $gap={2}>
            <PageTitle ref={heading} tabIndex={focusTitle ? -1 : undefined}>
              {title}
            </PageTitle>
            {lead && <Muted>{lead}</Muted>}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Page>
  );
}

export { Muted };
