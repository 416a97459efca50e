import path from 'node:path';
import type { SharedConfig } from '@tapinti/platform/config';
import { createKnexFromConfig, type Knex } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import type { EventBus } from './event-bus';
import type { JobQueue } from './job-queue';
import type { KeyValueStore } from './key-value-store';
import type { Mailer } from './mailer';
import type { ObjectStorage } from './object-storage';

/** Every port's adapter, picked once from validated config. Only composition roots call this. */
export interface Adapters {
  knex: Knex;
  bus: EventBus;
  kv: KeyValueStore;
  storage: ObjectStorage;
  mailer: Mailer;
  /** Job queues are per service, named after it. */
  createJobQueue(service: string): JobQueue;
  close(): Promise<void>;
}

export const UPLOAD_PATH_PREFIX = '/api/objects/uploads/';

// Adapters are imported when chosen, never up front: a process loads the client libraries of its
// own run mode only (no PGlite, memory adapters or file mailer in a distributed service; no kafkajs,
// ioredis, minio or BullMQ in `npm start`) — each unused library costs every process its memory.

/**
 * A job queue whose adapter loads on first use: a service that never registers nor enqueues a job
 * (auth, requests, audit) never loads BullMQ. Registrations made before it is loaded are replayed
 * in order, and a `start` asked for meanwhile follows them.
 */
function loadedOnFirstUse(load: () => Promise<JobQueue>): JobQueue {
  let loading: Promise<JobQueue> | undefined;
  let loaded: JobQueue | undefined;
  let startAsked = false;
  const pending: Array<(queue: JobQueue) => void> = [];
  const queue = () =>
    (loading ??= load().then(async (q) => {
      for (const register of pending.splice(0)) register(q);
      loaded = q;
      if (startAsked) await q.start();
      return q;
    }));
  return {
    register(name, handler, definition) {
      if (loaded) return loaded.register(name, handler, definition);
      pending.push((q) => q.register(name, handler, definition));
      // A failed load surfaces from `start`, which every process awaits.
      queue().catch(() => undefined);
    },
    enqueue: async (name, data, options) => (await queue()).enqueue(name, data, options),
    repeat: async (name, everyMs) => (await queue()).repeat(name, everyMs),
    async start() {
      if (loading) return (await loading).start();
      startAsked = true;
    },
    counts: async () => (loading ? ((await loading).counts?.() ?? {}) : {}),
    async close() {
      if (loading) await (await loading).close();
    },
  };
}

/** A mailer whose adapter (and nodemailer) loads on the first message or health check. */
function mailerOnFirstUse(load: () => Promise<Mailer>): Mailer {
  let loading: Promise<Mailer> | undefined;
  const mailer = () => (loading ??= load());
  return {
    send: async (message) => (await mailer()).send(message),
    ping: async () => (await mailer()).ping(),
    async close() {
      if (loading) await (await loading).close();
    },
  };
}

async function createBus(config: SharedConfig, logger: Logger, clientId: string): Promise<EventBus> {
  if (config.BUS === 'kafka') {
    const { createKafkaEventBus } = await import('./kafka-event-bus');
    return createKafkaEventBus({
      brokers: config.KAFKA_BROKERS!.split(','),
      clientId,
      namespace: config.NAMESPACE,
      logger,
    });
  }
  const { createMemoryEventBus } = await import('./memory-event-bus');
  return createMemoryEventBus(logger);
}

async function createKv(config: SharedConfig, knex: Knex): Promise<KeyValueStore> {
  if (config.KV_STORE === 'redis') {
    const { createRedisKeyValueStore } = await import('./redis-key-value-store');
    return createRedisKeyValueStore({ redisUrl: config.REDIS_URL!, namespace: config.NAMESPACE });
  }
  if (config.KV_STORE === 'database') {
    const { createDatabaseKeyValueStore } = await import('./database-key-value-store');
    return createDatabaseKeyValueStore({ knex });
  }
  const { createMemoryKeyValueStore } = await import('./memory-key-value-store');
  return createMemoryKeyValueStore();
}

async function createStorage(config: SharedConfig, dataDir: string): Promise<ObjectStorage> {
  if (config.STORAGE === 's3') {
    const { createS3ObjectStorage } = await import('./s3-object-storage');
    return createS3ObjectStorage({
      endpoint: config.S3_ENDPOINT!,
      publicEndpoint: config.S3_PUBLIC_ENDPOINT,
      accessKey: config.S3_ACCESS_KEY!,
      secretKey: config.S3_SECRET_KEY!,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
    });
  }
  const { createFilesystemObjectStorage } = await import('./filesystem-object-storage');
  return createFilesystemObjectStorage({
    dir: path.join(dataDir, 'objects'),
    signingSecret: config.JWT_SECRET,
    uploadPathPrefix: UPLOAD_PATH_PREFIX,
  });
}

function createMailer(config: SharedConfig, dataDir: string): Mailer {
  return mailerOnFirstUse(async () => {
    if (config.MAIL === 'smtp') {
      const { createSmtpMailer } = await import('./smtp-mailer');
      return createSmtpMailer({
        host: config.SMTP_HOST!,
        port: config.SMTP_PORT!,
        from: config.MAIL_FROM,
        secure: config.SMTP_SECURE,
        user: config.SMTP_USER,
        password: config.SMTP_PASSWORD,
      });
    }
    const { createFileMailer } = await import('./file-mailer');
    return createFileMailer({ dir: path.join(dataDir, 'mail'), from: config.MAIL_FROM });
  });
}

export async function buildAdapters(
  config: SharedConfig,
  logger: Logger,
  clientId: string,
): Promise<Adapters> {
  const dataDir = path.resolve(config.DATA_DIR);
  const knex = await createKnexFromConfig(config);
  const bus = await createBus(config, logger, clientId);
  const kv = await createKv(config, knex);
  const storage = await createStorage(config, dataDir);
  const mailer = createMailer(config, dataDir);
  // `createJobQueue` answers at once, so the memory queue's module is loaded here when chosen.
  const createMemoryJobQueue =
    config.JOBS === 'bullmq' ? undefined : (await import('./memory-job-queue')).createMemoryJobQueue;
  const queues: JobQueue[] = [];
  return {
    knex,
    bus,
    kv,
    storage,
    mailer,
    createJobQueue(service) {
      const queue = createMemoryJobQueue
        ? createMemoryJobQueue(logger)
        : loadedOnFirstUse(async () => {
            const { createBullmqJobQueue } = await import('./bullmq-job-queue');
            return createBullmqJobQueue({
              redisUrl: config.REDIS_URL!,
              namespace: config.NAMESPACE,
              service,
              logger,
            });
          });
      queues.push(queue);
      return queue;
    },
    async close() {
      await Promise.allSettled(queues.map((q) => q.close()));
      await Promise.allSettled([bus.close(), kv.close(), mailer.close()]);
      await knex.destroy();
    },
  };
}
