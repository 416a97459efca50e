import type { Knex } from 'knex';

/** The relay's checkpoint row (`relay.ts` keeps its one checkpoint under this name). */
const RELAY_CHECKPOINT = 'bus';

/**
 * Events appended to `<schema>.events` that the relay has not yet published: everything after its
 * (transaction id, position) checkpoint in the order it reads, or every event before it has one.
 * Counts committed events only (what this query sees), running transactions included once they commit.
 */
export async function relayLag(knex: Knex, schema: string): Promise<number> {
  const checkpoint = await knex(`${schema}.relay_checkpoints`)
    .where({ name: RELAY_CHECKPOINT })
    .first('transaction_id', 'position');
  const pending = knex(`${schema}.events`).count<Array<{ count: string | number }>>({ count: '*' });
  if (checkpoint)
    pending.whereRaw('(transaction_id, position) > (?::xid8, ?)', [
      String(checkpoint.transaction_id),
      Number(checkpoint.position),
    ]);
  const [row] = await pending;
  return Number(row?.count ?? 0);
}
