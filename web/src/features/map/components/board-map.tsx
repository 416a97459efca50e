import { Component, lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementMap } from '@tapinti/contracts/board-map-api';
import { Alert, Muted, Stack } from '../../../components/ui/layout';
import { Button } from '../../../components/ui/button';
import { color, font, media, radius, space } from '../../../components/ui/theme';
import { useT } from '../../../lib/i18n';
import { PICKUP_POINTS } from '../../../lib/pickup-points';
import { usePlaceName } from '../../../lib/place-name';
import { useBoardMap } from '../api/get-board-map';
import { PlaceCards, type CardLabels } from './place-cards';

// Leaflet and its CSS load with the map itself, after the page and its list.
const LeafletMap = lazy(() => import('./leaflet-map'));

const Layout = styled.div`
  display: grid;
  gap: ${space(4)};
  grid-template-columns: minmax(0, 1fr);
  ${media.lg} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Chosen = styled.section`
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.subtle};
  padding: ${space(4)};
  display: grid;
  gap: ${space(3)};
  h2 {
    margin: 0;
    font-size: ${font.size.lg};
  }
  h2:focus {
    outline: none;
  }
`;

const Places = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
  details {
    border: 1px solid ${color.border};
    border-radius: ${radius.md};
    padding: ${space(2)} ${space(3)};
  }
  summary {
    cursor: pointer;
    font-weight: ${font.weight.semibold};
    padding: ${space(1)} 0;
    overflow-wrap: anywhere;
  }
  details[open] summary {
    margin-bottom: ${space(2)};
  }
`;

/** The map failed (its code could not load, or Leaflet threw): the fallback instead; the list stays. */
class MapFailure extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type Choice = { kind: 'place'; id: string } | { kind: 'pickup'; index: number };

/**
 * The map page's body (`/xerite`, issue 24): the home filters' announcements by place on a map,
 * with the pickup points; a marker opens its cards. The same places and cards are listed below,
 * which is the page when the tiles cannot be reached and the way to it without a pointer.
 */
export function BoardMap({ labels }: { labels: CardLabels }) {
  const t = useT();
  const nameOf = usePlaceName();
  const [params] = useSearchParams();
  const board = useBoardMap(params);
  const [choice, setChoice] = useState<Choice>();
  const [tilesFailed, setTilesFailed] = useState(false);
  const chosenTitle = useRef<HTMLHeadingElement>(null);

  const choose = (next: Choice) => {
    setChoice(next);
    // The chosen place's cards are read next: there for a screen reader, in view on a phone.
    requestAnimationFrame(() => {
      chosenTitle.current?.focus({ preventScroll: true });
      chosenTitle.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    });
  };

  if (board.error)
    return (
      <Alert $tone="danger" role="alert">
        <Stack $gap={2}>
          <span>{t('Xəritə yüklənmədi')}</span>
          <div>
            <Button size="sm" variant="outline" onClick={() => board.mutate()}>
              {t('Yenidən cəhd et')}
            </Button>
          </div>
        </Stack>
      </Alert>
    );
  if (!board.data) return <Muted role="status">{t('Elanlar yüklənir...')}</Muted>;

  const { places, tiles } = board.data;
  const total = places.reduce((n, p) => n + p.count, 0);
  const chosenPlace = choice?.kind === 'place' ? places.find((p) => p.place.id === choice.id) : undefined;
  const chosenPoint = choice?.kind === 'pickup' ? PICKUP_POINTS[choice.index] : undefined;
  const countText = (n: number) => t('{n} elan', { n });

  return (
    <Stack $gap={6}>
      <Muted aria-live="polite" data-testid="map-count">
        {t('{n} elan, {p} yer', { n: total, p: places.length })}
      </Muted>
      {tilesFailed && (
        <Alert $tone="info" role="status">
          {t('Xəritənin təsviri yüklənmədi: yerlər və elanlar aşağıdakı siyahıdadır.')}
        </Alert>
      )}
      <Layout>
        <MapFailure fallback={<Alert $tone="info">{t('Xəritə yüklənmədi')}</Alert>}>
          <Suspense fallback={<Muted role="status">{t('Xəritə yüklənir...')}</Muted>}>
            <LeafletMap
              tiles={tiles}
              places={places}
              pickupPoints={PICKUP_POINTS}
              placeLabel={(group: AnnouncementMap['places'][number]) =>
                `${nameOf(group.place)}: ${countText(group.count)}`
              }
              groupLabel={(n, count) => t('{n} yaxın yer, {count} elan: yaxınlaşdırın', { n, count })}
              pickupLabel={(point) => `${t('Təhvil məntəqəsi')}: ${t(point.name)}`}
              onPlace={(id) => choose({ kind: 'place', id })}
              onPickup={(index) => choose({ kind: 'pickup', index })}
              onTilesFailed={() => setTilesFailed(true)}
            />
          </Suspense>
        </MapFailure>
        {(chosenPlace || chosenPoint) && (
          <Chosen aria-labelledby="map-chosen" data-testid="map-chosen">
            <h2 id="map-chosen" ref={chosenTitle} tabIndex={-1}>
              {chosenPlace ? nameOf(chosenPlace.place) : `${t('Təhvil məntəqəsi')}: ${t(chosenPoint!.name)}`}
            </h2>
            {chosenPlace ? (
              <>
                <Muted>{countText(chosenPlace.count)}</Muted>
                <PlaceCards cards={chosenPlace.announcements} labels={labels} />
              </>
            ) : (
              <>
                <Muted>{t(chosenPoint!.description)}</Muted>
                <Muted>
                  {t(chosenPoint!.address)} · {t(chosenPoint!.hours)}
                </Muted>
              </>
            )}
          </Chosen>
        )}
      </Layout>

      <section aria-labelledby="map-places">
        <Stack $gap={3}>
          <h2 id="map-places" style={{ margin: 0, fontSize: font.size.lg }}>
            {t('Yerlər üzrə elanlar')}
          </h2>
          {places.length === 0 ? (
            <Muted>{t('Heç bir elan tapılmadı')}</Muted>
          ) : (
            <Places data-testid="map-places">
              {places.map((group) => (
                <li key={group.place.id}>
                  <details>
                    <summary>
                      {nameOf(group.place)} — {countText(group.count)}
                    </summary>
                    <PlaceCards cards={group.announcements} labels={labels} />
                  </details>
                </li>
              ))}
            </Places>
          )}
        </Stack>
      </section>
    </Stack>
  );
}
