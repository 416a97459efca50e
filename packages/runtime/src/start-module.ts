import type { Express } from 'express';
import { topicOf } from '@tapinti/contracts/event-envelope';
import { migrateSchema, type Knex } from '@tapinti/platform/db';
import { createHttpApp, finishHttpApp } from '@tapinti/platform/http';
import { authenticate } from '@tapinti/platform/session';
import { eventStoreMigration } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { createRelay } from '@tapinti/eventstore/relay';
import type { RunningService, ServiceDeps, ServiceModule } from './service-module';
import { sessionRegistry } from './sessions';

async function prepare(module: ServiceModule, knex: Knex): Promise<EventSourcing> {
  await migrateSchema(knex, module.schema, [eventStoreMigration(module.schema), ...module.migrations]);
  return createEventSourcing(knex, {
    schema: module.schema,
    source: module.name,
    project: module.project,
    readModelTables: module.readModelTables,
  });
}

/** The stores a service cannot answer without. */
async function checkReady(deps: ServiceDeps): Promise<void> {
  await Promise.all([deps.knex.raw('select 1'), deps.kv.ping(), deps.storage.ping()]);
}

/**
 * The base app every service's routes go into: request ids, logging, the caller from the
 * session cookie, health endpoints; then the routes; then the JSON 404 and the error handler.
 */
export function createServiceApp(deps: ServiceDeps, routes: (app: Express) => void): Express {
  const app = createHttpApp(deps.logger);
  const sessions = sessionRegistry(deps.kv);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await checkReady(deps);
      res.json({ status: 'ready' });
    } catch (err) {
      deps.logger.warn({ err }, 'not ready');
      res.status(503).json({ status: 'not ready' });
    }
  });
  app.use(authenticate({ secret: deps.config.JWT_SECRET, isSessionActive: (id) => sessions.isActive(id) }));
  routes(app);
  return finishHttpApp(app, deps.logger);
}

/** Migrates, starts the relay to `<service>.events`, then the service itself. */
export async function startModule(module: ServiceModule, deps: ServiceDeps): Promise<RunningService> {
  const es = await prepare(module, deps.knex);
  const relay = createRelay(deps.knex, es.store, {
    bus: deps.bus,
    topic: topicOf(module.name),
    logger: deps.logger,
    pollMs: deps.config.RELAY_POLL_MS,
  });
  es.onCommitted(() => relay.nudge());
  relay.start();
  const handle = await module.start({ ...deps, es });
  await deps.jobs.start();
  return {
    name: module.name,
    app: handle.app,
    ready: () => checkReady(deps),
    async stop() {
      await handle.stop?.();
      await relay.stop();
    },
  };
}

/** Replays the service's event store into freshly emptied read models (no relay, no app). */
export async function rebuildModule(module: ServiceModule, knex: Knex): Promise<number> {
  const es = await prepare(module, knex);
  return es.rebuildReadModels();
}
