import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { ClientUser } from '@tapinti/contracts/auth-api';
import { Modal } from '../../../components/ui/modal';
import { color, font } from '../../../components/ui/theme';
import { LoginForm } from './login-form';
import { useT } from '../../../lib/i18n';

const Footer = styled.p`
  text-align: center;
  font-size: ${font.size.sm};
  color: ${color.muted};
  a {
    font-weight: ${font.weight.semibold};
  }
`;

export interface LoginModalProps {
  open: boolean;
  onClose: () => void;
  /** The caller's success behaviour, after the modal has closed. */
  onSuccess?: (user: ClientUser) => void;
}

/** Login over the current page: closes on success, on the close button or Escape, or on going to registration. */
export function LoginModal({ open, onClose, onSuccess }: LoginModalProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('Daxil ol')}
      description={t('Elanın təfərrüatlarını görmək üçün hesabınıza daxil olun.')}
    >
      <LoginForm
        showRemember
        onLeave={onClose}
        onSuccess={(user) => {
          onClose();
          onSuccess?.(user);
        }}
        footer={
          <Footer>
            {t('Hesabınız yoxdur?')}{' '}
            <Link to="/auth?tab=register" onClick={onClose}>
              {t('Qeydiyyatdan keçin')}
            </Link>
          </Footer>
        }
      />
    </Modal>
  );
}

export default LoginModal;
