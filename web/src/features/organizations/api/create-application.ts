import useSWRMutation from 'swr/mutation';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const ORGANIZATION_TYPES = [
  'hotel',
  'mall',
  'university',
  'business_center',
  'airport',
  'hospital',
  'sports_center',
  'event_venue',
  'other',
] as const;

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

const optional = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().optional(),
);

/**
 * POST /api/applications (spec §5 rules). TODO: replace with the schema from
 * `@tapinti/contracts/organizations-api` once the organizations service publishes it, so the API
 * and the form share their messages.
 */
export const applicationSchema = z.object({
  organizationName: z.string().trim().min(2, 'Təşkilatın adı ən azı 2 simvol olmalıdır'),
  organizationType: z.enum(ORGANIZATION_TYPES, { error: 'Təşkilat növü seçin' }),
  address: z.string().trim().min(10, 'Ünvan ən azı 10 simvol olmalıdır'),
  contactEmail: z.string().trim().pipe(z.email('Düzgün email ünvanı daxil edin')),
  contactPerson: z.string().trim().min(2, 'Əlaqə şəxsinin adı ən azı 2 simvol olmalıdır'),
  contactPhone: optional,
  message: optional,
});
export type ApplicationRequest = z.output<typeof applicationSchema>;

export function createApplication(body: ApplicationRequest): Promise<unknown> {
  return apiRequest('POST', '/api/applications', { body });
}

export function useCreateApplication() {
  return useSWRMutation('POST /api/applications', (_key: string, { arg }: { arg: ApplicationRequest }) =>
    createApplication(arg),
  );
}
