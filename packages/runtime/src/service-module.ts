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
import type { ReadModelChanges } from '@tapinti/eventstore/read-model-changes';
import type { ConsumerGroup } from '@tapinti/eventstore/subscriptions';

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

/** What a service that appends no events of its own gets (audit, notifications). */
export type ServiceContext = ServiceDeps;

/** What a service that appends events gets: its own event store, read models and relay. */
export interface EventSourcedContext extends ServiceDeps {
  es: EventSourcing;
  /** Reports changes of the read-model tables a migration watches (`notifyReadModelChanges`). */
  readModels: ReadModelChanges;
}

/** Background work a service runs while it is up: job handlers, schedules, start-up seeding. */
export interface Worker {
  stop(): Promise<void>;
}

/** The parts of a service; each is optional, so a worker without HTTP routes needs no fake app. */
export interface ServiceParts<C extends ServiceDeps> {
  /** The HTTP part: `src/app.ts`. Without it the process answers only health checks. */
  createApp?(context: C): Express;
  /** Consumer groups of other services' events: `src/consumers/subscriptions.ts`. */
  subscriptions?(context: C): ConsumerGroup[];
  /** Job handlers and schedules (`src/jobs/`), and start-up work; runs before the job queue starts. */
  startWorker?(context: C): Promise<Worker | void>;
}

interface ModuleInfo {
  name: string;
  /** The Postgres schema the service owns (its tables, its event store, its processed events). */
  schema: string;
  migrations: Migration[];
  /**
   * The service keeps files in object storage: its readiness checks the store. Others neither
   * check it (an S3 outage does not take them out of rotation) nor load its client.
   */
  objectStorage?: boolean;
}

/** A service that appends events: a projector keeps its read models, a relay publishes them. */
export interface EventSourcedModule extends ModuleInfo, ServiceParts<EventSourcedContext> {
  eventSourcing: {
    project: Projector;
    /** Read-model tables (unqualified) a rebuild empties and refills from the event store. */
    readModelTables: string[];
  };
}

/** A service that only consumes events and keeps its own tables: no relay, no projector. */
export interface ConsumingModule extends ModuleInfo, ServiceParts<ServiceContext> {
  eventSourcing?: undefined;
  /** Refills tables that can be derived again from what the service keeps (e.g. consumed events). */
  rebuild?(knex: Knex): Promise<number>;
}

export type ServiceModule = EventSourcedModule | ConsumingModule;

export interface RunningService {
  name: string;
  /** Absent for a service without an HTTP part. */
  app?: Express;
  ready(): Promise<void>;
  stop(): Promise<void>;
}
