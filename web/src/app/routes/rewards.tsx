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
import { useAnnouncements } from '../../features/announcements/api/get-announcements';
import { AnnouncementResults } from '../../features/announcements/components/announcement-results';
import { CATEGORY_FILTER_OPTIONS } from '../../features/announcements/labels';
import {
  DEFAULT_REWARD_FILTERS,
  filterRewards,
  isFilterActive,
  rewardStats,
  SORT_OPTIONS,
  type RewardFilters,
  type RewardSort,
} from '../../features/rewards/reward-filters';
import { formatAzn } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAnnouncementViewer } from '../hooks/use-announcement-viewer';

const Page = styled.div`
  padding: ${space(8)} 0 ${space(16)};
`;

const Stats = styled.dl`
  margin: 0;
  display: grid;
  gap: ${space(4)};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  div {
    ${cardStyles}
    padding: ${space(5)};
    display: flex;
    flex-direction: column-reverse;
    gap: ${space(1)};
  }
  dt {
    color: ${color.muted};
    font-size: ${font.size.sm};
    font-weight: ${font.weight.medium};
  }
  dd {
    margin: 0;
    font-size: ${font.size.xxl};
    font-weight: ${font.weight.bold};
    color: ${color.reward};
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
  useDocumentTitle('Mükafatlı elanlar');
  const navigate = useNavigate();
  const [filters, setFilters] = useState<RewardFilters>(DEFAULT_REWARD_FILTERS);
  const { data, error, isLoading, mutate } = useAnnouncements();
  // Spec §2: a visitor's details click goes to /auth; a signed-in user sees the details.
  const viewer = useAnnouncementViewer({ onVisitor: () => void navigate('/auth') });

  const stats = useMemo(() => rewardStats(data ?? []), [data]);
  const shown = useMemo(() => filterRewards(data ?? [], filters), [data, filters]);
  const set = (patch: Partial<RewardFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <Page>
      <Container>
        <Stack $gap={6}>
          <Stack $gap={2}>
            <TitleRow>
              <GiftIcon size={32} />
              <PageTitle>Mükafatlı elanlar</PageTitle>
            </TitleRow>
            <Muted>Sahibləri əşyalarını qaytarana mükafat təklif edən elanlar.</Muted>
          </Stack>

          <Stats aria-label="Mükafat statistikası">
            <div>
              <dt>Mükafatlı elan</dt>
              <dd data-testid="reward-count">{stats.count}</dd>
            </div>
            <div>
              <dt>Ümumi mükafat</dt>
              <dd data-testid="reward-total">{formatAzn(stats.total)}</dd>
            </div>
            <div>
              <dt>Orta mükafat</dt>
              <dd data-testid="reward-average">{formatAzn(stats.average)}</dd>
            </div>
          </Stats>

          <Filters role="search" aria-label="Mükafatlı elanları süz">
            <TextField
              label="Açar söz"
              type="search"
              placeholder="Başlıq, təsvir və ya yer"
              value={filters.keyword}
              onChange={(e) => set({ keyword: e.target.value })}
            />
            <Select
              label="Kateqoriya"
              options={CATEGORY_FILTER_OPTIONS}
              value={filters.category}
              onChange={(e) => set({ category: e.target.value })}
            />
            <Select
              label="Sıralama"
              options={SORT_OPTIONS}
              value={filters.sort}
              onChange={(e) => set({ sort: e.target.value as RewardSort })}
            />
            <Button variant="outline" onClick={() => setFilters(DEFAULT_REWARD_FILTERS)}>
              Filtrləri təmizlə
            </Button>
          </Filters>

          {/* The cards' titles are h3: a heading of the list keeps the outline h1 → h2 → h3. */}
          <h2 className="visually-hidden">Elanların siyahısı</h2>
          <AnnouncementResults
            isLoading={isLoading}
            error={error}
            onRetry={() => void mutate()}
            announcements={data ? shown : undefined}
            loadingText="Mükafatlı elanlar yüklənir..."
            empty={
              isFilterActive(filters) ? (
                <>
                  <SearchIcon size={32} />
                  <strong>Heç bir mükafatlı elan tapılmadı</strong>
                  <p>Axtarış meyarlarınızı dəyişməyə cəhd edin.</p>
                </>
              ) : (
                <>
                  <GiftIcon size={32} />
                  <strong>Hələ heç kim mükafatlı elan əlavə etməyib</strong>
                  <p>İtirdiyiniz əşya üçün mükafat təklif edən ilk şəxs siz olun.</p>
                  {/* Spec §2: this button links to /create-announcement (not in the route table). */}
                  <ButtonLink to="/create-announcement">
                    <PlusIcon size={18} /> Elan yarat
                  </ButtonLink>
                </>
              )
            }
            header={<Muted aria-live="polite">{shown.length} mükafatlı elan</Muted>}
            label="Mükafatlı elanlar"
            signedIn={viewer.signedIn}
            onOpen={viewer.open}
          />
        </Stack>
      </Container>
      {viewer.dialogs}
    </Page>
  );
}
