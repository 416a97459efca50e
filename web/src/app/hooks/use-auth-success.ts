import { useNavigate } from 'react-router-dom';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { isOrganizationMember, type Role } from '@tapinti/contracts/roles';
import { useToast } from '../../components/ui/toast';
import { useT } from '../../lib/i18n';

/** Spec §9: the post-login redirect waits one second. */
export const POST_LOGIN_REDIRECT_MS = 1000;

/** Where a role lands after login; other roles stay where they are (spec §4). */
export function roleHome(role: Role): string | null {
  if (role === 'super_admin') return '/super-admin';
  if (isOrganizationMember(role)) return '/org-admin';
  return null;
}

/** What a successful login does (the /auth page and the login modal): welcome, then an admin's panel. */
export function useLoginSuccess() {
  const t = useT();
  const { toast } = useToast();
  const navigate = useNavigate();
  return (user: ClientUser) => {
    toast({
      title: t('Uğurla daxil oldunuz'),
      description: t('Xoş gəlmisiniz, {name}!', { name: user.username }),
      variant: 'success',
    });
    const target = roleHome(user.role);
    if (target) setTimeout(() => void navigate(target), POST_LOGIN_REDIRECT_MS);
  };
}

/** What a successful registration does: welcome (the /auth page then leaves for the signed-in user). */
export function useRegisterSuccess() {
  const t = useT();
  const { toast } = useToast();
  return (user: ClientUser) =>
    toast({
      title: t('Qeydiyyat tamamlandı'),
      description: t('Xoş gəlmisiniz, {name}!', { name: user.username }),
      variant: 'success',
    });
}
