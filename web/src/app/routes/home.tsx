import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Badge } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { cardStyles } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { TextField } from '../../components/ui/field';
import {
  BuildingIcon,
  CheckIcon,
  ClockIcon,
  HeartIcon,
  MailIcon,
  PinIcon,
  PlusIcon,
  SearchIcon,
  ShieldIcon,
  UserIcon,
} from '../../components/ui/icons';
import { Container, Muted, Row, Section, SectionTitle, Stack } from '../../components/ui/layout';
import { Select } from '../../components/ui/select';
import { color, font, media, radius, space } from '../../components/ui/theme';
import { useAnnouncementPages } from '../../features/announcements/api/get-announcements';
import { usePlace } from '../../features/announcements/api/get-places';
import { ActiveFilters } from '../../features/announcements/components/active-filters';
import { ListFilters } from '../../features/announcements/components/list-filters';
import { SaveSearchControl } from '../../features/saved-searches/components/save-search-control';
import { usePlaceName } from '../../lib/place-name';
import { AnnouncementResults } from '../../features/announcements/components/announcement-results';
import { CATEGORY_FILTER_OPTIONS } from '../../features/announcements/labels';
import { formatTotal } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAnnouncementViewer } from '../hooks/use-announcement-viewer';
import { msg, useT } from '../../lib/i18n';

const Hero = styled.section`
  background:
    radial-gradient(circle at 85% 10%, rgba(255, 255, 255, 0.14), transparent 40%),
    linear-gradient(135deg, #1e3a8a, ${color.primary} 55%, #0f766e);
  color: #fff;
  padding: ${space(12)} 0 ${space(14)};
  ${media.md} {
    padding: ${space(20)} 0;
  }
`;

const HeroTitle = styled.h1`
  font-size: ${font.size.hero};
  font-weight: ${font.weight.bold};
  max-width: 820px;
  text-wrap: balance;
`;

const HeroLead = styled.p`
  font-size: ${font.size.lg};
  max-width: 680px;
  color: #dbeafe;
`;

const SearchPanel = styled.form`
  ${cardStyles}
  display: grid;
  gap: ${space(3)};
  padding: ${space(4)};
  color: ${color.text};
  max-width: 880px;
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) 220px auto;
    align-items: end;
  }
`;

const HeroActions = styled.div`
  display: grid;
  gap: ${space(3)};
  grid-template-columns: minmax(0, 1fr);
  max-width: 880px;
  ${media.sm} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Stats = styled.section`
  background: ${color.surface};
  border-bottom: 1px solid ${color.border};
`;

const StatsGrid = styled.dl`
  display: grid;
  margin: 0;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  div {
    display: flex;
    flex-direction: column-reverse;
    justify-content: flex-end;
    padding: ${space(5)} ${space(1)};
    text-align: center;
    ${media.sm} {
      padding: ${space(6)} ${space(4)};
    }
  }
  dt {
    font-size: ${font.size.sm};
    ${media.sm} {
      font-size: ${font.size.md};
    }
  }
  dd {
    margin: 0;
    font-size: clamp(1.25rem, 5vw, 2rem);
    font-weight: ${font.weight.bold};
    color: ${color.primary};
  }
  dt {
    color: ${color.muted};
    font-weight: ${font.weight.medium};
  }
`;

const ListHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(3)} ${space(6)};
  align-items: flex-end;
  justify-content: space-between;
  margin-bottom: ${space(6)};
`;

// The sections' tile lists differ only in when they gain columns.
const tileList = css`
  list-style: none;
  margin: ${space(8)} 0 0;
  padding: 0;
  display: grid;
  gap: ${space(5)};
  grid-template-columns: minmax(0, 1fr);
`;

const Steps = styled.ol`
  ${tileList}
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Tile = styled.li`
  ${cardStyles}
  padding: ${space(5)};
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  h3 {
    font-size: ${font.size.lg};
  }
  p {
    color: ${color.muted};
    font-size: ${font.size.sm};
  }
`;

const StepNumber = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${color.primarySoft};
  color: ${color.primaryHover};
  font-weight: ${font.weight.bold};
`;

