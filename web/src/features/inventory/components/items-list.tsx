import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Category } from '@tapinti/contracts/announcements-api';
import { referenceNumberOf } from '@tapinti/contracts/inventory-api';
import { ITEM_STATES, type ItemState } from '@tapinti/contracts/inventory-events';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Muted, Row, Stack } from '../../../components/ui/layout';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useT } from '../../../lib/i18n';
import { useInventoryItems, useStoragePlaces, type ItemFilters } from '../api/inventory';
import { EXAMPLE_PREFIX, ITEM_STATE_LABELS } from '../labels';
import { itemPath } from '../paths';
import { LabelLinks, LoadFailed } from './inventory-notices';
import { ItemCards, ItemSummary } from './item-cards';

const STATES: readonly string[] = ITEM_STATES;

/** `?state=` (absent: held; `all`: every state), `place`, `reference`, `page`. */
function filtersOf(params: URLSearchParams): ItemFilters {
  const state = params.get('state');
  const page = Number(params.get('page'));
  return {
    state: state === 'all' ? '' : state && STATES.includes(state) ? (state as ItemState) : 'stored',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    storagePlaceId: params.get('place') ?? undefined,
    reference: params.get('reference') ?? undefined,
  };
}

function paramsOf(f: ItemFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.state !== 'stored') params.set('state', f.state || 'all');
  if (f.storagePlaceId) params.set('place', f.storagePlaceId);
  if (f.reference) params.set('reference', f.reference);
  if (f.page && f.page > 1) params.set('page', String(f.page));
  return params;
}

/** The register: the API's filters (state, place, reference number) and pages; several selected → A4 labels. */
export function ItemsList({
  organizationId,
  categoryLabels,
}: {
  organizationId: string;
  categoryLabels: Record<Category, string>;
}) {
  const t = useT();
  // The filters live in the query string: Back and a shared link keep them.
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const setFilters = (next: (f: ItemFilters) => ItemFilters) => setParams(paramsOf(next(filters)));
  const [reference, setReference] = useState(filters.reference ?? '');
  useEffect(() => setReference(filters.reference ?? ''), [filters.reference]);
  const [selected, setSelected] = useState<string[]>([]);
  const places = useStoragePlaces(organizationId);
  const items = useInventoryItems(organizationId, filters);
  const change = (next: Partial<ItemFilters>) => setFilters((f) => ({ ...f, page: 1, ...next }));
  const toggle = (id: string, on: boolean) =>
    setSelected((all) => (on ? [...all.filter((x) => x !== id), id] : all.filter((x) => x !== id)));
  const search = (event: FormEvent) => {
    event.preventDefault();
    change({ reference: reference.trim() });
  };
  const page = items.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.pageSize)) : 1;

  return (
    <Stack $gap={4}>
      <Row $gap={3} style={{ alignItems: 'flex-end' }}>
        <div style={{ flex: '1 1 140px' }}>
          <Select
            name="state"
            label={t('Vəziyyət')}
            placeholder={t('Hamısı')}
            options={ITEM_STATES.map((s) => ({ value: s, label: ITEM_STATE_LABELS[s] }))}
            value={filters.state ?? ''}
            onChange={(e) => change({ state: e.target.value as ItemState | '' })}
          />
        </div>
        <div style={{ flex: '1 1 140px' }}>
          <Select
            name="storagePlaceId"
            label={t('Saxlama yeri')}
            placeholder={t('Hamısı')}
            options={(places.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            value={filters.storagePlaceId ?? ''}
            onChange={(e) => change({ storagePlaceId: e.target.value })}
          />
        </div>
        <form
          role="search"
          onSubmit={search}
          style={{ flex: '2 1 220px' }}
          aria-label={t('İstinad nömrəsi ilə axtar')}
        >
          <Row $gap={2} $wrap={false} style={{ alignItems: 'flex-end' }}>
            <TextField
              name="reference"
              label={t('İstinad nömrəsi')}
              placeholder={referenceNumberOf(EXAMPLE_PREFIX, 123)}
              maxLength={20}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
            <Button type="submit" variant="outline">
              {t('Axtar')}
            </Button>
          </Row>
        </form>
      </Row>
      {selected.length > 0 && (
        <Row $gap={2}>
          <LabelLinks organizationId={organizationId} itemIds={selected} sizes={['a4']} />
          <Button variant="ghost" onClick={() => setSelected([])}>
            {t('Seçimi təmizlə')}
          </Button>
        </Row>
      )}
      {items.error ? (
        <LoadFailed error={items.error} fallback={t('Əşyalar yüklənmədi')} />
      ) : !page ? (
        <Spinner size={28} label={t('Yüklənir...')} />
      ) : page.items.length === 0 ? (
        <Muted>{t('Bu süzgəcə uyğun əşya yoxdur.')}</Muted>
      ) : (
        <>
          <Muted aria-live="polite">{t('Cəmi: {count}', { count: page.total })}</Muted>
          <ItemCards aria-label={t('Əşyalar')} data-testid="inventory-items">
            {page.items.map((item) => (
              <li key={item.id}>
                <input
                  type="checkbox"
                  aria-label={t('Etiket üçün seç: {reference}', { reference: item.referenceNumber })}
                  checked={selected.includes(item.id)}
                  onChange={(e) => toggle(item.id, e.target.checked)}
                />
                <ItemSummary item={item} to={itemPath(item.id)} categoryLabels={categoryLabels} withPlace />
              </li>
            ))}
          </ItemCards>
          {pages > 1 && (
            <Row $justify="space-between" as="nav" aria-label={t('Səhifələr')}>
              <Button
                variant="outline"
                disabled={page.page <= 1}
                onClick={() => setFilters((f) => ({ ...f, page: page.page - 1 }))}
              >
                {t('Əvvəlki')}
              </Button>
              <span>{t('Səhifə {page}/{pages}', { page: page.page, pages })}</span>
              <Button
                variant="outline"
                disabled={page.page >= pages}
                onClick={() => setFilters((f) => ({ ...f, page: page.page + 1 }))}
              >
                {t('Növbəti')}
              </Button>
            </Row>
          )}
        </>
      )}
    </Stack>
  );
}
