import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import {
  INVENTORY_ENDPOINTS,
  type DisposalQueue,
  type DisposalRequest,
  type HandOverRequest,
  type InventoryItemDetails,
  type InventoryItemPage,
  type InventorySettings,
  type ItemIntakeRequest,
  type LabelSize,
  type Retention,
  type StoragePlace,
  type StoragePlaceRequest,
} from '@tapinti/contracts/inventory-api';
import type { Category } from '@tapinti/contracts/announcements-api';
import type { ItemState } from '@tapinti/contracts/inventory-events';
import { callEndpoint } from '../../../lib/api-endpoint';
import { apiPath } from '../../../lib/api-path';

const E = INVENTORY_ENDPOINTS;

export const inventorySettingsKey = (id: string) => apiPath(E.getSettings.path, { id });

/** GET …/inventory/settings: the reference prefix (null until an admin sets it). */
export function useInventorySettings(id: string) {
  return useSWR<InventorySettings>(inventorySettingsKey(id), (url: string) =>
    callEndpoint(E.getSettings, { url }),
  );
}

/** PUT …/inventory/prefix (admins). */
export function useSetPrefix(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `PUT ${E.setPrefix.path} ${id}`,
    (_key: string, { arg }: { arg: string }) =>
      callEndpoint(E.setPrefix, { params: { id }, body: { prefix: arg } }),
    { onSuccess: (settings) => void mutate(inventorySettingsKey(id), settings, { revalidate: false }) },
  );
}

export const storagePlacesKey = (id: string) => apiPath(E.listStoragePlaces.path, { id });

/** GET …/inventory/storage-places, by name. */
export function useStoragePlaces(id: string) {
  return useSWR<StoragePlace[]>(storagePlacesKey(id), (url: string) =>
    callEndpoint(E.listStoragePlaces, { url }),
  );
}

/** POST …/storage-places, or PUT …/storage-places/:placeId with `placeId` (admins). */
export function useSaveStoragePlace(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `SAVE ${E.listStoragePlaces.path} ${id}`,
    (_key: string, { arg }: { arg: StoragePlaceRequest & { placeId?: string } }) =>
      arg.placeId
        ? callEndpoint(E.renameStoragePlace, {
            params: { id, placeId: arg.placeId },
            body: { name: arg.name },
          })
        : callEndpoint(E.createStoragePlace, { params: { id }, body: { name: arg.name, kind: arg.kind } }),
    { onSuccess: () => void mutate(storagePlacesKey(id)) },
  );
}

export interface ItemFilters {
  state?: ItemState | '';
  storagePlaceId?: string;
  reference?: string;
  /** Words in the title or the area. */
  q?: string;
  category?: Category | '';
  page?: number;
}

/** Every cached item list of the organisation (any filter or page; not an item's page): read again after a change. */
const isItemListKey = (id: string) => (key: unknown) =>
  typeof key === 'string' && key.startsWith(`${apiPath(E.listItems.path, { id })}?`);

/** GET …/inventory/items with the API's filters and paging, newest first. */
export function useInventoryItems(id: string, filters: ItemFilters) {
  const url = apiPath(E.listItems.path, { id }, { ...filters, page: filters.page ?? 1 });
  return useSWR<InventoryItemPage>(url, (key: string) => callEndpoint(E.listItems, { url: key }), {
    keepPreviousData: true,
  });
}

export const inventoryItemKey = (id: string, itemId: string) => apiPath(E.getItem.path, { id, itemId });

/**
 * GET …/inventory/items/:itemId: the item and its whole custody, oldest first. `refreshInterval`
 * while waiting for an event to change it (a claim's code returns it through the requests service).
 */
export function useInventoryItem(id: string, itemId: string, refreshInterval = 0) {
  return useSWR<InventoryItemDetails>(
    inventoryItemKey(id, itemId),
    (url: string) => callEndpoint(E.getItem, { url }),
    { refreshInterval },
  );
}

/** After a change to an item: its page gets the answer, lists and the queue are read again. */
function useItemChanged(id: string) {
  const { mutate } = useSWRConfig();
  return (item: InventoryItemDetails) => {
    void mutate(inventoryItemKey(id, item.id), item, { revalidate: false });
    void mutate(isItemListKey(id));
    void mutate(disposalQueueKey(id));
  };
}

