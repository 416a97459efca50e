import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  VENUE_CHECK_CANDIDATE_ENDPOINTS,
  VENUE_CHECK_ENDPOINTS,
  type AnnouncementVenueChecks,
  type AnswerVenueCheckRequest,
  type VenueCheckCandidates,
  type VenueCheckInboxItem,
} from '@tapinti/contracts/venue-checks-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = VENUE_CHECK_ENDPOINTS;

export const announcementVenueChecksKey = (announcementId: string) =>
  apiPath(E.forAnnouncement.path, {}, { announcementId });

/** GET /api/venue-checks?announcementId= — the venues its owner asked, and how many more they may ask. */
export function useAnnouncementVenueChecks(announcementId: string) {
  return useSWR<AnnouncementVenueChecks>(announcementVenueChecksKey(announcementId), (url: string) =>
    callEndpoint(E.forAnnouncement, { url }),
  );
}

/** POST /api/venue-checks: its answer is the announcement's whole list, put in the cache as it is. */
export function useAskVenues(announcementId: string) {
  const { mutate } = useSWRConfig();
  const key = announcementVenueChecksKey(announcementId);
  return useSWRMutation(
    `POST ${key}`,
    (_key: string, { arg }: { arg: string[] }): Promise<AnnouncementVenueChecks> =>
      callEndpoint(E.ask, { body: { announcementId, organizationIds: arg } }),
    { onSuccess: (checks: AnnouncementVenueChecks) => void mutate(key, checks, { revalidate: false }) },
  );
}

export const venueCheckInboxKey = (organizationId: string) => apiPath(E.inbox.path, { id: organizationId });

/** GET /api/organizations/:id/venue-checks — the venue's inbox, newest first. */
export function useVenueCheckInbox(organizationId: string) {
  return useSWR<VenueCheckInboxItem[]>(venueCheckInboxKey(organizationId), (url: string) =>
    callEndpoint(E.inbox, { url }),
  );
}

/** One changed request replaces its old self in the inbox's cache. */
function useReplaceInInbox(organizationId: string) {
  const { mutate } = useSWRConfig();
  return (changed: VenueCheckInboxItem) =>
    void mutate(
      venueCheckInboxKey(organizationId),
      (list: VenueCheckInboxItem[] | undefined) => list?.map((c) => (c.id === changed.id ? changed : c)),
      { revalidate: false },
    );
}

/** POST /api/venue-checks/:id/seen — a member opened the request. */
export function useMarkVenueCheckSeen(organizationId: string) {
  const replace = useReplaceInInbox(organizationId);
  return useSWRMutation(
    `POST ${venueCheckInboxKey(organizationId)}/seen`,
    (_key: string, { arg }: { arg: string }): Promise<VenueCheckInboxItem> =>
      callEndpoint(E.markSeen, { params: { id: arg } }),
    { onSuccess: replace },
  );
}

/**
 * POST /api/venue-checks/:id/answer. «Tapdıq» files a claim for the owner on the venue's item, so
 * the organisation's claims lists are read again too.
 */
export function useAnswerVenueCheck(organizationId: string) {
  const { mutate } = useSWRConfig();
  const replace = useReplaceInInbox(organizationId);
  return useSWRMutation(
    `POST ${venueCheckInboxKey(organizationId)}/answer`,
    (
      _key: string,
      { arg }: { arg: { id: string } & AnswerVenueCheckRequest },
    ): Promise<VenueCheckInboxItem> => {
      const { id, ...body } = arg;
      return callEndpoint(E.answer, { params: { id }, body });
    },
    {
      onSuccess: (answered: VenueCheckInboxItem) => {
        replace(answered);
        if (answered.answer === 'found')
          void mutate(
            (key: unknown) =>
              typeof key === 'string' && key.startsWith(`/api/organizations/${organizationId}/requests`),
          );
      },
    },
  );
}

/** GET /api/announcements/:id/venue-checks/:organizationId — the lost post and the venue's own candidates. */
export function useVenueCheckCandidates(announcementId: string, organizationId: string) {
  const endpoint = VENUE_CHECK_CANDIDATE_ENDPOINTS.candidates;
  return useSWR<VenueCheckCandidates>(
    apiPath(endpoint.path, { id: announcementId, organizationId }),
    (url: string) => callEndpoint(endpoint, { url }),
  );
}
