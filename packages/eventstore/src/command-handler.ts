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

/** Total tries of a decision whose stream another writer moved on in between. */
export const COMMAND_ATTEMPTS = 3;

/**
 * The one path from a command to events: read the stream → fold with `evolve` → decide → append
 * with the version read, all in the unit of work's transaction. The handler and `decideWithin` run
 * it; a decision that also changes other streams (in its own unit of work) runs it for them.
 */
export async function decideOnStream<State>(
  es: EventSourcing,
  evolver: Evolver<State>,
  uow: UnitOfWork,
  streamId: string,
  decision: Decision<State>,
  metadata: EventMetadata,
): Promise<CommandResult<State>> {
  const history = await es.store.readStream(streamId, uow.trx);
  const state = foldEvents(evolver, history);
  const events = await decision(state, uow);
  if (events.length === 0) return { state, events: [] };
  const version = history.at(-1)?.streamVersion ?? 0;
  const appended = await uow.append(streamId, version === 0 ? 'no-stream' : version, events, metadata);
  return { state: foldEvents(evolver, events, state), events: appended };
}

/** Runs `attempt` again (from a fresh read) while a concurrent writer makes it stale, `attempts` times in all. */
async function retryingStale<T>(attempts: number, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof StaleVersionError) || tries >= attempts) throw err;
    }
  }
}

/**
 * Decides on a stream in a transaction of its own (checks, events and read models commit
 * together); a stale version is retried from a fresh read, then surfaces as the StaleVersionError 409.
 */
export function createCommandHandler<State>(
  es: EventSourcing,
  evolver: Evolver<State>,
  attempts = COMMAND_ATTEMPTS,
): CommandHandler<State> {
  return {
    handle: (streamId, decision, metadata) =>
      retryingStale(attempts, () =>
        es.commit((uow) => decideOnStream(es, evolver, uow, streamId, decision, metadata)),
      ),
  };
}

/**
 * Decides on a stream inside a transaction the caller owns (a consumer's batch: the event is
 * handled once, with its effect). Each try runs in a savepoint: a stream an HTTP request wrote
 * meanwhile undoes only this decision, which is retried on a fresh read, not the whole batch.
 */
export async function decideWithin<State>(
  es: EventSourcing,
  evolver: Evolver<State>,
  trx: Knex.Transaction,
  streamId: string,
  decision: Decision<State>,
  metadata: EventMetadata,
  attempts = COMMAND_ATTEMPTS,
): Promise<EventEnvelope[]> {
  const { events } = await retryingStale(attempts, () =>
    trx.transaction((savepoint) =>
      decideOnStream(
        es,
        evolver,
        {
          trx: savepoint,
          append: (stream, expected, news, meta) => es.appendWithin(savepoint, stream, expected, news, meta),
        },
        streamId,
        decision,
        metadata,
      ),
    ),
  );
  return events;
}
