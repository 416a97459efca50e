import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { CATEGORIES, type Category } from '@tapinti/contracts/announcements-api';
import { referenceNumberOf } from '@tapinti/contracts/inventory-api';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useInventoryItems, type ItemFilters } from '../api/inventory';
import { EXAMPLE_PREFIX } from '../labels';
import { handoverPath } from '../paths';
import { LoadFailed } from './inventory-notices';
import { ItemCards, ItemSummary } from './item-cards';

/** A whole reference number, in any case (`pbv-000123`): looked up as one, not as words. */
const REFERENCE_PATTERN = /^[A-Za-z]{2,5}-[0-9]{1,9}$/;

/**
 * The desk (issue 25 point 6): staff find the owner's item by its reference number (a match opens
 * its hand-over at once), by words of its title or area, or by category. Scanning the label's QR
 * code opens the item's page, which leads to the same hand-over.
 */
export function DeskSearch({
  organizationId,
  categoryLabels,
}: {
  organizationId: string;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<Category | ''>('');
  const [filters, setFilters] = useState<ItemFilters | null>(null);
  const items = useInventoryItems(organizationId, filters ?? {});
  const found = filters ? items.data : undefined;

  // A reference number names one item: go straight to its hand-over.
  // (Only once the answer is this number's: the previous search's answer shows meanwhile.)
  useEffect(() => {
    const only = found?.items.length === 1 ? found.items[0] : undefined;
    if (only && only.referenceNumber === filters?.reference?.toUpperCase()) navigate(handoverPath(only.id));
  }, [filters, found, navigate]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim();
    setFilters(
      REFERENCE_PATTERN.test(typed)
        ? { reference: typed }
        : { q: typed || undefined, category: category || undefined },
    );
  };

  return (
    <Stack $gap={4}>
      <Muted as="p">
        {t(
          'Sahibin əşyasını istinad nömrəsi, adı və ya tapıldığı yerlə tapın. Etiketin QR kodunu telefonla skan etsəniz, əşyanın səhifəsi açılır: oradan da təhvil vermək olar.',
        )}
      </Muted>
      <form role="search" onSubmit={search} aria-label={t('Təhvil üçün əşyanı tap')}>
        <Stack $gap={3}>
          <TextField
            name="deskSearch"
            label={t('İstinad nömrəsi, ad və ya yer')}
            placeholder={referenceNumberOf(EXAMPLE_PREFIX, 123)}
            maxLength={100}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Row $gap={2} style={{ alignItems: 'flex-end' }}>
            <div style={{ flex: '1 1 160px' }}>
              <Select
                name="deskCategory"
                label={t('Kateqoriya')}
                placeholder={t('Hamısı')}
                options={CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }))}
                value={category}
                onChange={(e) => setCategory(e.target.value as Category | '')}
              />
            </div>
            <Button type="submit">{t('Tap')}</Button>
          </Row>
        </Stack>
      </form>
      {!filters ? null : items.error ? (
        <LoadFailed error={items.error} fallback={t('Əşyalar yüklənmədi')} />
      ) : !found ? (
        <Spinner size={28} label={t('Yüklənir...')} />
      ) : found.items.length === 0 ? (
        <Muted role="status">{t('Bu axtarışa uyğun əşya yoxdur.')}</Muted>
      ) : (
        <>
          <Muted role="status">{t('Cəmi: {count}', { count: found.total })}</Muted>
          <ItemCards aria-label={t('Tapılan əşyalar')} data-testid="desk-results">
            {found.items.map((item) => (
              <li key={item.id}>
                <ItemSummary item={item} to={handoverPath(item.id)} categoryLabels={categoryLabels} />
              </li>
            ))}
          </ItemCards>
        </>
      )}
    </Stack>
  );
}
