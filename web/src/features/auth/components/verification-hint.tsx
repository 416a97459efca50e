import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { color, font } from '../../../components/ui/theme';
import { useAccountStatus } from '../api/account-security';
import { useT } from '../../../lib/i18n';

const Hint = styled(Link)`
  font-size: ${font.size.sm};
  color: ${color.danger};
  white-space: nowrap;
`;

/** The header's small state (issue 15): an unverified e-mail links to the profile's security tab. */
export function VerificationHint() {
  const t = useT();
  const { status } = useAccountStatus(true);
  if (!status || status.emailVerified) return null;
  return (
    <Hint to="/profile?tab=security" title={t('E-poçt ünvanınızı təsdiqləyin')}>
      {t('E-poçt təsdiqlənməyib')}
    </Hint>
  );
}
