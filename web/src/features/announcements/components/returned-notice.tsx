import styled from 'styled-components';
import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { CheckIcon } from '../../../components/ui/icons';
import { color, radius, space } from '../../../components/ui/theme';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

const Box = styled.div`
  display: flex;
  gap: ${space(3)};
  align-items: flex-start;
  padding: ${space(4)};
  border-radius: ${radius.md};
  background: ${color.successSoft};
  color: ${color.success};
  p {
    margin: ${space(1)} 0 0;
  }
`;

/**
 * The happy ending of an announcement's shared link (issue 22): its item is back with its owner,
 * so nobody is asked to get in touch or to claim it.
 */
export function ReturnedNotice({ announcement: a }: { announcement: PublicAnnouncement }) {
  const t = useT();
  return (
    <Box role="status" data-testid="returned-notice">
      <CheckIcon size={24} style={{ flexShrink: 0 }} />
      <div>
        <strong>{t('Əşya sahibinə qaytarıldı')}</strong>
        <p>{t('Bu elan bağlanıb: əşya sahibinə çatıb, əlaqə və müraciət artıq lazım deyil.')}</p>
        {a.handedOverAt && (
          <p>
            {t('Təhvil verilib:')} <time dateTime={a.handedOverAt}>{formatDate(a.handedOverAt)}</time>
          </p>
        )}
      </div>
    </Box>
  );
}
