import useSWR from 'swr';
import {
  AUTH_ENDPOINTS,
  type AccountStatus,
  type ChangePasswordRequest,
  type PasswordResetConfirm,
  type SessionSummary,
} from '@tapinti/contracts/auth-api';
import { callEndpoint } from '../../../lib/api-endpoint';

/** Issue 15: the calls of verification, password reset and change, sessions and deletion. */
export const ACCOUNT_STATUS_KEY = AUTH_ENDPOINTS.accountStatus.path;
export const SESSIONS_KEY = AUTH_ENDPOINTS.sessions.path;

/** GET /api/account/status for a signed-in user (`null` key: not asked). */
export function useAccountStatus(signedIn: boolean) {
  const { data, error, isLoading, mutate } = useSWR<AccountStatus>(signedIn ? ACCOUNT_STATUS_KEY : null, () =>
    callEndpoint(AUTH_ENDPOINTS.accountStatus),
  );
  return { status: data ?? null, error: error as Error | undefined, isLoading, mutate };
}

export function useSessions() {
  const { data, error, isLoading, mutate } = useSWR<SessionSummary[]>(
    SESSIONS_KEY,
    async () => (await callEndpoint(AUTH_ENDPOINTS.sessions)).sessions,
  );
  return { sessions: data ?? [], error: error as Error | undefined, isLoading, mutate };
}

export const verifyEmail = (token: string) => callEndpoint(AUTH_ENDPOINTS.verifyEmail, { body: { token } });
export const resendEmailVerification = () => callEndpoint(AUTH_ENDPOINTS.resendEmailVerification);
export const startPhoneVerification = () => callEndpoint(AUTH_ENDPOINTS.startPhoneVerification);
export const confirmPhoneVerification = (code: string) =>
  callEndpoint(AUTH_ENDPOINTS.confirmPhoneVerification, { body: { code } });
export const requestPasswordReset = (email: string) =>
  callEndpoint(AUTH_ENDPOINTS.requestPasswordReset, { body: { email } });
export const confirmPasswordReset = (body: PasswordResetConfirm) =>
  callEndpoint(AUTH_ENDPOINTS.confirmPasswordReset, { body });
export const changePassword = (body: ChangePasswordRequest) =>
  callEndpoint(AUTH_ENDPOINTS.changePassword, { body });
export const signOutEverywhere = () => callEndpoint(AUTH_ENDPOINTS.signOutEverywhere);
export const deleteAccount = (password: string) =>
  callEndpoint(AUTH_ENDPOINTS.deleteAccount, { body: { password } });
