import type { Category } from '@tapinti/contracts/announcements-api';
import {
  FOUND_AT_CLOCK_SKEW_MS,
  INVENTORY_MESSAGES,
  listedWithoutDetails,
  referenceNumberOf,
} from '@tapinti/contracts/inventory-api';
import {
  INVENTORY_EVENTS,
  type ItemLoggedV1,
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
      intake: ItemIntake;
      by: string;
      now: Date;
    }
  | { type: 'move'; organizationId: string; toStoragePlaceId: string; by: string; now: Date };

export const itemDecider: Decider<HeldItemState | null, ItemCommand> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
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
        const payload: ItemLoggedV1 = {
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
        };
        return [{ type: INVENTORY_EVENTS.itemLogged, schemaVersion: 1, payload }];
      }
      case 'move': {
        if (!state || state.organizationId !== command.organizationId)
          throw new NotFoundError(INVENTORY_MESSAGES.itemNotFound);
        if (state.storagePlaceId === command.toStoragePlaceId)
          throw new ConflictError(INVENTORY_MESSAGES.alreadyThere);
        const payload: ItemMovedV1 = {
          itemId: state.id,
          organizationId: state.organizationId,
          fromStoragePlaceId: state.storagePlaceId,
          toStoragePlaceId: command.toStoragePlaceId,
          movedBy: command.by,
          movedAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.itemMoved, schemaVersion: 1, payload }];
      }
    }
  },
};