const TwoColumns = styled.ul`
  ${tileList}
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const ThreeColumns = styled(TwoColumns)`
  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const IconBubble = styled.span<{ $tone?: 'primary' | 'accent' | 'reward' }>`
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${radius.md};
  background: ${(p) => (p.$tone === 'accent' ? color.accentSoft : p.$tone === 'reward' ? color.rewardSoft : color.primarySoft)};
  color: ${(p) => (p.$tone === 'accent' ? color.accent : p.$tone === 'reward' ? color.reward : color.primary)};
`;

/** Spec §9: fixed figures. */
const STATS = [
  { value: '12,847', label: msg('Elan sayı') },
  { value: '3,291', label: msg('Uğurlu qaytarma') },
  { value: '8,156', label: msg('Aktiv istifadəçi') },
];

const STEPS = [
  {
    title: msg('Elan yerləşdirin'),
    text: msg('İtirdiyiniz və ya tapdığınız əşya haqqında bir neçə dəqiqəyə pulsuz elan yaradın.'),
  },
  {
    title: msg('Əlaqə saxlayın'),
    text: msg('Uyğun elan tapıldıqda avtomatik bildiriş alın və digər tərəflə əlaqə saxlayın.'),
  },
  { title: msg('Sahibliyi təsdiqləyin'), text: msg('Əsl sahib təhlükəsizlik sualları ilə təsdiqlənir.') },
  {
    title: msg('Təhlükəsiz təhvil verin'),
    text: msg('Əşyanı rəsmi təhvil məntəqələrində və ya razılaşdığınız yerdə təhvil verin.'),
  },
];

// Issue 15: every sentence here says what the platform does (risk patterns, reports, the e-mail badge).
const TRUST = [
  {
    title: msg('Yoxlama sistemi'),
    text: msg(
      'Hər yeni elan risk nümunələrinə görə yoxlanılır: başlıqda telefon və ya keçid, pul tələbi, kart nömrəsi, çox yüksək mükafat. Belə elan moderator təsdiqləyənə qədər dərc olunmur.',
    ),
  },
  {
    title: msg('İstifadəçi təsdiqi'),
    text: msg('E-poçt ünvanını təsdiqləmiş müəlliflərin elanları xüsusi nişanla seçilir.'),
  },
  {
    title: msg('Moderasiya'),
    text: msg(
      'İstənilən elandan «Şikayət et» ilə şikayət edə bilərsiniz. Üç fərqli istifadəçinin şikayəti elanı moderator baxana qədər gizlədir.',
    ),
  },
];

/** How many cards one 'Daha çox göstər' adds. */
const HOME_PAGE_SIZE = 24;

