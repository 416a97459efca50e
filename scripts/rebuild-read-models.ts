// npm run rebuild-read-models -- [service…]: empties each service's read models and replays its
// event store into them. Uses the same DB_DRIVER / DATABASE_URL / DATA_DIR as the services.
import { adapterConfigSchema, loadConfig } from '@tapinti/platform/config';
import { createKnexFromConfig } from '@tapinti/platform/db';
import { rebuildModule } from '@tapinti/runtime/start-module';
import { SERVICE_MODULES } from '../gateway/src/service-modules';
import { SERVICE_NAMES, type ServiceName } from '@tapinti/runtime/service-manifest';

async function main() {
  const config = loadConfig(adapterConfigSchema, { JWT_SECRET: 'x'.repeat(32), ...process.env });
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((s) => !SERVICE_NAMES.includes(s as ServiceName));
  if (unknown.length) throw new Error(`unknown service(s): ${unknown.join(', ')}`);
  const services = (wanted.length ? wanted : SERVICE_NAMES) as ServiceName[];
  const knex = await createKnexFromConfig(config);
  try {
    for (const service of services) {
      const replayed = await rebuildModule(SERVICE_MODULES[service], knex);
      console.log(`${service}: rebuilt read models from ${replayed} events`);
    }
  } finally {
    await knex.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
