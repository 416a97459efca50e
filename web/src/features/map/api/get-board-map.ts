import useSWR from 'swr';
import { BOARD_MAP_ENDPOINTS, type AnnouncementMap } from '@tapinti/contracts/board-map-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

/** The home page's filters as its URL holds them (`q`, `category`, `rewards`, `place`, `posted`, `from`, `to`). */
export function boardMapUrl(params: URLSearchParams): string {
  const category = params.get('category');
  return apiPath(
    BOARD_MAP_ENDPOINTS.map.path,
    {},
    {
      search: params.get('q')?.trim(),
      category: category === 'all' ? undefined : category,
      rewards: params.get('rewards') === '1' ? 1 : undefined,
      place: params.get('place'),
      posted: params.get('posted'),
      from: params.get('from'),
      to: params.get('to'),
    },
  );
}

/** GET /api/announcements/map: the board's announcements by place, and the map's tiles. */
export function useBoardMap(params: URLSearchParams) {
  return useSWR<AnnouncementMap>(boardMapUrl(params), (url: string) =>
    callEndpoint(BOARD_MAP_ENDPOINTS.map, { url }),
  );
}
