import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  createAnnouncementSchema,
  type AnnouncementDetails,
  type CreateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import { apiRequest } from '../../../lib/api-client';
import { announcementDetailsSchema, isAnnouncementKey } from './announcement-schema';

/** The schema the API validates with (spec §5 messages). */
export { createAnnouncementSchema };

/** POST /api/announcements */
export function createAnnouncement(body: CreateAnnouncementRequest): Promise<AnnouncementDetails> {
  return apiRequest('POST', '/api/announcements', { body, schema: announcementDetailsSchema });
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
