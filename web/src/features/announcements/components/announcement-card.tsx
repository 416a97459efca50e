import type { PublicAnnouncement } from '@tapinti/contracts/announcements-api';
import styled from 'styled-components';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cardStyles } from '../../../components/ui/card';
import {
  CalendarIcon,
  CheckIcon,
  GiftIcon,
  ImageIcon,
  PinIcon,
  UserIcon,
} from '../../../components/ui/icons';
import { color, font, radius, space } from '../../../components/ui/theme';
import { formatAzn, formatDate } from '../../../lib/format';
import { CATEGORY_LABELS, TYPE_LABELS } from '../labels';
import { useT } from '../../../lib/i18n';
import { PlaceChip } from './place-chip';
import { Link } from 'react-router-dom';
import { VerifiedVenueBadge } from '../../../components/verified-venue-badge';
import { useVenueOf } from '../../../lib/venues';

const Article = styled.article<{ $highlighted?: boolean }>`
  ${cardStyles}
  ${(p) => (p.$highlighted ? `outline: 3px solid ${color.reward}; outline-offset: 2px;` : '')}
  display: flex;
  flex-direction: column;
  overflow: hidden;
  cursor: pointer;
  /* A closed announcement looks closed: a grey photo beside its 'Bağlanıb' badge. */
  &[data-closed] img {
    filter: grayscale(1);
    opacity: 0.75;
  }
  transition:
    box-shadow 0.15s,
    transform 0.15s;
  &:hover {
    box-shadow: 0 8px 24px rgba(15, 23, 42, 0.12);
  }
`;

const Media = styled.div`
  position: relative;
  aspect-ratio: 16 / 10;
  overflow: hidden;
  background: ${color.subtle};
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Placeholder = styled.div`
  width: 100%;
  height: 100%;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space(2)};
  color: #64748b;
  font-size: ${font.size.sm};
  background: linear-gradient(135deg, ${color.subtle}, #e2e8f0);
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${space(3)};
  padding: ${space(4)} ${space(5)} ${space(5)};
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1.5)};
`;

// A very long title or place is clamped (the full text is on the announcement page).
const clamp = (lines: number) => `
  display: -webkit-box;
  -webkit-line-clamp: ${lines};
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Title = styled.h3`
  font-size: ${font.size.lg};
  font-weight: ${font.weight.bold};
  overflow-wrap: anywhere;
  ${clamp(2)}
`;

const Description = styled.p`
  color: ${color.muted};
  font-size: ${font.size.sm};
  overflow-wrap: anywhere;
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

export const RewardBox = styled.div`
  display: flex;
  gap: ${space(2)};
  align-items: flex-start;
  padding: ${space(3)};
  border-radius: ${radius.md};
  background: ${color.rewardSoft};
  border: 1px solid #fde68a;
  color: #713f12;
  font-size: ${font.size.sm};
  overflow-wrap: anywhere;
  strong {
    display: block;
  }
`;

const Meta = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${space(1.5)};
  font-size: ${font.size.sm};
  color: ${color.muted};
  margin-top: auto;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${space(2)};
    align-items: center;
    min-width: 0;
  }
  /* The icons keep their size beside a long place. */
  li > svg {
    flex-shrink: 0;
  }
  span {
    overflow-wrap: anywhere;
    ${clamp(2)}
  }
`;

export interface AnnouncementCardProps {
  announcement: PublicAnnouncement;
  signedIn: boolean;
  /** A click anywhere on the card (signed in: details; visitor: login). */
  onOpen: (announcement: PublicAnnouncement) => void;
  /** Above the fold (the first row): its picture loads at once instead of lazily. */
  eager?: boolean;
  /** Marked out (the one its author just posted). */
  highlighted?: boolean;
}

/** The thumbnail's size (the server crops it to the card's 16:10 box), so nothing shifts as it loads. */
const THUMBNAIL_SIZE = { width: 480, height: 300 } as const;

/** The announcement card of spec §2. */
export function AnnouncementCard({
  announcement: a,
  signedIn,
  onOpen,
  eager = false,
  highlighted = false,
}: AnnouncementCardProps) {
  const t = useT();
  const venue = useVenueOf(a.organizationId);
  const hasReward = a.rewardAmount > 0;
  // Announcements from before thumbnails (or answers without the field) show the photo itself.
  const picture = a.thumbnailUrl ?? a.imageUrl;
  return (
    <Article
      onClick={() => onOpen(a)}
      aria-labelledby={`announcement-${a.id}-title`}
      data-testid="announcement-card"
      data-highlighted={highlighted || undefined}
      data-closed={a.status !== 'open' || undefined}
      $highlighted={highlighted}
    >
      <Media>
        {picture ? (
          <img
            src={picture}
            alt={a.title}
            {...THUMBNAIL_SIZE}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <Placeholder role="img" aria-label={t('{title}: şəkil əlavə edilməyib', { title: a.title })}>
            <ImageIcon size={36} />
            <span aria-hidden="true">{t('Şəkil yoxdur')}</span>
          </Placeholder>
        )}
      </Media>
      <Body>
        <Badges>
          <Badge $tone={a.type === 'lost' ? 'danger' : 'success'}>{t(TYPE_LABELS[a.type])}</Badge>
          <Badge $tone="primary">{t(CATEGORY_LABELS[a.category])}</Badge>
          {a.status !== 'open' && <Badge $tone="neutral">{t('Bağlanıb')}</Badge>}
          {hasReward && (
            <Badge $tone="reward">
              <GiftIcon size={12} />
              {formatAzn(a.rewardAmount)}
            </Badge>
          )}
        </Badges>
        <Title id={`announcement-${a.id}-title`}>{a.title}</Title>
        <Description>{a.description}</Description>
        {hasReward && (
          <RewardBox>
            <GiftIcon />
            <div>
              <strong>{t('Mükafat təklifi: {amount}', { amount: formatAzn(a.rewardAmount) })}</strong>
              {a.rewardDescription && <span>{a.rewardDescription}</span>}
            </div>
          </RewardBox>
        )}
        <Meta>
          <li>
            <PinIcon />
            <span>{a.location}</span>
            <PlaceChip place={a.place} />
          </li>
          <li>
            <CalendarIcon />
            <time dateTime={a.createdAt}>{formatDate(a.createdAt)}</time>
          </li>
          <li>
            <UserIcon />
            {venue ? (
              <>
                {/* Issue 26: an organisation's item names the venue and links its page. */}
                <Link to={`/t/${venue.slug}`} onClick={(e) => e.stopPropagation()}>
                  {venue.name}
                </Link>
                <VerifiedVenueBadge />
              </>
            ) : (
              <span>{t('Tapıntı istifadəçisi')}</span>
            )}
            {/* Issue 15: the spec's fixed label, with a badge only when the author's e-mail is verified. */}
            {!venue && a.authorVerified && (
              <Badge $tone="success" title={t('Müəllifin e-poçt ünvanı təsdiqlənib')}>
                <CheckIcon size={12} /> {t('Təsdiqlənmiş')}
              </Badge>
            )}
          </li>
        </Meta>
        <Button variant={signedIn ? 'primary' : 'outline'} fullWidth>
          {signedIn ? t('Ətraflı bax') : t('Ətraflı bax (Giriş tələb olunur)')}
        </Button>
      </Body>
    </Article>
  );
}
