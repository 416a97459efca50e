import type { InventoryItemDetails, StoragePlace } from '@tapinti/contracts/inventory-api';
import { IDS } from './fixtures';

export const PLACE_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const SAFE_ID = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
export const ITEM_ID = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const base = `/api/organizations/${IDS.organization}/inventory`;

export const place = (overrides: Partial<StoragePlace> = {}): StoragePlace => ({
  id: PLACE_ID,
  organizationId: IDS.organization,
  name: 'Rəf A',
  kind: 'shelf',
  createdAt: '2026-11-01T09:00:00.000Z',
  ...overrides,
});

export const item = (overrides: Partial<InventoryItemDetails> = {}): InventoryItemDetails => ({
  id: ITEM_ID,
  organizationId: IDS.organization,
  referenceNumber: 'PBV-000123',
  state: 'stored',
  category: 'phones',
  title: 'Mobil telefon',
  foundArea: 'Lobbi',
  foundAt: '2026-11-20T10:00:00.000Z',
  foundBy: 'nigar',
  valuable: false,
  listedWithoutDetails: true,
  listedPublicly: true,
  photoUrls: [],
  storagePlace: { id: PLACE_ID, name: 'Rəf A', kind: 'shelf' },
  disposeAfter: '2026-12-20T10:00:00.000Z',
  disposal: null,
  announcementId: ITEM_ID,
  claim: null,
  returned: null,
  identityCheck: null,
  loggedBy: IDS.admin,
  loggedAt: '2026-11-20T10:05:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  custody: [
    {
      kind: 'logged',
      by: IDS.admin,
      at: '2026-11-20T10:05:00.000Z',
      from: null,
      to: { id: PLACE_ID, name: 'Rəf A', kind: 'shelf' },
    },
  ],
  ...overrides,
});
