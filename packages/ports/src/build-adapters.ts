import path from 'node:path';
import type { SharedConfig } from '@tapinti/platform/config';
import { createKnexFromConfig, type Knex } from '@tapinti/platform/db';
import type { Logger } from '@tapinti/platform/logger';
import type { EventBus } from './event-bus';
import type { JobQueue } from './job-queue';
import type { KeyValueStore } from './key-value-store';
import type { Mailer } from './mailer';
import type { ObjectStorage } from './object-storage';
import { createMemoryEventBus } from './memory-event-bus';
import { createMemoryJobQueue } from './memory-job-queue';
import { createMemoryKeyValueStore } from './memory-key-value-store';
import { createDatabaseKeyValueStore } from './database-key-value-store';
import { createKafkaEventBus } from './kafka-event-bus';
import { createBullmqJobQueue } from './bullmq-job-queue';
import { createRedisKeyValueStore } from './redis-key-value-store';
import { createS3ObjectStorage } from './s3-object-storage';
import { createFilesystemObjectStorage } from './filesystem-object-storage';
import { createSmtpMailer } from './smtp-mailer';
import { createFileMailer } from './file-mailer';

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

export async function buildAdapters(
  config: SharedConfig,
  logger: Logger,
  clientId: string,
): Promise<Adapters> {
  const dataDir = path.resolve(config.DATA_DIR);
  const knex = await createKnexFromConfig(config);
  const bus =
    config.BUS === 'kafka'
      ? createKafkaEventBus({
          brokers: config.KAFKA_BROKERS!.split(','),
          clientId,
          namespace: config.NAMESPACE,
          logger,
        })
      : createMemoryEventBus(logger);
  const kv =
    config.KV_STORE === 'redis'
      ? createRedisKeyValueStore({ redisUrl: config.REDIS_URL!, namespace: config.NAMESPACE })
      : config.KV_STORE === 'database'
        ? await createDatabaseKeyValueStore({ knex })
        : createMemoryKeyValueStore();
  const storage =
    config.STORAGE === 's3'
      ? createS3ObjectStorage({
          endpoint: config.S3_ENDPOINT!,
          publicEndpoint: config.S3_PUBLIC_ENDPOINT,
          accessKey: config.S3_ACCESS_KEY!,
          secretKey: config.S3_SECRET_KEY!,
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
        })
      : createFilesystemObjectStorage({
          dir: path.join(dataDir, 'objects'),
          signingSecret: config.JWT_SECRET,
          uploadPathPrefix: UPLOAD_PATH_PREFIX,
        });
  const mailer =
    config.MAIL === 'smtp'
      ? createSmtpMailer({
          host: config.SMTP_HOST!,
          port: config.SMTP_PORT!,
          from: config.MAIL_FROM,
          secure: config.SMTP_SECURE,
          user: config.SMTP_USER,
          password: config.SMTP_PASSWORD,
        })
      : createFileMailer({ dir: path.join(dataDir, 'mail'), from: config.MAIL_FROM });
  const queues: JobQueue[] = [];
  return {
    knex,
    bus,
    kv,
    storage,
    mailer,
    createJobQueue(service) {
      const queue =
        config.JOBS === 'bullmq'
          ? createBullmqJobQueue({
              redisUrl: config.REDIS_URL!,
              namespace: config.NAMESPACE,
              service,
              logger,
            })
          : createMemoryJobQueue(logger);
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
