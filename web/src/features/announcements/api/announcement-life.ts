import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  ANNOUNCEMENT_ENDPOINTS,
  type AnnouncementDetails,
  type CloseOutcome,
  type UpdateAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';
import { refreshAnnouncementQueries } from './create-announcement';
import { announcementUrl } from './get-announcement';
import { MY_ANNOUNCEMENTS_KEY } from './get-my-announcements';

const E = ANNOUNCEMENT_ENDPOINTS;

/**
 * One change of an announcement's life; on success every announcement query (lists, details,
 * matches) is cleared and refetched, as after creating one.
 */
function useAnnouncementChange<Arg, Result>(key: string, run: (arg: Arg) => Promise<Result>) {
  const config = useSWRConfig();
  return useSWRMutation(key, (_key: string, { arg }: { arg: Arg }) => run(arg), {
    onSuccess: () => refreshAnnouncementQueries(config),
  });
}

/** PUT /api/announcements/:id — the create form's fields, the same rules. */
export function useUpdateAnnouncement() {
  return useAnnouncementChange(
    'PUT /api/announcements/:id',
    ({ id, body }: { id: string; body: UpdateAnnouncementRequest }): Promise<AnnouncementDetails> =>
      callEndpoint(E.update, { params: { id }, body }),
  );
}

/** POST /api/announcements/:id/close `{ outcome }`. */
export function useCloseAnnouncement() {
  return useAnnouncementChange(
    'POST /api/announcements/:id/close',
    ({ id, outcome }: { id: string; outcome: CloseOutcome }): Promise<AnnouncementDetails> =>
      callEndpoint(E.close, { params: { id }, body: { outcome } }),
  );
}

/**
 * DELETE /api/announcements/:id — the deleted one's own queries (details, matches) are dropped, not
 * refetched: they would only answer 404 now.
 */
export function useDeleteAnnouncement() {
  const config = useSWRConfig();
  const { mutate } = config;
  return useSWRMutation(
    'DELETE /api/announcements/:id',
    async (_key: string, { arg: id }: { arg: string }): Promise<void> => {
      await callEndpoint(E.remove, { params: { id } });
      const own = (key: unknown) =>
        typeof key === 'string' && (key === announcementUrl(id) || key.startsWith(`${announcementUrl(id)}/`));
      void mutate(
        MY_ANNOUNCEMENTS_KEY,
        (list: AnnouncementDetails[] | undefined) => list?.filter((a) => a.id !== id),
        { revalidate: false },
      );
      void mutate(own, undefined, { revalidate: false });
      refreshAnnouncementQueries(config, own);
    },
  );
}

/** POST /api/announcements/:id/renew — an archived one, for another 30 days. */
export function useRenewAnnouncement() {
  return useAnnouncementChange(
    'POST /api/announcements/:id/renew',
    (id: string): Promise<AnnouncementDetails> => callEndpoint(E.renew, { params: { id } }),
  );
}
