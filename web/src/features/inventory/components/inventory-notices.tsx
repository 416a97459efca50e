import { Link } from 'react-router-dom';
import { INVENTORY_MESSAGES, type LabelSize } from '@tapinti/contracts/inventory-api';
import { AnchorButton } from '../../../components/ui/button';
import { Alert, Row } from '../../../components/ui/layout';
import { errorMessage } from '../../../lib/api-client';
import { msg, useT } from '../../../lib/i18n';
import { itemLabelUrl, labelsUrl } from '../api/inventory';
import { INVENTORY_PATHS } from '../paths';

/** A read that failed: the server's refusal (another organisation, a deactivated one…) translated. */
export function LoadFailed({ error, fallback }: { error: unknown; fallback: string }) {
  const t = useT();
  return (
    <Alert role="alert">
      <p>{t(errorMessage(error, fallback))}</p>
    </Alert>
  );
}

/** Intake needs the reference prefix: admins get the way to set it, staff whom to ask. */
export function PrefixMissing({ isAdmin }: { isAdmin: boolean }) {
  const t = useT();
  return (
    <Alert role="alert" data-testid="prefix-missing">
      <p>{t(INVENTORY_MESSAGES.prefixNotSet)}</p>
      {isAdmin ? (
        <p>
          <Link to={INVENTORY_PATHS.settings}>{t('Prefiksi ayarlarda təyin edin')}</Link>
        </p>
      ) : (
        <p>{t('Təşkilatınızın adminindən prefiksi təyin etməsini xahiş edin.')}</p>
      )}
    </Alert>
  );
}

const SIZES: { size: LabelSize; label: string }[] = [
  { size: '62mm', label: msg('Etiketi çap et (62 mm)') },
  { size: 'a4', label: msg('Etiketi çap et (A4)') },
];

/**
 * The label PDF in a new tab (the browser's viewer prints it): the page staff are on stays as it
 * is. Same origin, so the session cookie goes with it.
 */
export function LabelLinks({
  organizationId,
  itemIds,
  sizes = ['62mm', 'a4'],
}: {
  organizationId: string;
  itemIds: readonly string[];
  sizes?: readonly LabelSize[];
}) {
  const t = useT();
  const one = itemIds.length === 1 ? itemIds[0] : undefined;
  return (
    <Row $gap={2}>
      {SIZES.filter((s) => sizes.includes(s.size)).map(({ size, label }) => (
        <AnchorButton
          key={size}
          variant={size === '62mm' ? 'primary' : 'outline'}
          href={one ? itemLabelUrl(organizationId, one, size) : labelsUrl(organizationId, itemIds, size)}
          target="_blank"
          rel="noopener"
          data-testid={`label-${size}`}
        >
          {one ? t(label) : t('Seçilmiş etiketləri çap et ({count}, A4)', { count: itemIds.length })}
        </AnchorButton>
      ))}
    </Row>
  );
}
