import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@tapinti/contracts/event-envelope';
import { formatDateTime } from '@tapinti/contracts/baku-calendar';
import type { Category } from '@tapinti/contracts/announcements-api';
import {
  type DisposalRequest,
  type HandOverRequest,
  INVENTORY_MESSAGES,
  type InventoryItem,
  type InventoryItemDetails,
  type ItemIntakeRequest,
  itemStaffPagePath,
  type LabelSize,
  type ListItemsQuery,
  type StoragePlaceRequest,
} from '@tapinti/contracts/inventory-api';
import {
  handoverReceiptKeyOf,
  itemStreamId,
  registerStreamId,
  storagePlaceStreamId,
} from '@tapinti/contracts/inventory-events';
import { createCommandHandler, decideOnStream } from '@tapinti/eventstore/command-handler';
import { publicUrlOf } from '@tapinti/platform/config';
import { ConflictError, NotFoundError, ValidationError } from '@tapinti/platform/errors';
import type { Caller } from '@tapinti/platform/session';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { type ItemCommand, itemDecider } from '../domain/item';
import type { LabelContent } from '../domain/label-layout';
import { type RegisterCommand, registerDecider } from '../domain/register';
import { storagePlaceDecider } from '../domain/storage-place';
import {
  disposalQueue,
  findItem,
  findItems,
  findStoragePlace,
  listItems,
  organizationNameOf,
  retentionOf,
  settingsOf,
  storagePlaceNameTaken,
  storagePlacesOf,
  writeHandoverDetails,
} from '../store/queries';
import { organizationOf, uuidOf } from './caller-organization';
import { handoverReceiptPdf } from './handover-receipt-pdf';
import { labelsPdf } from './label-pdf';
import { ensureItemAllowed, ensureStoragePlaceAllowed, requirePlanFeature, usageOf } from './plan-limits';

/**
 * Intakes of one organisation at once each retry the counter from a fresh read: more tries than
 * a single stream's default, so a burst of staff logging together is numbered, not refused.
 */
const INTAKE_ATTEMPTS = 10;

/**
 * The register's use cases. Every path names the organisation: its admins and staff act for
 * their own (active) organisation only — another organisation's members are refused (403) before
 * anything of it is read, and an item or place id of another organisation is not found (404)
 * under one's own —, and the super admin reads every organisation's register but changes nothing
 * (the endpoints' `access` leaves the super admin out of every change).
 */
