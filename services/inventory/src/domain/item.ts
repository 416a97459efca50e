import type { Category } from '@tapinti/contracts/announcements-api';
import {
  FOUND_AT_CLOCK_SKEW_MS,
  INVENTORY_MESSAGES,
  listedWithoutDetails,
  referenceNumberOf,
} from '@tapinti/contracts/inventory-api';
import { DAY_MS } from '@tapinti/contracts/baku-calendar';
import {
  type DisposalWay,
  type IdentityDocumentType,
  INVENTORY_EVENTS,
  type ItemClaimedV1,
  type ItemDisposedV1,
  type ItemIdentityCheckedV1,
  type ItemReceiptMailRequestedV2,
  type ItemReturnedV1,
  type ItemLoggedV1,
  type ItemLoggedV3,
  type ItemMovedV1,
  type ItemState,
} from '@tapinti/contracts/inventory-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, NotFoundError, ValidationError } from '@tapinti/platform/errors';

/** A found item the organisation holds: where it is kept and in which state of its life. */
export interface HeldItemState {
  id: string;
  organizationId: string;
  storagePlaceId: string;
  state: ItemState;
  /** The accepted claim on its listing, if any. */
  requestId: string | null;
  /** The desk checked the owner's identity. */
  identityChecked: boolean;
  /** The receipt's e-mail to the owner was asked for (once is enough). */
  receiptMailRequested: boolean;
}

export interface ItemIntake {
  category: Category;
  title: string;
  foundArea: string;
  /** Absent: now. */
  foundAt?: string;
  foundBy?: string;
  valuable: boolean;
  /** Absent: listed. */
  listPublicly?: boolean;
  photoUrls: string[];
  storagePlaceId: string;
}

export type ItemCommand =
  | {
      type: 'log';
      itemId: string;
      organizationId: string;
      prefix: string;
      number: number;
      /** The organisation's retention of the item's category now (the register's). */
      retentionDays: number;
      intake: ItemIntake;
      by: string;
      now: Date;
    }
  | { type: 'move'; organizationId: string; toStoragePlaceId: string; by: string; now: Date }
  /** A claim on its listing was accepted (the requests service's event); `by` who accepted it. */
  | { type: 'claim'; requestId: string; by: string; now: Date }
  /** The owner's hand-over code of that claim was confirmed (the requests service's event). */
  | { type: 'return-by-code'; requestId: string; by: string; now: Date }
  /**
   * The desk hand-over: the owner's identity checked (document type, last 4 characters). An
   * unclaimed item is returned at once; a claimed one when its owner's code is confirmed.
   */
  | {
      type: 'hand-over';
      organizationId: string;
      documentType: IdentityDocumentType;
      documentLast4: string;
      by: string;
      now: Date;
    }
  /**
   * E-mail the receipt to the owner of a claimed item (the claimant's account); `receipt` the
   * facts the e-mail states, read from the item as it stands, and the key of the stored receipt PDF
   * it attaches. A second request appends nothing.
   */
  | {
      type: 'request-receipt-mail';
      organizationId: string;
      receipt: Omit<
        ItemReceiptMailRequestedV2,
        'itemId' | 'organizationId' | 'requestId' | 'requestedBy' | 'requestedAt'
      >;
      by: string;
      now: Date;
    }
  | {
      type: 'dispose';
      organizationId: string;
      way: DisposalWay;
      /** For `transferred` only (the request's schema makes sure). */
      receivingOrganization?: string;
      note?: string;
      by: string;
      now: Date;
    };

/** The item of this organisation (else not found). */
function itemOf(state: HeldItemState | null, organizationId: string): HeldItemState {
  if (!state || state.organizationId !== organizationId)
    throw new NotFoundError(INVENTORY_MESSAGES.itemNotFound);
  return state;
}

/** The item of this organisation while it is in one of `states` (else 409). */
function itemIn(
  state: HeldItemState | null,
  organizationId: string,
  states: readonly ItemState[],
): HeldItemState {
  const item = itemOf(state, organizationId);
  if (!states.includes(item.state)) throw new ConflictError(INVENTORY_MESSAGES.notStored);
  return item;
}

function returned(item: HeldItemState, requestId: string | null, by: string, now: Date): NewEvent {
  const payload: ItemReturnedV1 = {
    itemId: item.id,
    organizationId: item.organizationId,
    requestId,
    returnedBy: by,
    returnedAt: now.toISOString(),
  };
  return { type: INVENTORY_EVENTS.itemReturned, schemaVersion: 1, payload };
}

