import { useSWRConfig } from 'swr';
import {
  AUTH_MESSAGES,
  type ClientUser,
  type LoginRequest,
  type RegisterForm,
} from '@tapinti/contracts/auth-api';
import { useToast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { USER_KEY } from '../api/get-user';
import { useLogin } from '../api/login';
import { useLogout } from '../api/logout';
import { useRegister } from '../api/register';
import { useT } from '../../../lib/i18n';

/**
 * What the caller does once the action has succeeded (the session cache is already updated): the
 * hooks themselves neither navigate nor toast on success; refusals are toasted here.
 */
export interface AuthActionOptions<T> {
  onSuccess?: (result: T) => void;
}

/** Keys that belong to the signed-in user and must not outlive the session. */
const isPrivateKey = (key: unknown) => typeof key === 'string' && /^\/api\/announcements\/[^?]+$/.test(key);

export function useLoginAction({ onSuccess }: AuthActionOptions<ClientUser> = {}) {
  const t = useT();
  const { trigger, isMutating } = useLogin();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();

  const submit = async (values: LoginRequest): Promise<ClientUser | null> => {
    let user: ClientUser;
    try {
      user = await trigger(values);
    } catch (error) {
      // Spec §8: the failure always reads the same, except that a throttled client is told to wait.
      const description =
        error instanceof ApiError && error.status === 429 && error.serverMessage
          ? error.serverMessage
          : AUTH_MESSAGES.wrongCredentials;
      toast({ title: t('Giriş uğursuz oldu'), description, variant: 'destructive' });
      return null;
    }
    await mutate(USER_KEY, user, { revalidate: false });
    onSuccess?.(user);
    return user;
  };
  return { submit, isPending: isMutating };
}

export function useRegisterAction({ onSuccess }: AuthActionOptions<ClientUser> = {}) {
  const t = useT();
  const { trigger, isMutating } = useRegister();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();

  /** Resolves to the user, or to the error so the form can mark the field the server named. */
  const submit = async (values: RegisterForm): Promise<ClientUser | ApiError | Error> => {
    let user: ClientUser;
    try {
      user = await trigger(values);
    } catch (error) {
      toast({
        title: t('Qeydiyyat uğursuz oldu'),
        description: errorMessage(error, t('Qeydiyyat zamanı xəta baş verdi')),
        variant: 'destructive',
      });
      return error instanceof Error ? error : new Error(String(error));
    }
    // Registration signs the user in (spec §4).
    await mutate(USER_KEY, user, { revalidate: false });
    onSuccess?.(user);
    return user;
  };
  return { submit, isPending: isMutating };
}

export function useLogoutAction({ onSuccess }: AuthActionOptions<void> = {}) {
  const t = useT();
  const { trigger, isMutating } = useLogout();
  const { mutate } = useSWRConfig();
  const { toast } = useToast();

  const submit = async () => {
    try {
      await trigger();
    } catch (error) {
      toast({
        title: t('Çıxış zamanı xəta'),
        description: errorMessage(error, t('Çıxış zamanı xəta')),
        variant: 'destructive',
      });
      return;
    }
    await mutate(USER_KEY, null, { revalidate: false });
    await mutate(isPrivateKey, undefined, { revalidate: false });
    onSuccess?.();
  };
  return { submit, isPending: isMutating };
}
