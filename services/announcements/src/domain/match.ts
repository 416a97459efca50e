import { ANNOUNCEMENT_EVENTS, type MatchFoundV1 } from '@tapinti/contracts/announcements-events';
import type { Decider } from '@tapinti/eventstore/command-handler';

/** A pair's stream: whether its two authors were told (`match.found`). */
export type MatchState = { told: boolean };

/** Told once per pair: from either side, before or after an edit, a second telling is nothing. */
export type MatchCommand = { type: 'tell'; found: MatchFoundV1 };

export const matchDecider: Decider<MatchState, MatchCommand> = {
  initialState: () => ({ told: false }),
  evolve: (state, event) => (event.type === ANNOUNCEMENT_EVENTS.matchFound ? { told: true } : state),
  decide: (command, state) =>
    state.told ? [] : [{ type: ANNOUNCEMENT_EVENTS.matchFound, schemaVersion: 1, payload: command.found }],
};