export const itemDecider: Decider<HeldItemState | null, ItemCommand> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      // v1, v2 and v3 alike (v2 adds the retention, v3 the public listing choice).
      case INVENTORY_EVENTS.itemLogged: {
        const p = event.payload as ItemLoggedV1;
        return {
          id: p.itemId,
          organizationId: p.organizationId,
          storagePlaceId: p.storagePlaceId,
          state: 'stored',
          requestId: null,
          identityChecked: false,
          receiptMailRequested: false,
        };
      }
      case INVENTORY_EVENTS.itemMoved:
        return state && { ...state, storagePlaceId: (event.payload as ItemMovedV1).toStoragePlaceId };
      case INVENTORY_EVENTS.itemDisposed:
        return state && { ...state, state: 'disposed' };
      case INVENTORY_EVENTS.itemClaimed:
        return state && { ...state, state: 'claimed', requestId: (event.payload as ItemClaimedV1).requestId };
      case INVENTORY_EVENTS.itemIdentityChecked:
        return state && { ...state, identityChecked: true };
      case INVENTORY_EVENTS.itemReturned:
        return state && { ...state, state: 'returned' };
      case INVENTORY_EVENTS.itemReceiptMailRequested:
        return state && { ...state, receiptMailRequested: true };
      default:
        return state;
    }
  },
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'log': {
        if (state) throw new ConflictError(INVENTORY_MESSAGES.itemNotFound);
        const { intake, now } = command;
        const foundAt = intake.foundAt ? new Date(intake.foundAt) : now;
        if (foundAt.getTime() > now.getTime() + FOUND_AT_CLOCK_SKEW_MS)
          throw new ValidationError(INVENTORY_MESSAGES.foundAtInFuture, 'foundAt');
        const payload: ItemLoggedV3 = {
          itemId: command.itemId,
          organizationId: command.organizationId,
          number: command.number,
          referenceNumber: referenceNumberOf(command.prefix, command.number),
          category: intake.category,
          title: intake.title,
          foundArea: intake.foundArea,
          foundAt: foundAt.toISOString(),
          foundBy: intake.foundBy ?? null,
          valuable: intake.valuable,
          listedWithoutDetails: listedWithoutDetails(intake.category, intake.valuable),
          photoUrls: intake.photoUrls,
          storagePlaceId: intake.storagePlaceId,
          loggedBy: command.by,
          loggedAt: now.toISOString(),
          retentionDays: command.retentionDays,
          // Retention counts from when it was found: an item logged days late is due as early.
          disposeAfter: new Date(foundAt.getTime() + command.retentionDays * DAY_MS).toISOString(),
          listedPublicly: intake.listPublicly ?? true,
        };
        return [{ type: INVENTORY_EVENTS.itemLogged, schemaVersion: 3, payload }];
      }
      case 'move': {
        // A claimed item waits for its owner on a shelf too, and may be moved.
        const item = itemIn(state, command.organizationId, ['stored', 'claimed']);
        if (item.storagePlaceId === command.toStoragePlaceId)
          throw new ConflictError(INVENTORY_MESSAGES.alreadyThere);
        const payload: ItemMovedV1 = {
          itemId: item.id,
          organizationId: item.organizationId,
          fromStoragePlaceId: item.storagePlaceId,
          toStoragePlaceId: command.toStoragePlaceId,
          movedBy: command.by,
          movedAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.itemMoved, schemaVersion: 1, payload }];
      }
      case 'dispose': {
        const item = itemIn(state, command.organizationId, ['stored']);
        const payload: ItemDisposedV1 = {
          itemId: item.id,
          organizationId: item.organizationId,
          way: command.way,
          receivingOrganization:
            command.way === 'transferred' ? (command.receivingOrganization ?? null) : null,
          note: command.note ?? null,
          storagePlaceId: item.storagePlaceId,
          disposedBy: command.by,
          disposedAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.itemDisposed, schemaVersion: 1, payload }];
      }
      case 'claim': {
        // Not an item (any other announcement's claim), or no longer held: nothing.
        if (!state || state.state !== 'stored') return [];
        const payload: ItemClaimedV1 = {
          itemId: state.id,
          organizationId: state.organizationId,
          requestId: command.requestId,
          claimedBy: command.by,
          claimedAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.itemClaimed, schemaVersion: 1, payload }];
      }
      case 'return-by-code': {
        if (!state || (state.state !== 'stored' && state.state !== 'claimed')) return [];
        return [returned(state, command.requestId, command.by, command.now)];
      }
      case 'hand-over': {
        const item = itemOf(state, command.organizationId);
        if (item.state === 'disposed') throw new ConflictError(INVENTORY_MESSAGES.notHandedOver);
        if (item.identityChecked) throw new ConflictError(INVENTORY_MESSAGES.alreadyHandedOver);
        // Returned without a claim is always after a desk check; returned by a claim's code may
        // still have its check recorded.
        const payload: ItemIdentityCheckedV1 = {
          itemId: item.id,
          organizationId: item.organizationId,
          requestId: item.requestId,
          documentType: command.documentType,
          documentLast4: command.documentLast4,
          checkedBy: command.by,
          checkedAt: command.now.toISOString(),
        };
        const checked: NewEvent = { type: INVENTORY_EVENTS.itemIdentityChecked, schemaVersion: 1, payload };
        return item.state === 'stored' ? [checked, returned(item, null, command.by, command.now)] : [checked];
      }
      case 'request-receipt-mail': {
        const item = itemOf(state, command.organizationId);
        if (item.state !== 'returned' || !item.identityChecked)
          throw new ConflictError(INVENTORY_MESSAGES.receiptNotReady);
        // A walk-in owner has no account here: the desk prints their receipt (README: why).
        if (!item.requestId) throw new ConflictError(INVENTORY_MESSAGES.receiptMailWalkIn);
        if (item.receiptMailRequested) return [];
        const payload: ItemReceiptMailRequestedV2 = {
          itemId: item.id,
          organizationId: item.organizationId,
          requestId: item.requestId,
          ...command.receipt,
          requestedBy: command.by,
          requestedAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.itemReceiptMailRequested, schemaVersion: 2, payload }];
      }
    }
  },
};
