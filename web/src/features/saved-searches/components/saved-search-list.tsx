import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SavedSearch } from '@tapinti/contracts/saved-searches-api';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cardStyles } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Alert, EmptyState, Muted, Stack } from '../../../components/ui/layout';
import { PageSpinner } from '../../../components/ui/spinner';
import { font, space } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { msg, useT } from '../../../lib/i18n';
import { useChangeFrequency, useDeleteSavedSearch, useSavedSearches } from '../api/saved-searches';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(3)};
`;

const Item = styled.li`
  ${cardStyles}
  padding: ${space(4)};
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)};
  align-items: center;
  justify-content: space-between;
  h3 {
    font-size: ${font.size.md};
    overflow-wrap: anywhere;
  }
  > :first-child {
    flex: 1 1 200px;
    min-width: 0;
  }
`;

export interface SavedSearchListProps {
  /** The saved search in words, in the reader's language (the route composes the labels). */
  describe: (search: SavedSearch) => ReactNode;
  /** The home page with the search's filters. */
  linkOf: (search: SavedSearch) => string;
}

/**
 * «Saxladığım axtarışlar» (issue 26): each saved search with its filters, a switch between hourly
 * e-mails and the daily digest, and delete. Every control is a labelled native one.
 */
export function SavedSearchList({ describe, linkOf }: SavedSearchListProps) {
  const t = useT();
  const { data, error, mutate } = useSavedSearches(true);
  const change = useChangeFrequency();
  const remove = useDeleteSavedSearch();
  if (error)
    return (
      <Alert role="alert">
        <p>{t(errorMessage(error, msg('Saxlanmış axtarışları yükləmək mümkün olmadı')))}</p>
        <Button variant="outline" onClick={() => void mutate()}>
          {t('Yenidən cəhd et')}
        </Button>
      </Alert>
    );
  if (!data) return <PageSpinner />;
  if (data.items.length === 0)
    return (
      <EmptyState>
        <p>
          {t(
            'Hələ axtarış saxlamamısınız. Ana səhifədə filtr seçib «Bu axtarışı yadda saxla» düyməsini basın.',
          )}
        </p>
        <ButtonLink to="/" variant="outline">
          {t('Elanlara bax')}
        </ButtonLink>
      </EmptyState>
    );
  const failure = change.error ?? remove.error;
  return (
    <Stack $gap={3}>
      {failure && (
        <Alert role="alert">
          <p>{t(errorMessage(failure, msg('Dəyişiklik yadda saxlanmadı')))}</p>
        </Alert>
      )}
      <List aria-label={t('Saxladığım axtarışlar')}>
        {data.items.map((search) => {
          const titleId = `saved-search-${search.id}`;
          return (
            <Item key={search.id} data-testid="saved-search">
              <Stack $gap={1}>
                <h3 id={titleId}>{describe(search)}</h3>
                {!search.confirmed && <Muted>{t('E-poçt ünvanı hələ təsdiqlənməyib')}</Muted>}
                <Checkbox
                  asSwitch
                  aria-describedby={titleId}
                  label={t('Gündəlik xülasə (saatlıq məktublar əvəzinə)')}
                  checked={search.frequency === 'daily'}
                  disabled={change.isMutating}
                  onChange={(e) =>
                    void change
                      .trigger({ id: search.id, frequency: e.target.checked ? 'daily' : 'hourly' })
                      .catch(() => undefined)
                  }
                />
              </Stack>
              <Stack $gap={2}>
                <ButtonLink to={linkOf(search)} variant="outline" size="sm" aria-describedby={titleId}>
                  {t('Elanlara bax')}
                </ButtonLink>
                <Button
                  variant="danger"
                  size="sm"
                  loading={remove.isMutating && remove.data === undefined}
                  aria-describedby={titleId}
                  onClick={() => void remove.trigger(search.id).catch(() => undefined)}
                >
                  {t('Sil')}
                </Button>
              </Stack>
            </Item>
          );
        })}
      </List>
    </Stack>
  );
}
