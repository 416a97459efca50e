import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { ANNOUNCEMENT_ENDPOINTS, type AnnouncementDetails } from '@tapinti/contracts/announcements-api';
import {
  REQUEST_ENDPOINTS,
  type FileRequest,
  type HandledRequest,
  type MyRequest,
  type UpdateRequestStatus,
} from '@tapinti/contracts/requests-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = REQUEST_ENDPOINTS;

/** Every requests list (mine, incoming, an organisation's): refreshed together after a change. */
export const isRequestKey = (key: unknown): boolean =>
  typeof key === 'string' &&
  (key.startsWith('/api/requests') || /^\/api\/organizations\/[^/]+\/requests/.test(key));

/** `all` (or nothing) asks for every status; `resolved` for both resolved ones. */
export type RequestFilter = 'all' | 'pending' | 'contacted' | 'resolved';
const statusQuery = (status?: RequestFilter) => ({ status: status && status !== 'all' ? status : undefined });

/** GET /api/requests/my: the claims I filed, with their status. */
export const MY_REQUESTS_KEY = E.my.path;
export function useMyRequests(enabled = true) {
  return useSWR<MyRequest[]>(enabled ? MY_REQUESTS_KEY : null, (url: string) => callEndpoint(E.my, { url }));
}

/** GET /api/requests/incoming: claims on my own announcements (those without an organisation). */
export function useIncomingRequests(status?: RequestFilter) {
  return useSWR<HandledRequest[]>(apiPath(E.incoming.path, {}, statusQuery(status)), (url: string) =>
    callEndpoint(E.incoming, { url }),
  );
}

/** GET /api/organizations/:id/requests: the organisation's claims (its admins, super admins). */
export function useOrganizationRequests(organizationId: string | null | undefined, status?: RequestFilter) {
  return useSWR<HandledRequest[]>(
    organizationId ? apiPath(E.organization.path, { id: organizationId }, statusQuery(status)) : null,
    (url: string) => callEndpoint(E.organization, { url }),
  );
}

/** POST /api/requests: a claim on an announcement's item. */
export function useFileRequest() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/requests',
    (_key: string, { arg }: { arg: FileRequest }): Promise<MyRequest> => callEndpoint(E.file, { body: arg }),
    { onSuccess: () => void mutate(isRequestKey) },
  );
}

/** PUT /api/requests/:id `{ status }`: the handler moves a claim on. */
export function useUpdateRequestStatus() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'PUT /api/requests/:id',
    (_key: string, { arg }: { arg: { id: string } & UpdateRequestStatus }): Promise<HandledRequest> =>
      callEndpoint(E.updateStatus, { params: { id: arg.id }, body: { status: arg.status } }),
    { onSuccess: () => void mutate(isRequestKey) },
  );
}

/**
 * The security questions a claim must answer, from the announcement's details (the same SWR key
 * and answer as the details dialog, so opening the claim form after the details costs nothing).
 */
function useAnnouncementDetails(announcementId: string | null) {
  const details = ANNOUNCEMENT_ENDPOINTS.details;
  return useSWR<AnnouncementDetails>(
    announcementId ? apiPath(details.path, { id: announcementId }) : null,
    (url: string) => callEndpoint(details, { url }),
  );
}

export function useAnnouncementQuestions(announcementId: string | null) {
  const { data, ...rest } = useAnnouncementDetails(announcementId);
  return { ...rest, data: data ? (data.securityQuestions ?? []).map((q) => q.question) : undefined };
}

/**
 * Whether the claimed item carries a reward (the hand-over warning about paying is about it):
 * undefined while unknown; a failed read counts as a reward, so the warning errs on the safe side.
 */
export function useHasReward(announcementId: string | null): boolean | undefined {
  const { data, error } = useAnnouncementDetails(announcementId);
  if (data) return data.rewardAmount > 0;
  return error ? true : undefined;
}

/**
 * The answers the author expects, by question: the details show them to the author and the
 * handlers only (others get none, and a failed read shows none).
 */
export function useExpectedAnswers(announcementId: string | null): Map<string, string> {
  const { data } = useAnnouncementDetails(announcementId);
  return new Map(
    (data?.securityQuestions ?? []).flatMap((q) =>
      q.expectedAnswer ? [[q.question, q.expectedAnswer] as const] : [],
    ),
  );
}
