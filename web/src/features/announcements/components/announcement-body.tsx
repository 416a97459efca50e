import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { AnnouncementDetails, PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import { Badge } from '../../../components/ui/badge';
import { CalendarIcon, GiftIcon, PhoneIcon, PinIcon } from '../../../components/ui/icons';
import { Stack } from '../../../components/ui/layout';
import { color, font, radius, space } from '../../../components/ui/theme';
import { formatAzn, formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { CATEGORY_LABELS, TYPE_LABELS } from '../labels';
import { RewardBox } from './announcement-card';
import { ContactLink } from './contact-link';
import { PhotoGallery } from './photo-gallery';
import { PlaceChip } from './place-chip';

const Text = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Facts = styled.dl<{ $compact: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${space(2)} ${space(3)};
  margin: 0;
  ${(p) => (p.$compact ? `font-size: ${font.size.sm};` : '')}
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

const ContactBox = styled.div`
  padding: ${space(3)} ${space(4)};
  border-radius: ${radius.md};
  background: ${color.primarySoft};
  color: ${color.primaryHover};
  overflow-wrap: anywhere;
`;

export interface AnnouncementBodyProps {
  announcement: PublicAnnouncement;
  /** Between the badges and the text (the page's own heading; the dialog has its title above). */
  heading?: ReactNode;
  /** The dialog's smaller facts and photo. */
  compact?: boolean;
}

/**
 * What an announcement says, the same in its details dialog and on its own page: photo, type,
 * category and reward badges, text, reward offer, place and date.
 */
export function AnnouncementBody({ announcement: a, heading, compact = false }: AnnouncementBodyProps) {
  const t = useT();
  // A client of the spec's API knows only the cover (`imageUrl`).
  const photos = a.imageUrls?.length ? a.imageUrls : a.imageUrl ? [a.imageUrl] : [];
  return (
    <>
      {photos.length > 0 && <PhotoGallery photos={photos} title={a.title} maxHeight={compact ? 360 : 420} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>{t(TYPE_LABELS[a.type])}</Badge>
        <Badge $tone="primary">{t(CATEGORY_LABELS[a.category])}</Badge>
        {a.rewardAmount > 0 && <Badge $tone="reward">{formatAzn(a.rewardAmount)}</Badge>}
      </div>
      {heading}
      <Text>{a.description}</Text>
      {a.rewardAmount > 0 && (
        <RewardBox>
          <GiftIcon />
          <div>
            <strong>{t('Mükafat təklifi: {amount}', { amount: formatAzn(a.rewardAmount) })}</strong>
            {a.rewardDescription && <span>{a.rewardDescription}</span>}
          </div>
        </RewardBox>
      )}
      <Facts $compact={compact}>
        <dt>
          <PinIcon /> {t('Yer')}
        </dt>
        <dd>
          {a.location}
          {a.roomNumber ? `, ${t('otaq {room}', { room: a.roomNumber })}` : ''} <PlaceChip place={a.place} />
        </dd>
        <dt>
          <CalendarIcon /> {t('Tarix')}
        </dt>
        <dd>
          <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
        </dd>
      </Facts>
    </>
  );
}

/** How to reach the author (signed-in viewers only: it comes with the details endpoint). */
export function AnnouncementContact({ contactInfo }: Pick<AnnouncementDetails, 'contactInfo'>) {
  const t = useT();
  return (
    <ContactBox data-testid="announcement-contact">
      <Stack $gap={1}>
        <strong style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <PhoneIcon /> {t('Əlaqə məlumatı')}
        </strong>
        {contactInfo ? (
          <ContactLink contact={contactInfo} />
        ) : (
          <span>{t('Müəllif əlaqə məlumatı əlavə etməyib')}</span>
        )}
      </Stack>
    </ContactBox>
  );
}
