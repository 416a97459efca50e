import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import styled from 'styled-components';
import type { AnnouncementMap } from '@tapinti/contracts/board-map-api';
import { color, font, radius } from '../../../components/ui/theme';
import type { PickupPoint } from '../../../lib/pickup-points';

/** Baku's centre: where the map opens when no place has announcements. */
const BAKU: L.LatLngTuple = [40.4093, 49.8671];
/** Markers closer than this many pixels are drawn as one group (zoom in to split it). */
const GROUP_WITHIN_PX = 36;

const Frame = styled.div`
  height: min(60vh, 520px);
  min-height: 300px;
  border-radius: ${radius.lg};
  border: 1px solid ${color.border};
  overflow: hidden;
  background: ${color.subtle};
  .map-place,
  .map-group,
  .map-pickup {
    display: flex;
    align-items: center;
    justify-content: center;
    font:
      ${font.weight.bold} 13px / 1 system-ui,
      sans-serif;
    color: #fff;
    border: 2px solid #fff;
    box-shadow: 0 2px 6px rgba(15, 23, 42, 0.4);
  }
  .map-place {
    border-radius: 50%;
    background: #1d4ed8;
  }
  .map-group {
    border-radius: 50%;
    background: #0f766e;
  }
  .map-pickup {
    border-radius: 6px;
    background: #b45309;
  }
  .map-place:focus-visible,
  .map-group:focus-visible,
  .map-pickup:focus-visible {
    outline: 3px solid #f59e0b;
    outline-offset: 2px;
  }
`;

export interface LeafletMapProps {
  tiles: AnnouncementMap['tiles'];
  places: AnnouncementMap['places'];
  pickupPoints: readonly PickupPoint[];
  /** A place marker's accessible name ('Koroğlu metrosu: 2 elan'). */
  placeLabel(group: AnnouncementMap['places'][number]): string;
  /** A group of nearby places' accessible name. */
  groupLabel(places: number, announcements: number): string;
  pickupLabel(point: PickupPoint): string;
  onPlace(placeId: string): void;
  onPickup(index: number): void;
  /** Tiles could not be loaded (the list below stays the way to browse). */
  onTilesFailed(): void;
}

/** Marks a Leaflet marker's element as a named button (Leaflet makes it focusable; Enter clicks it). */
function named(marker: L.Marker, label: string): L.Marker {
  const mark = () => {
    const element = marker.getElement();
    element?.setAttribute('role', 'button');
    element?.setAttribute('aria-label', label);
  };
  marker.on('add', mark);
  return marker;
}

const icon = (className: string, text: string, size: number) =>
  L.divIcon({ className, html: text, iconSize: [size, size] });

/**
 * The board on a Leaflet map (issue 24): one marker per place with its count, nearby places grouped
 * at low zoom, the pickup points as square markers beside them. Loaded only with the map page.
 */
export default function LeafletMap(props: LeafletMapProps) {
  const frame = useRef<HTMLDivElement>(null);
  // The latest callbacks, so the map is built once per data, not per render.
  const latest = useRef(props);
  latest.current = props;
  const { tiles, places, pickupPoints } = props;

  useEffect(() => {
    if (!frame.current) return;
    const map = L.map(frame.current, { zoomControl: true });
    // No prefix: Leaflet's default carries a flag; the tiles' own credit stays.
    map.attributionControl.setPrefix(false);
    const tileLayer = L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 });
    let failed = false;
    tileLayer.on('tileerror', () => {
      if (failed) return;
      failed = true;
      latest.current.onTilesFailed();
    });
    tileLayer.addTo(map);

    const spots = places.map((group) => ({ group, at: L.latLng(group.place.lat, group.place.lng) }));
    if (spots.length === 0) map.setView(BAKU, 11);
    else if (spots.length === 1) map.setView(spots[0]!.at, 14);
    else map.fitBounds(L.latLngBounds(spots.map((s) => s.at)), { padding: [32, 32], maxZoom: 15 });

    const markers = L.layerGroup().addTo(map);
    // Places near each other on screen become one group marker; drawn again at each zoom.
    const draw = () => {
      markers.clearLayers();
      const groups: Array<{ members: typeof spots; point: L.Point }> = [];
      for (const spot of spots) {
        const point = map.latLngToLayerPoint(spot.at);
        const near =
          map.getZoom() < map.getMaxZoom() && groups.find((g) => g.point.distanceTo(point) < GROUP_WITHIN_PX);
        if (near) near.members.push(spot);
        else groups.push({ members: [spot], point });
      }
      for (const { members } of groups) {
        const count = members.reduce((n, m) => n + m.group.count, 0);
        if (members.length === 1) {
          const { group, at } = members[0]!;
          named(
            L.marker(at, { icon: icon('map-place', String(count), 34), zIndexOffset: 1000 }),
            latest.current.placeLabel(group),
          )
            .on('click', () => latest.current.onPlace(group.place.id))
            .addTo(markers);
        } else {
          const bounds = L.latLngBounds(members.map((m) => m.at));
          named(
            L.marker(bounds.getCenter(), { icon: icon('map-group', String(count), 40), zIndexOffset: 2000 }),
            latest.current.groupLabel(members.length, count),
          )
            .on('click', () => map.fitBounds(bounds, { padding: [48, 48] }))
            .addTo(markers);
        }
      }
    };
    draw();
    map.on('zoomend', draw);

    pickupPoints.forEach((point, index) => {
      named(
        L.marker([point.lat, point.lng], {
          // Beside a place marker at the same spot (a mall, a station), not over it.
          icon: L.divIcon({ className: 'map-pickup', html: 'T', iconSize: [24, 24], iconAnchor: [-14, 30] }),
        }),
        latest.current.pickupLabel(point),
      )
        .on('click', () => latest.current.onPickup(index))
        .addTo(map);
    });

    return () => {
      map.remove();
    };
  }, [tiles, places, pickupPoints]);

  return <Frame ref={frame} data-testid="leaflet-map" />;
}
