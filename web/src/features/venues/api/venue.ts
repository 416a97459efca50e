import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  VENUE_ENDPOINTS,
  type VenuePage,
  type VenueProfile,
  type VenueProfileRequest,
} from '@tapinti/contracts/venues-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

/** GET /api/venues/:slug — the public venue page. */
export function useVenue(slug: string) {
  return useSWR<VenuePage>(apiPath(VENUE_ENDPOINTS.getVenue.path, { slug }), (url: string) =>
    callEndpoint(VENUE_ENDPOINTS.getVenue, { url }),
  );
}

export const venueProfileKey = (id: string) => apiPath(VENUE_ENDPOINTS.getVenueProfile.path, { id });

/** GET /api/organizations/:id/venue — the profile its members see (404: none yet). */
export function useVenueProfile(id: string) {
  return useSWR<VenueProfile>(venueProfileKey(id), (url: string) =>
    callEndpoint(VENUE_ENDPOINTS.getVenueProfile, { url }),
  );
}

/** PUT /api/organizations/:id/venue (its admins); the profile's cache follows. */
export function useUpdateVenueProfile(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `PUT ${venueProfileKey(id)}`,
    (_key: string, { arg }: { arg: VenueProfileRequest }) =>
      callEndpoint(VENUE_ENDPOINTS.updateVenueProfile, { params: { id }, body: arg }),
    { onSuccess: (saved: VenueProfile) => void mutate(venueProfileKey(id), saved, { revalidate: false }) },
  );
}

/** The desk's poster (PDF), opened by the browser's viewer. */
export const venuePosterUrl = (id: string) => apiPath(VENUE_ENDPOINTS.venuePoster.path, { id });
