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
  INVENTORY_EVENTS,
  type ItemDisposedV1,
  type ItemLoggedV1,
  type ItemLoggedV2,
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
}

export interface ItemIntake {
  category: Category;
  title: string;
  foundArea: string;
  /** Absent: now. */
  foundAt?: string;
  foundBy?: string;
  valuable: boolean;
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

/** The item of this organisation (else not found) while it is held (else 409). */
function storedItem(state: HeldItemState | null, organizationId: string): HeldItemState {
  if (!state || state.organizationId !== organizationId)
    throw new NotFoundError(INVENTORY_MESSAGES.itemNotFound);
  if (state.state !== 'stored') throw new ConflictError(INVENTORY_MESSAGES.notStored);
  return state;
}

export const itemDecider: Decider<HeldItemState | null, ItemCommand> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      // v1 and v2 alike (v2 adds the retention).
      case INVENTORY_EVENTS.itemLogged: {
        const p = event.payload as ItemLoggedV1;
        return {
          id: p.itemId,
          organizationId: p.organizationId,
          storagePlaceId: p.storagePlaceId,
          state: 'stored',
        };
      }
      case INVENTORY_EVENTS.itemMoved:
        return state && { ...state, storagePlaceId: (event.payload as ItemMovedV1).toStoragePlaceId };
      case INVENTORY_EVENTS.itemDisposed:
        return state && { ...state, state: 'disposed' };
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
        const payload: ItemLoggedV2 = {
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
        };
        return [{ type: INVENTORY_EVENTS.itemLogged, schemaVersion: 2, payload }];
      }
      case 'move': {
        const item = storedItem(state, command.organizationId);
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
        const item = storedItem(state, command.organizationId);
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
    }
  },
};
