import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { AnnouncementType, Category } from '@tapinti/contracts/announcements-api';
import type { MapCard } from '@tapinti/contracts/board-map-api';
import { color, font, radius, space } from '../../../components/ui/theme';
import { formatAzn, formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';

/** The announcements' type and category names (the announcements feature's, handed in by the route). */
export interface CardLabels {
  type: Record<AnnouncementType, string>;
  category: Record<Category, string>;
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${space(2)};
`;

const Card = styled.li`
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  padding: ${space(3)};
  display: grid;
  gap: ${space(1)};
  min-width: 0;
  a {
    font-weight: ${font.weight.semibold};
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    font-size: ${font.size.sm};
    color: ${color.muted};
    overflow-wrap: anywhere;
  }
`;

/** A place's newest announcements as small cards, each linking to its own page. */
export function PlaceCards({ cards, labels }: { cards: readonly MapCard[]; labels: CardLabels }) {
  const t = useT();
  return (
    <List>
      {cards.map((card) => (
        <Card key={card.id} data-testid="map-card">
          <Link to={`/elan/${encodeURIComponent(card.id)}`}>{card.title}</Link>
          <p>
            {t(labels.type[card.type])} · {t(labels.category[card.category])}
            {card.rewardAmount > 0 && ` · ${t('Mükafat')}: ${formatAzn(card.rewardAmount)}`}
          </p>
          <p>
            {card.location} · {formatDate(card.createdAt)}
          </p>
        </Card>
      ))}
    </List>
  );
}
