import styled from 'styled-components';
import { ButtonLink } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { color, font, radius, space } from '../../../components/ui/theme';
import { useT } from '../../../lib/i18n';

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)};
  padding: ${space(2)} ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  font-size: ${font.size.sm};
  code {
    overflow-wrap: anywhere;
  }
`;

/** Where a complaint about this announcement starts, with its ID filled in. */
export const complaintUrlFor = (announcementId: string) =>
  `/complaints?announcement=${encodeURIComponent(announcementId)}`;

export interface AnnouncementIdBoxProps {
  id: string;
  /** Called when the complaint link is followed (e.g. to close the dialog). */
  onNavigate?: () => void;
}

/**
 * The announcement's ID where a user would copy it for a complaint (issue 16.5): a copy button,
 * and "Şikayət göndər", which opens the complaint form with the ID filled in.
 */
export function AnnouncementIdBox({ id, onNavigate }: AnnouncementIdBoxProps) {
  const t = useT();
  return (
    <Box role="group" aria-label={t('Elanın ID-si')}>
      <span>
        {t('Elan ID-si:')} <code>{id}</code>
      </span>
      <CopyButton text={id} label={t('ID-ni kopyala')} />
      <ButtonLink size="sm" variant="ghost" to={complaintUrlFor(id)} onClick={onNavigate}>
        {t('Şikayət göndər')}
      </ButtonLink>
    </Box>
  );
}
