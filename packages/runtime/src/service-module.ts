import type { Express } from 'express';
import type { SharedConfig } from '@tapinti/platform/config';
import type { Knex, Migration } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import type { EventBus } from '@tapinti/ports/event-bus';
import type { JobQueue } from '@tapinti/ports/job-queue';
import type { KeyValueStore } from '@tapinti/ports/key-value-store';
import type { Mailer } from '@tapinti/ports/mailer';
import type { ObjectStorage } from '@tapinti/ports/object-storage';
import type { EventSourcing, Projector } from '@tapinti/eventstore/event-sourcing';

export type Clock = () => Date;

/** What a service is given; the same in embedded and distributed mode, only the adapters differ. */
export interface ServiceDeps {
  config: SharedConfig;
  logger: Logger;
  knex: Knex;
  bus: EventBus;
  jobs: JobQueue;
  storage: ObjectStorage;
  mailer: Mailer;
  kv: KeyValueStore;
  clock: Clock;
}

export interface ServiceContext extends ServiceDeps {
  /** The service's own event store, read models and relay to `<service>.events`. */
  es: EventSourcing;
}

export interface ServiceHandle {
  app: Express;
  /** Extra start-up work once the app exists (consumers, job schedules). */
  stop?(): Promise<void>;
}

/** A service as the runtime sees it: its schema, how its read models follow its events, its app. */
export interface ServiceModule {
  name: string;
  schema: string;
  migrations: Migration[];
  project: Projector;
  /** Read-model tables a rebuild empties and refills from the event store. */
  readModelTables: string[];
  start(context: ServiceContext): Promise<ServiceHandle>;
}

export interface RunningService {
  name: string;
  app: Express;
  ready(): Promise<void>;
  stop(): Promise<void>;
}
