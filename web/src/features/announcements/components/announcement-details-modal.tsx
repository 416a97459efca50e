import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Button } from '../../../components/ui/button';
import { Alert, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { color, space } from '../../../components/ui/theme';
import { errorMessage } from '../../../lib/api-client';
import { useAnnouncement } from '../api/get-announcement';
import { AnnouncementBody } from './announcement-body';
import { AnnouncementDetailsSections } from './announcement-details-sections';
import { AnnouncementIdBox } from './announcement-id-box';
import { useT } from '../../../lib/i18n';

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${space(10)} 0;
  color: ${color.primary};
`;

export interface AnnouncementDetailsModalProps {
  id: string | null;
  fallbackTitle?: string;
  onClose: () => void;
  /** Buttons under the details (the claim button), given the loaded announcement. */
  actions?: (announcement: AnnouncementDetails) => ReactNode;
  /** Whether the viewer manages this announcement: then its matches are listed under the details. */
  showMatches?: (announcement: AnnouncementDetails) => boolean;
  /** "Ətraflı bax" on one of the matches. */
  onOpenMatch?: (announcement: PublicAnnouncement) => void;
}

/** Details for a signed-in user: photo, full text and how to reach the author. */
export function AnnouncementDetailsModal({
  id,
  fallbackTitle,
  onClose,
  actions,
  showMatches,
  onOpenMatch,
}: AnnouncementDetailsModalProps) {
  const t = useT();
  const { data, error, isLoading, mutate } = useAnnouncement(id);
  return (
    <Modal open={id !== null} onClose={onClose} title={data?.title ?? fallbackTitle ?? t('Elan')} width={640}>
      {isLoading && (
        <Center>
          <Spinner size={32} label={t('Elan yüklənir...')} />
        </Center>
      )}
      {error && (
        <Alert>
          <p>{errorMessage(error, t('Elanı yükləmək mümkün olmadı'))}</p>
          <Button variant="outline" onClick={() => void mutate()}>
            {t('Yenidən cəhd et')}
          </Button>
        </Alert>
      )}
      {data && (
        <Stack $gap={4}>
          <AnnouncementBody announcement={data} compact />
          <AnnouncementDetailsSections
            announcement={data}
            actions={actions}
            showMatches={showMatches}
            onOpenMatch={onOpenMatch}
          >
            <Link to={`/elan/${data.id}`} onClick={onClose}>
              {t('Elanın öz səhifəsi (paylaşmaq üçün link)')}
            </Link>
            <AnnouncementIdBox id={data.id} onNavigate={onClose} />
          </AnnouncementDetailsSections>
        </Stack>
      )}
    </Modal>
  );
}

export default AnnouncementDetailsModal;
