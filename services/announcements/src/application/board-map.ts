import {
  MAP_CARDS_PER_PLACE,
  type AnnouncementMap,
  type AnnouncementMapQuery,
} from '@tapinti/contracts/board-map-api';
import { PLACES } from '@tapinti/matching/gazetteer';
import type { SharedConfig } from '@tapinti/platform/config';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { placeSummaryOf } from '../domain/place';
import { placesOnMap } from '../store/queries';
import { boardFiltersOf } from './board-filters';

/** The board's map (issue 24, `/xerite`): the listed announcements by place, and the configured tiles. */
export function createBoardMap(
  context: Pick<EventSourcedContext, 'knex' | 'clock'> & {
    config: Pick<SharedConfig, 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION'>;
  },
) {
  const { knex, config } = context;
  const tiles = { url: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION };
  return {
    /** Each known place with listed announcements matching the filters: its count and newest cards. */
    async map(query: AnnouncementMapQuery): Promise<AnnouncementMap> {
      const filters = await boardFiltersOf(knex, query, context.clock());
      const groups = await placesOnMap(knex, filters, MAP_CARDS_PER_PLACE);
      return {
        tiles,
        places: groups.flatMap(({ placeId, count, cards }) => {
          // A place the gazetteer no longer has (a stored id of an older version) is not on the map.
          const place = PLACES.get(placeId);
          return place
            ? [
                {
                  place: { ...placeSummaryOf(place), lat: place.lat, lng: place.lng },
                  count,
                  announcements: cards,
                },
              ]
            : [];
        }),
      };
    },
  };
}
export type BoardMap = ReturnType<typeof createBoardMap>;
