import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CalendarIcon, GiftIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { Alert, Stack } from '../../../components/ui/layout';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { color, font, radius, space } from '../../../components/ui/theme';
import { formatAzn, formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/api-client';
import { useAnnouncement } from '../api/get-announcement';
import { CATEGORY_LABELS, TYPE_LABELS } from '../labels';
import { RewardBox } from './announcement-card';
import { AnnouncementMatches } from './announcement-matches';
import { AnnouncementIdBox } from './announcement-id-box';
import { ContactLink } from './contact-link';
import { useT } from '../../../lib/i18n';

const Photo = styled.img`
  width: 100%;
  max-height: 360px;
  object-fit: contain;
  border-radius: ${radius.md};
  background: ${color.subtle};
`;

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space(2)} ${space(3)};
  margin: 0;
  font-size: ${font.size.sm};
  dt {
    display: flex;
    align-items: center;
    gap: ${space(1.5)};
    color: ${color.muted};
    font-weight: ${font.weight.semibold};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Contact = styled.div`
  padding: ${space(3)} ${space(4)};
  border-radius: ${radius.md};
  background: ${color.primarySoft};
  color: ${color.primaryHover};
  overflow-wrap: anywhere;
`;

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
    <Modal open={id !== null} onClose={onClose} title={data?.title ?? fallbackTitle ?? 'Elan'} width={640}>
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
          {data.imageUrl && <Photo src={data.imageUrl} alt={data.title} />}
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
            <Badge $tone={data.type === 'lost' ? 'danger' : 'success'}>{t(TYPE_LABELS[data.type])}</Badge>
            <Badge $tone="primary">{t(CATEGORY_LABELS[data.category])}</Badge>
            {data.rewardAmount > 0 && <Badge $tone="reward">{formatAzn(data.rewardAmount)}</Badge>}
          </div>
          <Text>{data.description}</Text>
          {data.rewardAmount > 0 && (
            <RewardBox>
              <GiftIcon />
              <div>
                <strong>{t('Mükafat təklifi: {amount}', { amount: formatAzn(data.rewardAmount) })}</strong>
                {data.rewardDescription && <span>{data.rewardDescription}</span>}
              </div>
            </RewardBox>
          )}
          <Facts>
            <dt>
              <PinIcon /> {t('Yer')}
            </dt>
            <dd>
              {data.location}
              {data.roomNumber ? `, otaq ${data.roomNumber}` : ''}
            </dd>
            <dt>
              <CalendarIcon /> {t('Tarix')}
            </dt>
            <dd>
              <time dateTime={data.createdAt}>{formatDate(data.createdAt)}</time>
            </dd>
          </Facts>
          <Contact>
            <Stack $gap={1}>
              <strong style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                <PhoneIcon /> {t('Əlaqə məlumatı')}
              </strong>
              {data.contactInfo ? (
                <ContactLink contact={data.contactInfo} />
              ) : (
                <span>{t('Müəllif əlaqə məlumatı əlavə etməyib')}</span>
              )}
            </Stack>
          </Contact>
          <Link to={`/elan/${data.id}`} onClick={onClose}>
            {t('Elanın öz səhifəsi (paylaşmaq üçün link)')}
          </Link>
          <AnnouncementIdBox id={data.id} onNavigate={onClose} />
          {actions?.(data)}
          {onOpenMatch && showMatches?.(data) && <AnnouncementMatches id={data.id} onOpen={onOpenMatch} />}
        </Stack>
      )}
    </Modal>
  );
}

export default AnnouncementDetailsModal;
