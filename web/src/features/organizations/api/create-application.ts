import useSWRMutation from 'swr/mutation';
import {
  applicationRequestSchema,
  ORGANIZATION_ENDPOINTS,
  type Application,
  type ApplicationRequest as ContractApplicationRequest,
} from '@tapinti/contracts/organizations-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** POST /api/applications (spec §5 rules): the organizations service's own schema and messages. */
export const applicationSchema = applicationRequestSchema;
export type ApplicationRequest = ContractApplicationRequest;

const endpoint = ORGANIZATION_ENDPOINTS.submitApplication;

/** The answer is parsed with the contract's schema: the application as stored, status pending. */
export function createApplication(body: ApplicationRequest): Promise<Application> {
  return callEndpoint(endpoint, { body });
}

export function useCreateApplication() {
  return useSWRMutation('POST /api/applications', (_key: string, { arg }: { arg: ApplicationRequest }) =>
    createApplication(arg),
  );
}
