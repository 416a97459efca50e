import { addressKeys } from '@tapinti/platform/address-key';
import type { Express } from 'express';
import { topicOf } from '@tapinti/contracts/event-envelope';
import { migrateSchema, type Knex } from '@tapinti/platform/db';
import { createHttpApp, finishHttpApp } from '@tapinti/platform/http';
import { METRICS_SERVICE_SETTING, registerJobCounts, registerRelayLag } from '@tapinti/platform/metrics';
import { authenticate, type AuthenticateOptions } from '@tapinti/platform/session';
import { eventStoreMigrations } from '@tapinti/eventstore/event-store-schema';
import { createEventSourcing, type EventSourcing } from '@tapinti/eventstore/event-sourcing';
import { pruneInbox, subscribeConsumerGroup } from '@tapinti/eventstore/idempotent-consumer';
import { readModelChanges, type ReadModelChanges } from '@tapinti/eventstore/read-model-changes';
import { createRelay, type Relay } from '@tapinti/eventstore/relay';
import { relayLag } from '@tapinti/eventstore/relay-lag';
import type { EventBus } from '@tapinti/ports/event-bus';
import { meteredConsumerBus } from './consumer-metrics';
import type {
  EventSourcedModule,
  RunningService,
  ServiceDeps,
  ServiceModule,
  ServiceParts,
} from './service-module';
import { sessionRegistry, userAccessRegistry } from './sessions';

/**
 * Every service gets the event-store tables (a consuming-only service uses just `processed_events`),
 * then its own migrations.
 */
async function migrate(module: ServiceModule, knex: Knex): Promise<void> {
  await migrateSchema(knex, module.schema, [...eventStoreMigrations(module.schema), ...module.migrations]);
}

function eventSourcingOf(module: EventSourcedModule, knex: Knex): EventSourcing {
  return createEventSourcing(knex, {
    schema: module.schema,
    source: module.name,
    project: module.eventSourcing.project,
    readModelTables: module.eventSourcing.readModelTables,
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
export function createServiceApp(
  deps: ServiceDeps,
  routes: (app: Express) => void,
  options: Pick<AuthenticateOptions, 'organizationActive'> = {},
): Express {
  const app = createHttpApp(deps.logger);
  const sessions = sessionRegistry(deps.kv);
  const access = userAccessRegistry(deps.kv);
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
  app.use(addressKeys(deps.config.JWT_SECRET));
  app.use(
    authenticate({
      secret: deps.config.JWT_SECRET,
      isSessionActive: (id) => sessions.isActive(id),
      currentAccess: (userId) => access.read(userId),
      organizationActive: options.organizationActive,
    }),
  );
  routes(app);
  return finishHttpApp(app, deps.logger);
}

const PRUNE_INBOX_JOB = 'prune-inbox';
const PRUNE_INBOX_EVERY_MS = 3600 * 1000;

/** Starts a module's worker, consumer groups and HTTP app with the context its kind gets. */
async function startParts<C extends ServiceDeps>(
  schema: string,
  parts: ServiceParts<C>,
  context: C,
  consumerBus: EventBus,
) {
  const worker = await parts.startWorker?.(context);
  const groups = parts.subscriptions?.(context) ?? [];
  for (const group of groups) {
    // Through the metered bus: the group's applied events are counted and its lag is readable.
    await subscribeConsumerGroup({ ...context, bus: consumerBus }, schema, group);
  }
  if (groups.length > 0) {
    // A repeated job: one run per hour whatever the number of replicas.
    context.jobs.register(PRUNE_INBOX_JOB, async () => {
      const pruned = await pruneInbox(context.knex, schema, context.config.INBOX_RETENTION_HOURS);
      if (pruned > 0) context.logger.info({ pruned }, 'inbox pruned');
    });
    await context.jobs.repeat(PRUNE_INBOX_JOB, PRUNE_INBOX_EVERY_MS);
  }
  return { worker, app: parts.createApp?.(context) };
}

/**
 * The dependencies a module runs with: a module that keeps no files (`objectStorage` unset) does
 * not wait for object storage to be ready — its storage's `ping` is a no-op, so neither readiness
 * check loads the storage client.
 */
export function depsOfModule(module: ServiceModule, deps: ServiceDeps): ServiceDeps {
  if (module.objectStorage) return deps;
  return { ...deps, storage: { ...deps.storage, ping: async () => undefined } };
}

/**
 * Migrates, then starts the parts the module has: the relay to `<service>.events` (only for a
 * service that appends), its worker, its consumer groups and its HTTP app; and registers what the
 * metrics read at scrape time (relay lag, consumer lag, job counts) under the service's name.
 */
export async function startModule(module: ServiceModule, given: ServiceDeps): Promise<RunningService> {
  const deps = depsOfModule(module, given);
  await migrate(module, deps.knex);
  let relay: Relay | undefined;
  let readModels: ReadModelChanges | undefined;
  let started;
  const consumers = meteredConsumerBus(deps.bus, module.name);
  const unregisterMetrics = [
    registerJobCounts(module.name, async () => deps.jobs.counts?.()),
    consumers.unregister,
  ];
  if (module.eventSourcing)
    unregisterMetrics.push(registerRelayLag(module.name, () => relayLag(deps.knex, module.schema)));
  if (module.eventSourcing) {
    const es = eventSourcingOf(module, deps.knex);
    const eventRelay = createRelay(deps.knex, es.store, {
      bus: deps.bus,
      topic: topicOf(module.name),
      logger: deps.logger,
      pollMs: deps.config.RELAY_POLL_MS,
      // PGlite: one process owns the database, so no other relay of this service can be running.
      exclusive: deps.config.DB_DRIVER === 'pglite',
    });
    es.onCommitted(() => eventRelay.nudge());
    eventRelay.start();
    relay = eventRelay;
    readModels = readModelChanges(deps.knex, module.schema, es, deps.logger);
    started = await startParts(module.schema, module, { ...deps, es, readModels }, consumers.bus);
  } else {
    started = await startParts(module.schema, module, deps, consumers.bus);
  }
  await deps.jobs.start();
  started.app?.set(METRICS_SERVICE_SETTING, module.name);
  return {
    name: module.name,
    app: started.app,
    ready: () => checkReady(deps),
    async stop() {
      unregisterMetrics.forEach((unregister) => unregister());
      await started.worker?.stop();
      await readModels?.stop();
      await relay?.stop();
    },
  };
}

/**
 * Replays the service's event store into freshly emptied read models (no relay, no app); a
 * consuming service refills what its own `rebuild` can derive.
 */
export async function rebuildModule(module: ServiceModule, knex: Knex): Promise<number> {
  await migrate(module, knex);
  if (module.eventSourcing) return eventSourcingOf(module, knex).rebuildReadModels();
  return module.rebuild ? module.rebuild(knex) : 0;
}
