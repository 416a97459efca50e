import type { Knex } from 'knex';
import type { ChangeSignal } from '@tapinti/platform/answer-cache';
import { listenTo } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import type { EventSourcing } from './event-sourcing';

/** The channel every commit that wrote a service's watched read-model tables notifies. */
// A plain identifier: PGlite's `listen` does not quote it.
export const readModelChannel = (schema: string) => `${schema}_read_models`;

/**
 * Statement triggers (for a migration) that notify `readModelChannel` at the commit of any write of
 * `tables`, whoever writes them: the projection, a consumer, a job, a rebuild, a later migration.
 */
export async function notifyReadModelChanges(knex: Knex, schema: string, tables: string[]): Promise<void> {
  await knex.raw(
    `create or replace function ??.notify_read_models() returns trigger language plpgsql as $$
     begin perform pg_notify('${readModelChannel(schema)}', ''); return null; end $$`,
    [schema],
  );
  for (const table of tables)
    await knex.raw(
      `create trigger ?? after insert or update or delete or truncate on ??.??
       for each statement execute function ??.notify_read_models()`,
      [`${table}_notify_read_models`, schema, table, schema],
    );
}

export interface ReadModelChanges extends ChangeSignal {
  stop(): Promise<void>;
}

/**
 * Reports every change of the service's watched read models: at once for a command this process
 * committed (so its own caller reads what it just wrote), and by the channel's notification for
 * every other writer (another replica, a consumer, a job). Listens only once something subscribes.
 */
export function readModelChanges(
  knex: Knex,
  schema: string,
  es: EventSourcing,
  logger: Logger,
): ReadModelChanges {
  const listeners: Array<() => void> = [];
  let live = false;
  let listening: { stop(): Promise<void> } | undefined;
  const changed = () => {
    for (const listener of listeners) listener();
  };
  es.onCommitted(changed);
  return {
    get live() {
      return live;
    },
    onChange(listener) {
      listeners.push(listener);
      listening ??= listenTo(
        knex,
        readModelChannel(schema),
        () => {
          live = true;
          changed();
        },
        (err, failures) => {
          live = false;
          changed();
          logger.warn({ err, schema, failures }, 'read-model notifications lost; reopening');
        },
      );
    },
    async stop() {
      live = false;
      await listening?.stop();
    },
  };
}
