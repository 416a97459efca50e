import { INVENTORY_MESSAGES } from '@tapinti/contracts/inventory-api';
import {
  INVENTORY_EVENTS,
  type StoragePlaceCreatedV1,
  type StoragePlaceKind,
  type StoragePlaceRenamedV1,
} from '@tapinti/contracts/inventory-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError, NotFoundError } from '@tapinti/platform/errors';

/** A shelf, box, safe or other place of an organisation where items are kept. */
export interface StoragePlaceState {
  id: string;
  organizationId: string;
  name: string;
  kind: StoragePlaceKind;
}

export type StoragePlaceCommand =
  | {
      type: 'create';
      storagePlaceId: string;
      organizationId: string;
      name: string;
      kind: StoragePlaceKind;
      by: string;
      now: Date;
    }
  /** `nameTaken`: another place of the organisation has this name (read in the deciding transaction). */
  | { type: 'rename'; organizationId: string; name: string; nameTaken: boolean; by: string; now: Date };

export const storagePlaceDecider: Decider<StoragePlaceState | null, StoragePlaceCommand> = {
  initialState: () => null,
  evolve(state, event) {
    switch (event.type) {
      case INVENTORY_EVENTS.storagePlaceCreated: {
        const p = event.payload as StoragePlaceCreatedV1;
        return { id: p.storagePlaceId, organizationId: p.organizationId, name: p.name, kind: p.kind };
      }
      case INVENTORY_EVENTS.storagePlaceRenamed:
        return state && { ...state, name: (event.payload as StoragePlaceRenamedV1).name };
      default:
        return state;
    }
  },
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'create': {
        if (state) throw new ConflictError(INVENTORY_MESSAGES.storagePlaceExists);
        const payload: StoragePlaceCreatedV1 = {
          storagePlaceId: command.storagePlaceId,
          organizationId: command.organizationId,
          name: command.name,
          kind: command.kind,
          createdBy: command.by,
          createdAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.storagePlaceCreated, schemaVersion: 1, payload }];
      }
      case 'rename': {
        // Another organisation's place is not found here either.
        if (!state || state.organizationId !== command.organizationId)
          throw new NotFoundError(INVENTORY_MESSAGES.storagePlaceNotFound);
        if (state.name === command.name) return [];
        if (command.nameTaken) throw new ConflictError(INVENTORY_MESSAGES.storagePlaceExists);
        const payload: StoragePlaceRenamedV1 = {
          storagePlaceId: state.id,
          organizationId: state.organizationId,
          name: command.name,
          previousName: state.name,
          renamedBy: command.by,
          renamedAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.storagePlaceRenamed, schemaVersion: 1, payload }];
      }
    }
  },
};
