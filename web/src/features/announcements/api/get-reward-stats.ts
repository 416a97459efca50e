import useSWR from 'swr';
import { ANNOUNCEMENT_ENDPOINTS, type RewardStats } from '@tapinti/contracts/announcements-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** GET /api/announcements/reward-stats — every rewarded public announcement, not one loaded page. */
export function useRewardStats() {
  return useSWR<RewardStats>(ANNOUNCEMENT_ENDPOINTS.rewardStats.path, () =>
    callEndpoint(ANNOUNCEMENT_ENDPOINTS.rewardStats),
  );
}
