import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, ButtonLink } from '../../components/ui/button';
import { cardStyles } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { GiftIcon, PlusIcon, SearchIcon } from '../../components/ui/icons';
import { Container, Muted, PageTitle, Stack } from '../../components/ui/layout';
import { Select } from '../../components/ui/select';
import { color, font, media, space } from '../../components/ui/theme';
import { ANNOUNCEMENT_LIST_MAX_LIMIT } from '@tapinti/contracts/announcements-api';
import { useAnnouncements } from '../../features/announcements/api/get-announcements';
import { useRewardStats } from '../../features/announcements/api/get-reward-stats';
import { AnnouncementResults } from '../../features/announcements/components/announcement-results';
import { CATEGORY_FILTER_OPTIONS } from '../../features/announcements/labels';
import {
  DEFAULT_REWARD_FILTERS,
  filterRewards,
  isFilterActive,
  SORT_OPTIONS,
  type RewardFilters,
  type RewardSort,
} from '../../features/rewards/reward-filters';
import { formatAzn } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAnnouncementViewer } from '../hooks/use-announcement-viewer';
import { useT } from '../../lib/i18n';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

// On a phone each figure is one compact row (label, value), so the three leave room for the list
// on the first screen; from small screens up they are three cards.
const Stats = styled.dl`
  margin: 0;
  display: grid;
  gap: ${space(2)};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    gap: ${space(4)};
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  div {
    ${cardStyles}
    padding: ${space(2)} ${space(3)};
    display: flex;
    flex-direction: row-reverse;
    justify-content: space-between;
    align-items: baseline;
    gap: ${space(2)};
    ${media.sm} {
      padding: ${space(5)};
      flex-direction: column-reverse;
      justify-content: flex-start;
      align-items: stretch;
      gap: ${space(1)};
    }
  }
  dt {
    color: ${color.muted};
    font-size: ${font.size.sm};
    font-weight: ${font.weight.medium};
  }
  dd {
    margin: 0;
    font-size: ${font.size.lg};
    font-weight: ${font.weight.bold};
    color: ${color.reward};
    ${media.sm} {
      font-size: ${font.size.xxl};
    }
  }
`;

const Filters = styled.div`
  ${cardStyles}
  padding: ${space(4)};
  display: grid;
  gap: ${space(3)};
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
  }
  ${media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto;
    align-items: end;
  }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  svg {
    color: ${color.reward};
    flex: none;
  }
`;

export default function RewardsPage() {
  const t = useT();
  useDocumentTitle(t('Mükafatlı elanlar'));
  const navigate = useNavigate();
  const [filters, setFilters] = useState<RewardFilters>(DEFAULT_REWARD_FILTERS);
  // Only rewarded ones; the statistics count all of them on the server, not one loaded page.
  const { data, error, isLoading, mutate } = useAnnouncements({
    rewardsOnly: true,
    limit: ANNOUNCEMENT_LIST_MAX_LIMIT,
  });
  const { data: stats } = useRewardStats();
  // Spec §2: a visitor's details click goes to /auth; a signed-in user sees the details.
  const viewer = useAnnouncementViewer({ onVisitor: () => void navigate('/auth') });

  const shown = useMemo(() => filterRewards(data ?? [], filters), [data, filters]);
  const set = (patch: Partial<RewardFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Stack $gap={2}>
            <TitleRow>
              <GiftIcon size={32} />
              <PageTitle>{t('Mükafatlı elanlar')}</PageTitle>
            </TitleRow>
            <Muted>{t('Sahibləri əşyalarını qaytarana mükafat təklif edən elanlar.')}</Muted>
          </Stack>

          <Stats aria-label={t('Mükafat statistikası')}>
            <div>
              <dt>{t('Mükafatlı elan')}</dt>
              <dd data-testid="reward-count">{stats ? stats.count : '…'}</dd>
            </div>
            <div>
              <dt>{t('Ümumi mükafat')}</dt>
              <dd data-testid="reward-total">{stats ? formatAzn(stats.total) : '…'}</dd>
            </div>
            <div>
              <dt>{t('Orta mükafat')}</dt>
              <dd data-testid="reward-average">{stats ? formatAzn(stats.average) : '…'}</dd>
            </div>
          </Stats>

          <Filters role="search" aria-label={t('Mükafatlı elanları süz')}>
            <TextField
              label={t('Açar söz')}
              type="search"
              placeholder={t('Başlıq, təsvir və ya yer')}
              value={filters.keyword}
              onChange={(e) => set({ keyword: e.target.value })}
            />
            <Select
              label={t('Kateqoriya')}
              options={CATEGORY_FILTER_OPTIONS}
              value={filters.category}
              onChange={(e) => set({ category: e.target.value })}
            />
            <Select
              label={t('Sıralama')}
              options={SORT_OPTIONS}
              value={filters.sort}
              onChange={(e) => set({ sort: e.target.value as RewardSort })}
            />
            <Button variant="outline" onClick={() => setFilters(DEFAULT_REWARD_FILTERS)}>
              {t('Filtrləri təmizlə')}
            </Button>
          </Filters>

          {/* The cards' titles are h3: a heading of the list keeps the outline h1 → h2 → h3. */}
          <h2 className="visually-hidden">{t('Elanların siyahısı')}</h2>
          <AnnouncementResults
            isLoading={isLoading}
            error={error}
            onRetry={() => void mutate()}
            announcements={data ? shown : undefined}
            loadingText={t('Mükafatlı elanlar yüklənir...')}
            empty={
              isFilterActive(filters) ? (
                <>
                  <SearchIcon size={32} />
                  <strong>{t('Heç bir mükafatlı elan tapılmadı')}</strong>
                  <p>{t('Axtarış meyarlarınızı dəyişməyə cəhd edin.')}</p>
                </>
              ) : (
                <>
                  <GiftIcon size={32} />
                  <strong>{t('Hələ heç kim mükafatlı elan əlavə etməyib')}</strong>
                  <p>{t('İtirdiyiniz əşya üçün mükafat təklif edən ilk şəxs siz olun.')}</p>
                  {/* Spec §2: this button links to /create-announcement (not in the route table). */}
                  <ButtonLink to="/create-announcement">
                    <PlusIcon size={18} /> {t('Elan yarat')}
                  </ButtonLink>
                </>
              )
            }
            header={<Muted aria-live="polite">{t('{n} mükafatlı elan', { n: shown.length })}</Muted>}
            label={t('Mükafatlı elanlar')}
            signedIn={viewer.signedIn}
            onOpen={viewer.open}
          />
        </Stack>
      </Container>
      {viewer.dialogs}
    </Page>
  );
}
