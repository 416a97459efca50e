import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  REQUEST_ENDPOINTS,
  type ComplaintProgress,
  type ComplaintStatusQuery,
  type ComplaintView,
  type FileComplaintInput,
  type FiledComplaint,
  type UpdateComplaint,
} from '@tapinti/contracts/requests-api';
import type { ComplaintStatus } from '@tapinti/contracts/requests-events';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = REQUEST_ENDPOINTS;

const isComplaintsKey = (key: unknown) => typeof key === 'string' && key.startsWith(E.complaints.path);

/** POST /api/complaints: anyone; the answer carries the complaint's number. */
export function useFileComplaint() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'POST /api/complaints',
    (_key: string, { arg }: { arg: FileComplaintInput }): Promise<FiledComplaint> =>
      callEndpoint(E.fileComplaint, { body: arg }),
    { onSuccess: () => void mutate(isComplaintsKey) },
  );
}

/** GET /api/complaints?status=: super admins. */
export function useComplaints(status: ComplaintStatus | 'all') {
  return useSWR<ComplaintView[]>(
    apiPath(E.complaints.path, {}, { status: status === 'all' ? undefined : status }),
    (url: string) => callEndpoint(E.complaints, { url }),
  );
}

/** PUT /api/complaints/:id `{ status, reply? }`: super admins. */
export function useUpdateComplaint() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    'PUT /api/complaints/:id',
    (_key: string, { arg }: { arg: { id: string } & UpdateComplaint }): Promise<ComplaintView> =>
      callEndpoint(E.updateComplaint, {
        params: { id: arg.id },
        body: { status: arg.status, reply: arg.reply },
      }),
    { onSuccess: () => void mutate(isComplaintsKey) },
  );
}

/** POST /api/complaints/status `{ number, contact }`: anyone who has both. */
export function useComplaintProgress() {
  return useSWRMutation(
    'POST /api/complaints/status',
    (_key: string, { arg }: { arg: ComplaintStatusQuery }): Promise<ComplaintProgress> =>
      callEndpoint(E.complaintStatus, { body: arg }),
  );
}
