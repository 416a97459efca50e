import type { Express } from 'express';
import { INVENTORY_ENDPOINTS } from '@tapinti/contracts/inventory-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Inventory } from '../application/inventory';

/** parse → use case → answer; the contracts in `INVENTORY_ENDPOINTS` parse and serialise. */
export function routes(app: Express, inventory: Inventory): void {
  mountEndpoints(app, INVENTORY_ENDPOINTS, {
    getSettings: ({ params, caller }) => inventory.settings(caller, params.id),
    setPrefix: ({ params, body, caller, req }) =>
      inventory.setPrefix(caller, params.id, body.prefix, requestMetadata(req)),
    listStoragePlaces: ({ params, caller }) => inventory.storagePlaces(caller, params.id),
    createStoragePlace: ({ params, body, caller, req }) =>
      inventory.createStoragePlace(caller, params.id, body, requestMetadata(req)),
    renameStoragePlace: ({ params, body, caller, req }) =>
      inventory.renameStoragePlace(caller, params.id, params.placeId, body.name, requestMetadata(req)),
    logItem: ({ params, body, caller, req }) =>
      inventory.logItem(caller, params.id, body, requestMetadata(req)),
    listItems: ({ params, query, caller }) => inventory.listItems(caller, params.id, query),
    getItem: ({ params, caller }) => inventory.getItem(caller, params.id, params.itemId),
    moveItem: ({ params, body, caller, req }) =>
      inventory.moveItem(caller, params.id, params.itemId, body.storagePlaceId, requestMetadata(req)),
  });
}
