import { INVENTORY_MESSAGES } from '@tapinti/contracts/inventory-api';
import { INVENTORY_EVENTS, type NumberIssuedV1, type PrefixSetV1 } from '@tapinti/contracts/inventory-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError } from '@tapinti/platform/errors';

/**
 * An organisation's register: its reference prefix and the last reference number it issued. Its
 * stream is the counter: every intake appends `number-issued` with the version it read, so two
 * intakes at once cannot take the same number (the later one is retried from a fresh read).
 */
export interface RegisterState {
  prefix: string | null;
  lastNumber: number;
}

export type RegisterCommand =
  | { type: 'set-prefix'; organizationId: string; prefix: string; by: string; now: Date }
  | { type: 'issue-number'; organizationId: string; itemId: string };

export const registerDecider: Decider<RegisterState, RegisterCommand> = {
  initialState: () => ({ prefix: null, lastNumber: 0 }),
  evolve(state, event) {
    switch (event.type) {
      case INVENTORY_EVENTS.prefixSet:
        return { ...state, prefix: (event.payload as PrefixSetV1).prefix };
      case INVENTORY_EVENTS.numberIssued:
        return { ...state, lastNumber: (event.payload as NumberIssuedV1).number };
      default:
        return state;
    }
  },
  decide(command, state): NewEvent[] {
    switch (command.type) {
      case 'set-prefix': {
        // The same prefix again changes nothing.
        if (state.prefix === command.prefix) return [];
        const payload: PrefixSetV1 = {
          organizationId: command.organizationId,
          prefix: command.prefix,
          previousPrefix: state.prefix,
          setBy: command.by,
          setAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.prefixSet, schemaVersion: 1, payload }];
      }
      case 'issue-number': {
        if (!state.prefix) throw new ConflictError(INVENTORY_MESSAGES.prefixNotSet);
        const payload: NumberIssuedV1 = {
          organizationId: command.organizationId,
          number: state.lastNumber + 1,
          itemId: command.itemId,
        };
        return [{ type: INVENTORY_EVENTS.numberIssued, schemaVersion: 1, payload }];
      }
    }
  },
};
