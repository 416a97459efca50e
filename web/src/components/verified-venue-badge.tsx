import { Badge } from './ui/badge';
import { CheckIcon } from './ui/icons';
import { useT } from '../lib/i18n';

/** "Verified venue": an organisation approved by the platform (its page and its items' cards). */
export function VerifiedVenueBadge() {
  const t = useT();
  return (
    <Badge $tone="success" title={t('Tapıntı tərəfindən təsdiqlənmiş təşkilat')}>
      <CheckIcon size={12} aria-hidden="true" /> {t('Təsdiqlənmiş məkan')}
    </Badge>
  );
}