export default function HomePage() {
  const t = useT();
  useDocumentTitle(t('Tapıntı — itirilmiş və tapılmış əşyalar'));
  // The filters live in the URL (`/?q=pulqabı&category=bags&rewards=1&place=m-koroglu&posted=7d`,
  // or `from`/`to` days): shareable, kept on reload.
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const category = params.get('category') || 'all';
  const rewardsOnly = params.get('rewards') === '1';
  const place = params.get('place') ?? '';
  const posted = params.get('posted') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const chosenPlace = usePlace(place || undefined).data;
  const nameOf = usePlaceName();
  const [draft, setDraft] = useState(search);
  const listRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const viewer = useAnnouncementViewer();
  // Just posted (create → /): shown first in 'Son elanlar', scrolled to and highlighted.
  const createdId = (location.state as { created?: string } | null)?.created;

  const list = useAnnouncementPages({
    search,
    category,
    rewardsOnly,
    place,
    posted,
    from,
    to,
    limit: HOME_PAGE_SIZE,
  });

  useEffect(() => setDraft(search), [search]);

  // The box and the URL always agree: every filter change carries the box's text along, so a
  // cleared box never keeps filtering by the text it no longer shows.
  const setFilters = (patch: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries({ q: draft.trim(), ...patch })) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  const onDraftChange = (value: string) => {
    setDraft(value);
    // Clearing the box (typing it empty or its ✕) clears the search at once.
    if (!value.trim() && search) setFilters({ q: undefined });
  };

  const scrollToList = () => listRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  useEffect(() => {
    if (location.hash === '#elanlar') scrollToList();
  }, [location.hash]);

  const createdShown = !!createdId && !!list.announcements?.some((a) => a.id === createdId);
  useEffect(() => {
    if (!createdShown) return;
    document
      .getElementById(`announcement-${createdId}-title`)
      ?.closest('article')
      ?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [createdShown, createdId]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: draft.trim() });
    scrollToList();
  };

  const showAll = () => {
    setDraft('');
    setParams(new URLSearchParams());
  };

  return (
    <>
      <Hero aria-labelledby="hero-title">
        <Container>
          <Stack $gap={6}>
            <Stack $gap={3}>
              <HeroTitle id="hero-title">{t('İtirdiyini tap, tapdığını qaytar')}</HeroTitle>
              <HeroLead>
                {t(
                  'Ölkənin ən böyük itirilmiş və tapılmış əşyalar platforması. Elan yerləşdirmək pulsuzdur.',
                )}
              </HeroLead>
            </Stack>
            <SearchPanel role="search" onSubmit={onSearch}>
              <TextField
                label={t('Axtarış')}
                type="search"
                placeholder={t('Məsələn: qara pulqabı, açar, telefon...')}
                value={draft}
                onChange={(e) => onDraftChange(e.target.value)}
                enterKeyHint="search"
              />
              <Select
                label={t('Kateqoriya')}
                options={CATEGORY_FILTER_OPTIONS}
                value={category}
                onChange={(e) =>
                  setFilters({ category: e.target.value === 'all' ? undefined : e.target.value })
                }
              />
              <Button type="submit" icon={<SearchIcon />}>
                {t('Axtar')}
              </Button>
            </SearchPanel>
            <HeroActions>
              <Button variant="inverse" size="lg" onClick={scrollToList}>
                {t('Elanlara bax')}
              </Button>
              <ButtonLink to="/create?type=lost" variant="danger" size="lg">
                {t('Əşyamı itirdim')}
              </ButtonLink>
              <ButtonLink to="/create?type=found" variant="secondary" size="lg">
                {t('Əşya tapdım')}
              </ButtonLink>
            </HeroActions>
          </Stack>
        </Container>
      </Hero>

      <Stats aria-label={t('Statistika')}>
        <Container>
          <StatsGrid>
            {STATS.map((s) => (
              <div key={t(s.label)}>
                <dt>{t(s.label)}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </StatsGrid>
        </Container>
      </Stats>

      <Section id="elanlar" ref={listRef} aria-labelledby="latest-title" style={{ scrollMarginTop: 72 }}>
        <Container>
          <ListHeader>
            <Stack $gap={1}>
              <SectionTitle id="latest-title">{t('Son elanlar')}</SectionTitle>
              {list.total !== undefined && (
                <Muted aria-live="polite" data-testid="result-count">
                  {t('{n} elan tapıldı', { n: formatTotal(list.total, list.totalCapped) })}
                </Muted>
              )}
            </Stack>
            <Row $gap={2}>
              <ButtonLink to={`/xerite${location.search}`} variant="outline" size="sm">
                <PinIcon size={16} /> {t('Xəritə')}
              </ButtonLink>
              <Checkbox
                asSwitch
                label={t('Yalnız mükafatlı elanlar')}
                checked={rewardsOnly}
                onChange={(e) => setFilters({ rewards: e.target.checked ? '1' : undefined })}
              />
              {rewardsOnly && list.total !== undefined && (
                <Badge
                  $tone="reward"
                  aria-label={t('{n} mükafatlı elan', { n: formatTotal(list.total, list.totalCapped) })}
                >
                  {formatTotal(list.total, list.totalCapped)}
                </Badge>
              )}
            </Row>
          </ListHeader>

          <ListFilters place={place} posted={posted} from={from} to={to} onChange={setFilters} />
          <ActiveFilters
            search={search}
            category={category}
            rewardsOnly={rewardsOnly}
            placeName={place ? (chosenPlace ? nameOf(chosenPlace) : place) : ''}
            posted={posted}
            from={from}
            to={to}
            onRemove={(key) => {
              if (key === 'q') setDraft('');
              setFilters({ [key]: undefined });
            }}
            onClear={showAll}
          />
          <SaveSearchControl filters={{ search, category, place, rewardsOnly }} signedIn={viewer.signedIn} />
          <AnnouncementResults
            isLoading={list.isLoading}
            error={list.error}
            onRetry={list.retry}
            announcements={list.announcements}
            highlightId={createdId}
            loadingText={t('Elanlar yüklənir...')}
            empty={
              <>
                <SearchIcon size={32} />
                <p>{t('Heç bir elan tapılmadı')}</p>
              </>
            }
            label={t('Son elanlar')}
            signedIn={viewer.signedIn}
            onOpen={viewer.open}
          />
          <Row $justify="center" $wrap style={{ marginTop: space(8) }}>
            {list.hasMore && (
              <Button onClick={list.loadMore} loading={list.isLoadingMore}>
                {t('Daha çox göstər')}
              </Button>
            )}
            <Button variant="outline" onClick={showAll}>
              {t('Bütün elanları göstər')}
            </Button>
          </Row>
        </Container>
      </Section>

      <Section $tone="subtle" aria-labelledby="how-title">
        <Container>
          <SectionTitle id="how-title">{t('Necə işləyir?')}</SectionTitle>
          <Muted>{t('Dörd sadə addımda əşyanızı geri qaytarın.')}</Muted>
          <Steps>
            {STEPS.map((s, i) => (
              <Tile key={t(s.title)}>
                <StepNumber aria-hidden="true">{i + 1}</StepNumber>
                <h3>
                  <span className="visually-hidden">{t('Addım {n}:', { n: i + 1 })} </span>
                  {t(s.title)}
                </h3>
                <p>{t(s.text)}</p>
              </Tile>
            ))}
          </Steps>
        </Container>
      </Section>

      <Section aria-labelledby="services-title">
        <Container>
          <SectionTitle id="services-title">{t('Açıq xidmətlər')}</SectionTitle>
          <Muted>{t('Qeydiyyat olmadan istifadə edə biləcəyiniz xidmətlər.')}</Muted>
          <ThreeColumns>
            <Tile>
              <IconBubble $tone="accent">
                <PinIcon />
              </IconBubble>
              <h3>{t('Təhvil məntəqələri')}</h3>
              <p>
                {t(
                  'Tapılmış əşyaları Bakının ticarət mərkəzlərində və metro stansiyalarında rəsmi məntəqələrə təhvil verin.',
                )}
              </p>
              <div>
                <ButtonLink to="/pickup-points" variant="outline" size="sm">
                  {t('Məntəqələrə bax')}
                </ButtonLink>
              </div>
            </Tile>
            <Tile>
              <IconBubble $tone="reward">
                <HeartIcon />
              </IconBubble>
              <h3>{t('Təşəkkür divarı')}</h3>
              <p>{t('Əşyasını geri alan insanların təşəkkür hekayələrini oxuyun.')}</p>
              <div>
                <ButtonLink to="/thank-you-wall" variant="outline" size="sm">
                  {t('Hekayələri oxu')}
                </ButtonLink>
              </div>
            </Tile>
            <Tile>
              <IconBubble>
                <BuildingIcon />
              </IconBubble>
              <h3>{t('Təşkilatlar üçün')}</h3>
              <p>
                {t(
                  'Otel, ticarət mərkəzi, universitet və ya nəqliyyat şirkətisiniz? Qoşulun və itirilmiş əşyaları öz panelinizdən idarə edin.',
                )}
              </p>
              <div>
                <ButtonLink to="/apply-organization" variant="outline" size="sm">
                  {t('Təşkilat kimi qoşulun')}
                </ButtonLink>
              </div>
            </Tile>
          </ThreeColumns>
        </Container>
      </Section>

      <Section $tone="subtle" aria-labelledby="trust-title">
        <Container>
          <SectionTitle id="trust-title">{t('Etibarlı və təhlükəsiz')}</SectionTitle>
          <Muted>{t('Platformanın təhlükəsizliyi bizim üçün önəmlidir.')}</Muted>
          <ThreeColumns>
            {TRUST.map((item, i) => (
              <Tile key={t(item.title)}>
                <IconBubble>{i === 0 ? <ShieldIcon /> : i === 1 ? <UserIcon /> : <CheckIcon />}</IconBubble>
                <h3>{t(item.title)}</h3>
                <p>{t(item.text)}</p>
              </Tile>
            ))}
          </ThreeColumns>
          <Row $justify="center" style={{ marginTop: space(8) }}>
            <ButtonLink to="/create?type=found">
              <PlusIcon size={18} /> {t('Elan yerləşdir')}
            </ButtonLink>
            <ButtonLink to="/support" variant="outline">
              <MailIcon size={18} /> {t('Bizimlə əlaqə')}
            </ButtonLink>
            <Link to="/about" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <ClockIcon size={16} /> {t('Haqqımızda')}
            </Link>
          </Row>
        </Container>
      </Section>
      {viewer.dialogs}
    </>
  );
}
