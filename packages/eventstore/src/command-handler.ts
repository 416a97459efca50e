import type { Knex } from 'knex';
import type { EventEnvelope, EventMetadata } from '@tapinti/contracts/event-envelope';
import type { EventSourcing, UnitOfWork } from './event-sourcing';
import { StaleVersionError, type NewEvent } from './event-store';

/** An event as a fold sees it: stored (an envelope) or just decided (a new event). */
export type FoldableEvent = Pick<EventEnvelope, 'type' | 'schemaVersion' | 'payload'>;

/** How an aggregate's state follows its events: the `evolve` half of a decider. */
export interface Evolver<State> {
  initialState(): State;
  evolve(state: State, event: FoldableEvent): State;
}

/** Emmett's decider: a pure `decide(command, state) → events` next to its `evolve`. */
export interface Decider<State, Command> extends Evolver<State> {
  decide(command: Command, state: State): NewEvent[];
}

export const foldEvents = <State>(evolver: Evolver<State>, events: FoldableEvent[], from?: State): State =>
  events.reduce((state, event) => evolver.evolve(state, event), from ?? evolver.initialState());

export interface CommandResult<State> {
  /** The state after the new events. */
  state: State;
  events: EventEnvelope[];
}

/**
 * Decides on a stream inside the transaction that also reads the stream's checks (`uow.trx`);
 * returns the events to append (none: nothing happens).
 */
export type Decision<State> = (state: State, uow: UnitOfWork) => NewEvent[] | Promise<NewEvent[]>;

export interface CommandHandler<State> {
  handle(streamId: string, decision: Decision<State>, metadata: EventMetadata): Promise<CommandResult<State>>;
}

/** Total tries of a command whose stream another writer moved on in between. */
export const COMMAND_ATTEMPTS = 3;

/**
 * Read stream → fold with `evolve` → decide → append with the version read, in one transaction;
 * a stale version (a concurrent writer won) is retried from a fresh read a few times, then
 * surfaces as the StaleVersionError 409.
 */
export function createCommandHandler<State>(
  es: EventSourcing,
  evolver: Evolver<State>,
  attempts = COMMAND_ATTEMPTS,
): CommandHandler<State> {
  return {
    async handle(streamId, decision, metadata) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await es.commit(async (uow) => {
            const history = await es.store.readStream(streamId, uow.trx);
            const state = foldEvents(evolver, history);
            const events = await decision(state, uow);
            if (events.length === 0) return { state, events: [] };
            const version = history.at(-1)?.streamVersion ?? 0;
            const appended = await uow.append(
              streamId,
              version === 0 ? 'no-stream' : version,
              events,
              metadata,
            );
            return { state: foldEvents(evolver, events, state), events: appended };
          });
        } catch (err) {
          if (err instanceof StaleVersionError && attempt < attempts) continue;
          throw err;
        }
      }
    },
  };
}

/**
 * Read stream → fold → decide → append, inside a transaction the caller owns (a consumer's batch:
 * the event is handled once, with its effect). No retry here: a concurrent writer makes the append
 * stale, the batch fails and the bus delivers it again, decided then on a fresh read.
 */
export async function decideWithin<State>(
  es: EventSourcing,
  evolver: Evolver<State>,
  trx: Knex.Transaction,
  streamId: string,
  decision: (state: State) => NewEvent[],
  metadata: EventMetadata,
): Promise<EventEnvelope[]> {
  const history = await es.store.readStream(streamId, trx);
  const state = foldEvents(evolver, history);
  const events = decision(state);
  if (events.length === 0) return [];
  const version = history.at(-1)?.streamVersion ?? 0;
  return es.appendWithin(trx, streamId, version === 0 ? 'no-stream' : version, events, metadata);
}
