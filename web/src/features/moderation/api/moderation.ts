import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  ANNOUNCEMENT_ENDPOINTS,
  MODERATION_ENDPOINTS,
  type ModerationQueueItem,
  type ReportAnnouncementRequest,
} from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';

export const MODERATION_QUEUE_KEY = MODERATION_ENDPOINTS.queue.path;

/** GET /api/moderation/announcements — the super admins' queue. */
export function useModerationQueue() {
  return useSWR<ModerationQueueItem[]>(MODERATION_QUEUE_KEY, () => callEndpoint(MODERATION_ENDPOINTS.queue));
}

/** Every announcement query (lists, details, my announcements) and the queue: a decision changes them all. */
const isAffectedKey = (key: unknown) =>
  typeof key === 'string' && (key.startsWith('/api/announcements') || key === MODERATION_QUEUE_KEY);

export type ModerationDecision =
  | { action: 'approve'; id: string }
  | { action: 'hide'; id: string; reason: string }
  | { action: 'restore'; id: string };

/** POST /api/moderation/announcements/:id/{approve,hide,restore}. */
export function useModerationDecision() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/moderation/announcements/:id',
    (_key: string, { arg }: { arg: ModerationDecision }): Promise<ModerationQueueItem> => {
      const params = { id: arg.id };
      if (arg.action === 'hide')
        return callEndpoint(MODERATION_ENDPOINTS.hide, { params, body: { reason: arg.reason } });
      return callEndpoint(MODERATION_ENDPOINTS[arg.action], { params });
    },
    { onSuccess: () => void mutate(isAffectedKey, undefined, { revalidate: true }) },
  );
}

/** POST /api/announcements/:id/report — 'Şikayət et'. */
export function useReportAnnouncement() {
  return useSWRMutation(
    'POST /api/announcements/:id/report',
    (_key: string, { arg }: { arg: { id: string; body: ReportAnnouncementRequest } }) =>
      callEndpoint(ANNOUNCEMENT_ENDPOINTS.report, { params: { id: arg.id }, body: arg.body }),
  );
}
