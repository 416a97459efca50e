import { usernameKey } from '@tapinti/contracts/username-key';
import type { Knex, Migration } from '@tapinti/platform/db';

const BATCH = 500;

export const usernameSkeletons: Migration = {
  name: '003-username-skeletons',
  async up(knex: Knex) {
    await knex.schema.withSchema('auth').alterTable('users', (t) => {
      /**
       * usernameKey(username): the look-alike key (Azerbaijani folding + UTS #39 skeleton), unique.
       * Null only for a look-alike of an older name accepted before this rule: it keeps its name.
       */
      t.text('username_skeleton').nullable();
    });
    // Existing accounts, oldest first, so a look-alike accepted before the rule leaves the key to the
    // older name (the projection decides the same way on a rebuild).
    const rows: Array<{ id: string; username: string }> = await knex('auth.users')
      .select('id', 'username')
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    const taken = new Set<string>();
    const keyed: Array<{ id: string; key: string }> = [];
    for (const row of rows) {
      const key = usernameKey(row.username);
      if (taken.has(key)) continue;
      taken.add(key);
      keyed.push({ id: row.id, key });
    }
    for (let i = 0; i < keyed.length; i += BATCH) {
      const batch = keyed.slice(i, i + BATCH);
      await knex.raw(
        `update auth.users as u set username_skeleton = v.key
           from (values ${batch.map(() => '(?::uuid, ?::text)').join(', ')}) as v(id, key)
          where u.id = v.id`,
        batch.flatMap((b) => [b.id, b.key]),
      );
    }
    await knex.schema.withSchema('auth').alterTable('users', (t) => {
      t.unique(['username_skeleton'], { indexName: 'auth_users_username_skeleton_unique' });
    });
  },
  async down(knex: Knex) {
    await knex.schema.withSchema('auth').alterTable('users', (t) => {
      t.dropUnique(['username_skeleton'], 'auth_users_username_skeleton_unique');
      t.dropColumn('username_skeleton');
    });
  },
};
