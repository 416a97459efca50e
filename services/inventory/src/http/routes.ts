import type { Express, Response } from 'express';
import { INVENTORY_ENDPOINTS } from '@tapinti/contracts/inventory-api';
import { INVENTORY_PLAN_ENDPOINTS } from '@tapinti/contracts/plans-api';
import { requestMetadata } from '@tapinti/eventstore/request-metadata';
import { mountEndpoints } from '@tapinti/platform/endpoint-route';
import type { Inventory } from '../application/inventory';

/** A PDF the browser shows in its own viewer (inline), so printing does not leave the page. */
export function sendPdf(res: Response, { filename, pdf }: { filename: string; pdf: Buffer }): void {
  res.writeHead(200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Content-Length': pdf.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(pdf);
}

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
    disposeItem: ({ params, body, caller, req }) =>
      inventory.disposeItem(caller, params.id, params.itemId, body, requestMetadata(req)),
    handOverItem: ({ params, body, caller, req }) =>
      inventory.handOver(caller, params.id, params.itemId, body, requestMetadata(req)),
    mailHandoverReceipt: ({ params, caller, req }) =>
      inventory.mailHandoverReceipt(caller, params.id, params.itemId, requestMetadata(req)),
    handoverReceipt: async ({ params, caller, res }) =>
      sendPdf(res, await inventory.handoverReceipt(caller, params.id, params.itemId)),
    disposalQueue: ({ params, caller }) => inventory.disposalQueue(caller, params.id),
    getRetention: ({ params, caller }) => inventory.retention(caller, params.id),
    setRetention: ({ params, body, caller, req }) =>
      inventory.setRetention(caller, params.id, body.category, body.days, requestMetadata(req)),
    itemLabel: async ({ params, query, caller, res }) =>
      sendPdf(res, await inventory.itemLabel(caller, params.id, params.itemId, query.size)),
    labels: async ({ params, query, caller, res }) =>
      sendPdf(res, await inventory.labels(caller, params.id, query.items, query.size)),
  });
  mountEndpoints(app, INVENTORY_PLAN_ENDPOINTS, {
    inventoryUsage: ({ params, caller }) => inventory.usage(caller, params.id),
  });
}
