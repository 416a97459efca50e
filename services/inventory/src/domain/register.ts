import { INVENTORY_MESSAGES } from '@tapinti/contracts/inventory-api';
import type { Category } from '@tapinti/contracts/announcements-api';
import {
  DEFAULT_RETENTION_DAYS,
  INVENTORY_EVENTS,
  type NumberIssuedV1,
  type PrefixSetV1,
  type RetentionSetV1,
} from '@tapinti/contracts/inventory-events';
import type { Decider } from '@tapinti/eventstore/command-handler';
import type { NewEvent } from '@tapinti/eventstore/event-store';
import { ConflictError } from '@tapinti/platform/errors';

/**
 * An organisation's register: its reference prefix, the last reference number it issued and its
 * retention per category (the defaults until an admin sets them). Its
 * stream is the counter: every intake appends `number-issued` with the version it read, so two
 * intakes at once cannot take the same number (the later one is retried from a fresh read).
 */
export interface RegisterState {
  prefix: string | null;
  lastNumber: number;
  retentionDays: Record<Category, number>;
}

export type RegisterCommand =
  | { type: 'set-prefix'; organizationId: string; prefix: string; by: string; now: Date }
  | { type: 'issue-number'; organizationId: string; itemId: string }
  | {
      type: 'set-retention';
      organizationId: string;
      category: Category;
      days: number;
      by: string;
      now: Date;
    };

export const registerDecider: Decider<RegisterState, RegisterCommand> = {
  initialState: () => ({ prefix: null, lastNumber: 0, retentionDays: { ...DEFAULT_RETENTION_DAYS } }),
  evolve(state, event) {
    switch (event.type) {
      case INVENTORY_EVENTS.prefixSet:
        return { ...state, prefix: (event.payload as PrefixSetV1).prefix };
      case INVENTORY_EVENTS.numberIssued:
        return { ...state, lastNumber: (event.payload as NumberIssuedV1).number };
      case INVENTORY_EVENTS.retentionSet: {
        const p = event.payload as RetentionSetV1;
        return { ...state, retentionDays: { ...state.retentionDays, [p.category]: p.days } };
      }
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
      case 'set-retention': {
        const previousDays = state.retentionDays[command.category];
        // The same days again change nothing.
        if (previousDays === command.days) return [];
        const payload: RetentionSetV1 = {
          organizationId: command.organizationId,
          category: command.category,
          days: command.days,
          previousDays,
          setBy: command.by,
          setAt: command.now.toISOString(),
        };
        return [{ type: INVENTORY_EVENTS.retentionSet, schemaVersion: 1, payload }];
      }
    }
  },
};
