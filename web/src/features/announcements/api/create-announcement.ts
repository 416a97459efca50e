import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  ANNOUNCEMENT_ENDPOINTS,
  createAnnouncementSchema,
  type AnnouncementDetails,
  type CreateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** The form's schema: the API's rules and messages (spec §5), the reward as typed. */
export { createAnnouncementSchema };

/** SWR keys of every announcement query, so a change can refresh them all. */
export const isAnnouncementKey = (key: unknown): boolean =>
  typeof key === 'string' && key.startsWith(ANNOUNCEMENT_ENDPOINTS.list.path);

/** useSWRInfinite keeps a paged list under its first page's key behind this prefix. */
const PAGED_LIST_PREFIX = `$inf$${ANNOUNCEMENT_ENDPOINTS.list.path}`;

/**
 * Clears and refetches every announcement query but the `except` ones. A key filter never sees
 * the paged lists (SWR skips `$inf$` keys in filters), so those are refreshed by their own keys.
 */
export function refreshAnnouncementQueries(
  { mutate, cache }: Pick<ReturnType<typeof useSWRConfig>, 'mutate' | 'cache'>,
  except: (key: unknown) => boolean = () => false,
): void {
  // Cleared, not only revalidated: lists not on screen must not come back stale later.
  void mutate((key) => isAnnouncementKey(key) && !except(key), undefined, { revalidate: true });
  for (const key of cache.keys())
    if (key.startsWith(PAGED_LIST_PREFIX)) void mutate(key, undefined, { revalidate: true });
}

/** POST /api/announcements */
export function createAnnouncement(body: CreateAnnouncementRequest): Promise<AnnouncementDetails> {
  return callEndpoint(ANNOUNCEMENT_ENDPOINTS.create, { body });
}

/** On success every announcement list is refreshed (spec §7). */
export function useCreateAnnouncement() {
  const config = useSWRConfig();
  return useSWRMutation(
    'POST /api/announcements',
    (_key: string, { arg }: { arg: CreateAnnouncementRequest }) => createAnnouncement(arg),
    { onSuccess: () => refreshAnnouncementQueries(config) },
  );
}
