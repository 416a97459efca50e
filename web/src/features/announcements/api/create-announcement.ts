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

/** POST /api/announcements */
export function createAnnouncement(body: CreateAnnouncementRequest): Promise<AnnouncementDetails> {
  return callEndpoint(ANNOUNCEMENT_ENDPOINTS.create, { body });
}

/** On success every announcement list is refreshed (spec §7). */
export function useCreateAnnouncement() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/announcements',
    (_key: string, { arg }: { arg: CreateAnnouncementRequest }) => createAnnouncement(arg),
    {
      onSuccess: () => {
        // Cleared, not only revalidated: lists not on screen must not come back stale later.
        void mutate(isAnnouncementKey, undefined, { revalidate: true });
      },
    },
  );
}
