// Rebuilds the notifications directory from the events the service consumed (consumed_events):
//   node --import tsx services/notifications/src/rebuild.ts
// Same DB_DRIVER / DATABASE_URL / DATA_DIR as the service (embedded mode: with the platform stopped,
// PGlite has one process). See services/notifications/README.md, "Rebuilding the directory".
import { adapterConfigSchema, loadConfig } from '@tapinti/platform/config';
import { createKnexFromConfig } from '@tapinti/platform/db';
import { rebuildModule } from '@tapinti/runtime/start-module';
import { rebuildDirectory } from './application/rebuild';
import { notificationsModule } from './module';

async function main() {
  const config = loadConfig(adapterConfigSchema, { JWT_SECRET: 'x'.repeat(32), ...process.env });
  const knex = await createKnexFromConfig(config);
  try {
    // Migrates the schema (a consuming module has no event store to replay: 0).
    await rebuildModule(notificationsModule, knex);
    const replayed = await rebuildDirectory(knex);
    console.log(`notifications: rebuilt the directory from ${replayed} consumed events`);
  } finally {
    await knex.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
