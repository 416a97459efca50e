import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { color, font } from '../../../components/ui/theme';
import { useAccountStatus } from '../api/account-security';

const Hint = styled(Link)`
  font-size: ${font.size.sm};
  color: ${color.danger};
  white-space: nowrap;
`;

/** The header's small state (issue 15): an unverified e-mail links to the profile's security tab. */
export function VerificationHint() {
  const { status } = useAccountStatus(true);
  if (!status || status.emailVerified) return null;
  return (
    <Hint to="/profile?tab=security" title="E-poçt ünvanınızı təsdiqləyin">
      E-poçt təsdiqlənməyib
    </Hint>
  );
}