export function createInventory(context: EventSourcedContext) {
  const { knex, es } = context;
  const registers = createCommandHandler(es, registerDecider);
  const places = createCommandHandler(es, storagePlaceDecider);
  const items = createCommandHandler(es, itemDecider);
  const intakes = createCommandHandler(es, itemDecider, INTAKE_ATTEMPTS);

  /** The organisation's place, else 400 on the field (intake and moves name it in the body). */
  async function placeOf(organizationId: string, rawId: string) {
    const id = uuidOf(rawId);
    const place = id ? await findStoragePlace(knex, organizationId, id) : null;
    if (!place) throw new ValidationError(INVENTORY_MESSAGES.storagePlaceNotFound, 'storagePlaceId');
    return place;
  }

  async function itemOf(
    organizationId: string,
    rawItemId: string,
  ): Promise<InventoryItemDetails & { handedOverByName: string | null }> {
    const itemId = uuidOf(rawItemId);
    const item = itemId ? await findItem(knex, organizationId, itemId) : null;
    if (!item) throw new NotFoundError(INVENTORY_MESSAGES.itemNotFound);
    return item;
  }

  /** The hand-over receipt of a returned item whose owner the desk checked: printed, or mailed. */
  async function receiptPdfOf(
    organizationId: string,
    item: InventoryItemDetails & { handedOverByName: string | null },
  ): Promise<Buffer> {
    if (!item.returned || !item.identityCheck) throw new ConflictError(INVENTORY_MESSAGES.receiptNotReady);
    return handoverReceiptPdf({
      organizationName: await organizationNameOf(knex, organizationId),
      item,
      identityCheck: item.identityCheck,
      returnedAt: item.returned.at,
      staffName: item.handedOverByName ?? '',
    });
  }

  /** A command on the organisation's register stream (its settings). */
  async function onRegister(organizationId: string, command: RegisterCommand, metadata: EventMetadata) {
    await registers.handle(
      registerStreamId(organizationId),
      (state) => registerDecider.decide(command, state),
      { ...metadata, organizationId },
    );
  }

  /**
   * A change of one of the organisation's items (a move, a disposal): `commandOf` builds the
   * command once the organisation is known; the item's own stream decides. The item afterwards.
   */
  async function changeItem(
    caller: Caller,
    rawId: string,
    rawItemId: string,
    commandOf: (organizationId: string) => Promise<ItemCommand> | ItemCommand,
    metadata: EventMetadata,
  ): Promise<InventoryItemDetails> {
    const organizationId = organizationOf(caller, rawId);
    const itemId = uuidOf(rawItemId);
    if (!itemId) throw new NotFoundError(INVENTORY_MESSAGES.itemNotFound);
    const command = await commandOf(organizationId);
    await items.handle(itemStreamId(itemId), (state) => itemDecider.decide(command, state), {
      ...metadata,
      organizationId,
    });
    return itemOf(organizationId, itemId);
  }

  /** What an item's label says; the QR code opens its staff page where `PUBLIC_URL` says. */
  const labelOf = (item: InventoryItem): LabelContent => ({
    referenceNumber: item.referenceNumber,
    qrPayload: `${publicUrlOf(context.config)}${itemStaffPagePath(item.id)}`,
    foundAt: formatDateTime(new Date(item.foundAt)),
    storagePlace: item.storagePlace.name,
    title: item.title,
  });

  return {
    settings(caller: Caller, rawId: string) {
      return settingsOf(knex, organizationOf(caller, rawId));
    },

    async setPrefix(caller: Caller, rawId: string, prefix: string, metadata: EventMetadata) {
      const organizationId = organizationOf(caller, rawId);
      await onRegister(
        organizationId,
        { type: 'set-prefix', organizationId, prefix, by: caller.userId, now: context.clock() },
        metadata,
      );
      return settingsOf(knex, organizationId);
    },

    storagePlaces(caller: Caller, rawId: string) {
      return storagePlacesOf(knex, organizationOf(caller, rawId));
    },

    async createStoragePlace(
      caller: Caller,
      rawId: string,
      input: StoragePlaceRequest,
      metadata: EventMetadata,
    ) {
      const organizationId = organizationOf(caller, rawId);
      const storagePlaceId = randomUUID();
      await places.handle(
        storagePlaceStreamId(storagePlaceId),
        async (state, { trx }) => {
          if (await storagePlaceNameTaken(trx, organizationId, input.name, storagePlaceId))
            throw new ConflictError(INVENTORY_MESSAGES.storagePlaceExists);
          await ensureStoragePlaceAllowed(trx, organizationId);
          return storagePlaceDecider.decide(
            {
              type: 'create',
              storagePlaceId,
              organizationId,
              ...input,
              by: caller.userId,
              now: context.clock(),
            },
            state,
          );
        },
        { ...metadata, organizationId },
      );
      return (await findStoragePlace(knex, organizationId, storagePlaceId))!;
    },

    async renameStoragePlace(
      caller: Caller,
      rawId: string,
      rawPlaceId: string,
      name: string,
      metadata: EventMetadata,
    ) {
      const organizationId = organizationOf(caller, rawId);
      const placeId = uuidOf(rawPlaceId);
      if (!placeId) throw new NotFoundError(INVENTORY_MESSAGES.storagePlaceNotFound);
      await places.handle(
        storagePlaceStreamId(placeId),
        async (state, { trx }) =>
          storagePlaceDecider.decide(
            {
              type: 'rename',
              organizationId,
              name,
              nameTaken: await storagePlaceNameTaken(trx, organizationId, name, placeId),
              by: caller.userId,
              now: context.clock(),
            },
            state,
          ),
        { ...metadata, organizationId },
      );
      return (await findStoragePlace(knex, organizationId, placeId))!;
    },

    /**
     * Intake: the register's next number, then the item's `logged` event, in one transaction.
     * The register is appended first: a concurrent intake finds its stream moved on (stale) at
     * once, and the whole decision is retried from a fresh read with the next number.
     */
    async logItem(caller: Caller, rawId: string, input: ItemIntakeRequest, metadata: EventMetadata) {
      const organizationId = organizationOf(caller, rawId);
      const place = await placeOf(organizationId, input.storagePlaceId);
      const itemId = randomUUID();
      const meta = { ...metadata, organizationId };
      await intakes.handle(
        itemStreamId(itemId),
        async (item, uow) => {
          const register = await decideOnStream(
            es,
            registerDecider,
            uow,
            registerStreamId(organizationId),
            (state) => registerDecider.decide({ type: 'issue-number', organizationId, itemId }, state),
            meta,
          );
          await ensureItemAllowed(uow.trx, organizationId, context.clock());
          return itemDecider.decide(
            {
              type: 'log',
              itemId,
              organizationId,
              prefix: register.state.prefix!,
              number: register.state.lastNumber,
              retentionDays: register.state.retentionDays[input.category],
              intake: { ...input, storagePlaceId: place.id },
              by: caller.userId,
              now: context.clock(),
            },
            item,
          );
        },
        meta,
      );
      return itemOf(organizationId, itemId);
    },

    listItems(caller: Caller, rawId: string, query: ListItemsQuery) {
      return listItems(knex, organizationOf(caller, rawId), query);
    },

    getItem(caller: Caller, rawId: string, rawItemId: string) {
      return itemOf(organizationOf(caller, rawId), rawItemId);
    },

    moveItem(caller: Caller, rawId: string, rawItemId: string, rawPlaceId: string, metadata: EventMetadata) {
      return changeItem(
        caller,
        rawId,
        rawItemId,
        async (organizationId) => ({
          type: 'move',
          organizationId,
          toStoragePlaceId: (await placeOf(organizationId, rawPlaceId)).id,
          by: caller.userId,
          now: context.clock(),
        }),
        metadata,
      );
    },

    /**
     * The venue lets a held item go (donated, destroyed, handed to the police or ASAN,
     * transferred); a disposed item is neither moved nor disposed of again (409).
     */
    disposeItem(
      caller: Caller,
      rawId: string,
      rawItemId: string,
      input: DisposalRequest,
      metadata: EventMetadata,
    ) {
      return changeItem(
        caller,
        rawId,
        rawItemId,
        (organizationId) => ({
          type: 'dispose',
          organizationId,
          ...input,
          by: caller.userId,
          now: context.clock(),
        }),
        metadata,
      );
    },

    /**
     * The desk hand-over: the owner's identity checked (document type, last 4 characters), their
     * name as given and the staff member's username kept for the receipt (not events), in the
     * decision's transaction. Unclaimed: returned at once. Claimed: returned when the owner's code
     * is confirmed (the requests service's endpoint and event), before or after this.
     */
    async handOver(
      caller: Caller,
      rawId: string,
      rawItemId: string,
      input: HandOverRequest,
      metadata: EventMetadata,
    ) {
      const organizationId = organizationOf(caller, rawId);
      const itemId = uuidOf(rawItemId);
      if (!itemId) throw new NotFoundError(INVENTORY_MESSAGES.itemNotFound);
      await items.handle(
        itemStreamId(itemId),
        async (state, { trx }) => {
          const events = itemDecider.decide(
            {
              type: 'hand-over',
              organizationId,
              documentType: input.documentType,
              documentLast4: input.documentLast4,
              by: caller.userId,
              now: context.clock(),
            },
            state,
          );
          await writeHandoverDetails(trx, itemId, input.ownerName, caller.username);
          return events;
        },
        { ...metadata, organizationId },
      );
      return itemOf(organizationId, itemId);
    },

    /**
     * E-mails the receipt to the owner of a claimed item: the event names the claim, and the
     * notifications service mails its claimant's account (no address here or in the event). The
     * receipt PDF — the printed one, with the owner's name as given — is stored first, and the
     * event carries its key for the e-mail's attachment (a name never travels in an event).
     */
    async mailHandoverReceipt(caller: Caller, rawId: string, rawItemId: string, metadata: EventMetadata) {
      const organizationId = organizationOf(caller, rawId);
      const item = await itemOf(organizationId, rawItemId);
      const { identityCheck: check, returned } = item;
      if (!returned || !check) throw new ConflictError(INVENTORY_MESSAGES.receiptNotReady);
      if (!returned.requestId) throw new ConflictError(INVENTORY_MESSAGES.receiptMailWalkIn);
      const receiptKey = handoverReceiptKeyOf(item.id);
      await context.storage.put(receiptKey, await receiptPdfOf(organizationId, item), 'application/pdf');
      const { events } = await items.handle(
        itemStreamId(item.id),
        (state) =>
          itemDecider.decide(
            {
              type: 'request-receipt-mail',
              organizationId,
              receipt: {
                referenceNumber: item.referenceNumber,
                category: item.category,
                title: item.title,
                foundArea: item.foundArea,
                foundAt: item.foundAt,
                returnedAt: returned.at,
                documentType: check.documentType,
                documentLast4: check.documentLast4,
                checkedBy: check.by,
                receiptKey,
              },
              by: caller.userId,
              now: context.clock(),
            },
            state,
          ),
        { ...metadata, organizationId },
      );
      return { itemId: item.id, queued: events.length > 0 };
    },

    /** The hand-over receipt, once the item is back with its owner and the desk checked them. */
    async handoverReceipt(caller: Caller, rawId: string, rawItemId: string) {
      const organizationId = organizationOf(caller, rawId);
      const item = await itemOf(organizationId, rawItemId);
      return {
        filename: `tehvil-${item.referenceNumber}.pdf`,
        pdf: await receiptPdfOf(organizationId, item),
      };
    },

    /** The office's usage against its plan (issue 25 point 8). */
    usage(caller: Caller, rawId: string) {
      return usageOf(knex, organizationOf(caller, rawId), context.clock());
    },

    disposalQueue(caller: Caller, rawId: string) {
      return disposalQueue(knex, organizationOf(caller, rawId), context.clock());
    },

    retention(caller: Caller, rawId: string) {
      return retentionOf(knex, organizationOf(caller, rawId));
    },

    /** One category's retention, for items logged afterwards (items held keep their date). */
    async setRetention(
      caller: Caller,
      rawId: string,
      category: Category,
      days: number,
      metadata: EventMetadata,
    ) {
      const organizationId = organizationOf(caller, rawId);
      await onRegister(
        organizationId,
        { type: 'set-retention', organizationId, category, days, by: caller.userId, now: context.clock() },
        metadata,
      );
      return retentionOf(knex, organizationId);
    },

    /** One item's label; read as the item is (another organisation's item: 404). */
    async itemLabel(caller: Caller, rawId: string, rawItemId: string, size: LabelSize) {
      const organizationId = organizationOf(caller, rawId);
      await requirePlanFeature(knex, caller, organizationId, 'labels');
      const item = await itemOf(organizationId, rawItemId);
      return {
        filename: `${item.referenceNumber}.pdf`,
        pdf: await labelsPdf([labelOf(item)], size, item.referenceNumber),
      };
    },

    /**
     * Several items' labels in the order asked; all must be the organisation's, else nothing is
     * printed (400 on `items`: a sheet missing a label is worse than a clear refusal).
     */
    async labels(caller: Caller, rawId: string, itemIds: string[], size: LabelSize) {
      const organizationId = organizationOf(caller, rawId);
      await requirePlanFeature(knex, caller, organizationId, 'labels');
      const found = new Map((await findItems(knex, organizationId, itemIds)).map((i) => [i.id, i]));
      if (found.size < itemIds.length)
        throw new ValidationError(INVENTORY_MESSAGES.labelItemNotFound, 'items');
      const items = itemIds.map((id) => found.get(id)!);
      return {
        filename: `etiketler-${items.length}.pdf`,
        pdf: await labelsPdf(items.map(labelOf), size, items.map((i) => i.referenceNumber).join(', ')),
      };
    },
  };
}
export type Inventory = ReturnType<typeof createInventory>;
