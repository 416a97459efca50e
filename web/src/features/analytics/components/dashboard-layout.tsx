import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../../components/ui/button';
import { Container, Muted, PageTitle, Stack } from '../../../components/ui/layout';
import { media, space } from '../../../components/ui/theme';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LanguageSelector, ThemeToggle, useDashboardTheme } from './dashboard-controls';
import { GlobalSearch } from './global-search';

const Page = styled.div`
  padding: ${space(6)} 0 ${space(16)};
  flex: 1;
`;

const TopBar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  ${media.lg} {
    flex-direction: row;
    align-items: flex-start;
    justify-content: space-between;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  min-width: 0;
  ${media.lg} {
    flex-wrap: nowrap;
    flex: 0 1 640px;
    justify-content: flex-end;
  }
`;

/** The dashboard's frame: title, the link to /super-admin, search, language, theme and `controls` (the bell). */
export function DashboardLayout({ controls, children }: { controls: ReactNode; children: ReactNode }) {
  const { t, language } = useI18n();
  useDocumentTitle(t('Analitika paneli'));
  const { theme, toggle } = useDashboardTheme();
  return (
    <Page lang={language} data-testid="analytics-dashboard">
      <Container>
        <Stack $gap={5}>
          <TopBar>
            <Stack $gap={2}>
              <PageTitle>{t('Analitika paneli')}</PageTitle>
              <Muted>
                {t(
                  'Platformanın göstəriciləri, təşkilatlar, elanlar, sorğular, bildirişlər, audit və ixrac.',
                )}
              </Muted>
              <div>
                <ButtonLink to="/super-admin" variant="ghost" size="sm">
                  {t('Super admin paneli')}
                </ButtonLink>
              </div>
            </Stack>
            <Controls>
              <GlobalSearch />
              <LanguageSelector />
              <ThemeToggle theme={theme} onToggle={toggle} />
              {controls}
            </Controls>
          </TopBar>
          {children}
        </Stack>
      </Container>
    </Page>
  );
}
