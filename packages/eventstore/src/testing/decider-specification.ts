import { expect } from '@jest/globals';
import type { Decider } from '../command-handler';
import { foldEvents } from '../command-handler';
import type { NewEvent } from '../event-store';

/**
 * Emmett's DeciderSpecification for jest: `given(past events).when(command).then(new events)`,
 * or `.thenThrows(error)` — the decider's rules as tests, no database.
 */
export function deciderSpecification<State, Command>(decider: Decider<State, Command>) {
  return {
    given(history: NewEvent[]) {
      return {
        when(command: Command) {
          const decide = () => decider.decide(command, foldEvents(decider, history));
          return {
            then(expected: NewEvent[]) {
              expect(decide()).toEqual(expected);
            },
            thenThrows(expected: unknown) {
              expect(decide).toThrow(expected as never);
            },
          };
        },
      };
    },
  };
}
