import useSWR from 'swr';
import { z } from 'zod';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { ROLES } from '@tapinti/contracts/roles';
import { apiGet } from '../../../lib/api-client';

export const USER_KEY = '/api/user';

/** The client-side user (spec §3). */
export const clientUserSchema: z.ZodType<ClientUser> = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  role: z.enum(ROLES),
  organizationId: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

/** GET /api/user: the signed-in user, or null on 401. */
export function getUser(): Promise<ClientUser | null> {
  return apiGet(USER_KEY, clientUserSchema, 'null');
}

export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<ClientUser | null>(USER_KEY, getUser);
  return { user: data ?? null, isLoading, error: error as Error | undefined, mutate };
}
