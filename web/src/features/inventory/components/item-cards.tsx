import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Category } from '@tapinti/contracts/announcements-api';
import type { InventoryItem } from '@tapinti/contracts/inventory-api';
import { Badge } from '../../../components/ui/badge';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { color, font, radius, space } from '../../../components/ui/theme';
import { formatDateTime } from '../../../lib/dates';
import { useT } from '../../../lib/i18n';
import { ITEM_STATE_LABELS } from '../labels';

/** The office's lists of items (register, desk, disposal queue): one bordered card per item. */
export const ItemCards = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${space(3)};
    align-items: flex-start;
    padding: ${space(3)};
    border: 1px solid ${color.border};
    border-radius: ${radius.md};
    background: ${color.surface};
    min-width: 0;
    overflow-wrap: anywhere;
  }
  a {
    font-weight: ${font.weight.bold};
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

/** An item on its card: its reference number linking to `to`, state, title, category, where and when found. */
export function ItemSummary({
  item,
  to,
  categoryLabels,
  withPlace = false,
}: {
  item: InventoryItem;
  to: string;
  categoryLabels: Record<Category, string>;
  /** The storage place before the area (the register; the desk shows where it was found only). */
  withPlace?: boolean;
}) {
  const t = useT();
  return (
    <Stack $gap={1}>
      <Row $gap={2}>
        <Link to={to}>{item.referenceNumber}</Link>
        <Badge $tone={item.state === 'stored' ? 'primary' : 'neutral'}>
          {t(ITEM_STATE_LABELS[item.state])}
        </Badge>
      </Row>
      <p>
        {item.title} · {t(categoryLabels[item.category])}
      </p>
      <Muted as="p">
        {withPlace ? `${item.storagePlace.name} · ` : ''}
        {item.foundArea} · {formatDateTime(item.foundAt)}
      </Muted>
    </Stack>
  );
}
