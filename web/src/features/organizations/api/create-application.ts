import useSWRMutation from 'swr/mutation';
import {
  applicationRequestSchema,
  type ApplicationRequest as ContractApplicationRequest,
} from '@tapinti/contracts/organizations-api';
import { ORGANIZATION_TYPES } from '@tapinti/contracts/organizations-events';
import { apiRequest } from '../../../lib/api-client';

export { ORGANIZATION_TYPES };

export const ORGANIZATION_TYPE_LABELS: Record<(typeof ORGANIZATION_TYPES)[number], string> = {
  hotel: 'Otel',
  mall: 'Ticarət mərkəzi',
  university: 'Universitet',
  business_center: 'Biznes mərkəzi',
  airport: 'Hava limanı',
  hospital: 'Xəstəxana',
  sports_center: 'İdman mərkəzi',
  event_venue: 'Tədbir məkanı',
  other: 'Digər',
};

/** POST /api/applications (spec §5 rules): the organizations service's own schema and messages. */
export const applicationSchema = applicationRequestSchema;
export type ApplicationRequest = ContractApplicationRequest;

export function createApplication(body: ApplicationRequest): Promise<unknown> {
  return apiRequest('POST', '/api/applications', { body });
}

export function useCreateApplication() {
  return useSWRMutation('POST /api/applications', (_key: string, { arg }: { arg: ApplicationRequest }) =>
    createApplication(arg),
  );
}