/** POST …/inventory/items: intake; the answer carries the reference number. */
export function useLogItem(id: string) {
  const changed = useItemChanged(id);
  return useSWRMutation(
    `POST ${E.logItem.path} ${id}`,
    (_key: string, { arg }: { arg: ItemIntakeRequest }) =>
      callEndpoint(E.logItem, { params: { id }, body: arg }),
    { onSuccess: changed },
  );
}

/** POST …/inventory/items/:itemId/moves */
export function useMoveItem(id: string, itemId: string) {
  const changed = useItemChanged(id);
  return useSWRMutation(
    `POST ${E.moveItem.path} ${itemId}`,
    (_key: string, { arg }: { arg: string }) =>
      callEndpoint(E.moveItem, { params: { id, itemId }, body: { storagePlaceId: arg } }),
    { onSuccess: changed },
  );
}

/** POST …/inventory/items/:itemId/disposal */
export function useDisposeItem(id: string, itemId: string) {
  const changed = useItemChanged(id);
  return useSWRMutation(
    `POST ${E.disposeItem.path} ${itemId}`,
    (_key: string, { arg }: { arg: DisposalRequest }) =>
      callEndpoint(E.disposeItem, { params: { id, itemId }, body: arg }),
    { onSuccess: changed },
  );
}

/** POST …/inventory/items/:itemId/handover: the desk's identity check (document type, last 4 only). */
export function useHandOverItem(id: string, itemId: string) {
  const changed = useItemChanged(id);
  return useSWRMutation(
    `POST ${E.handOverItem.path} ${itemId}`,
    (_key: string, { arg }: { arg: HandOverRequest }) =>
      callEndpoint(E.handOverItem, { params: { id, itemId }, body: arg }),
    { onSuccess: changed },
  );
}

/** POST …/items/:itemId/handover-receipt/email: to the claimant's account (a claimed item only). */
export function useMailHandoverReceipt(id: string, itemId: string) {
  return useSWRMutation(`POST ${E.mailHandoverReceipt.path} ${itemId}`, () =>
    callEndpoint(E.mailHandoverReceipt, { params: { id, itemId } }),
  );
}

/** The hand-over receipt PDF, opened in a new tab like labels (same origin: the session goes with it). */
export const handoverReceiptUrl = (id: string, itemId: string) =>
  apiPath(E.handoverReceipt.path, { id, itemId });

export const disposalQueueKey = (id: string) => apiPath(E.disposalQueue.path, { id });

/** GET …/inventory/disposal-queue: due within 3 days or overdue, the longest due first. */
export function useDisposalQueue(id: string) {
  return useSWR<DisposalQueue>(disposalQueueKey(id), (url: string) => callEndpoint(E.disposalQueue, { url }));
}

export const retentionKey = (id: string) => apiPath(E.getRetention.path, { id });

/** GET …/inventory/retention (admins). */
export function useRetention(id: string) {
  return useSWR<Retention>(retentionKey(id), (url: string) => callEndpoint(E.getRetention, { url }));
}

/** PUT …/inventory/retention: one category's days (admins). */
export function useSetRetention(id: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    `PUT ${E.setRetention.path} ${id}`,
    (_key: string, { arg }: { arg: { category: Category; days: number } }) =>
      callEndpoint(E.setRetention, { params: { id }, body: arg }),
    { onSuccess: (retention) => void mutate(retentionKey(id), retention, { revalidate: false }) },
  );
}

/**
 * Where a label PDF is served: one item's (62 mm roll by default) or several items' (A4 sheet).
 * Same origin, so the session cookie goes with it when a new tab opens it.
 */
export const itemLabelUrl = (id: string, itemId: string, size: LabelSize) =>
  apiPath(E.itemLabel.path, { id, itemId }, { size });

export const labelsUrl = (id: string, itemIds: readonly string[], size: LabelSize) =>
  apiPath(E.labels.path, { id }, { items: itemIds.join(','), size });
