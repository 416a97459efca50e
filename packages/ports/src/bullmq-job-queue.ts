import { Queue, UnrecoverableError, Worker } from 'bullmq';
import IORedis from 'ioredis';
import type { Logger } from '@tapinti/platform/logger';
import {
  PermanentJobError,
  type JobCounts,
  type JobDefinition,
  type JobQueue,
  type JobRun,
} from './job-queue';

export interface BullmqJobQueueOptions {
  redisUrl: string;
  /** Prefixes the Redis keys (`<namespace>-bull`) so environments can share a Redis. */
  namespace?: string;
  /** Queues are named `<service>-<job name>`. */
  service: string;
  logger: Logger;
  /** Jobs of one name run at most this many at a time in this process. */
  concurrency?: number;
}

interface Registered {
  handler: (data: unknown, run: JobRun) => Promise<void>;
  attempts: number;
  backoffMs: number;
}

/** BullMQ forbids `:` in custom job ids and integer ids; this keeps any caller id usable and distinct. */
const bullJobId = (jobId: string) => `id-${encodeURIComponent(jobId)}`;

/**
 * Jobs in Redis through BullMQ: one queue and one worker per job name. Delayed and retried jobs
 * live in Redis, so they outlive the process that enqueued them and run on whichever instance
 * with the same service and job name is started.
 */
export function createBullmqJobQueue(options: BullmqJobQueueOptions): JobQueue {
  const { redisUrl, namespace, service, logger } = options;
  const prefix = namespace ? `${namespace}-bull` : 'bull';
  const concurrency = options.concurrency ?? 4;
  const registered = new Map<string, Registered>();
  const queues = new Map<string, Queue>();
  const workers = new Map<string, Worker>();
  let queueConnection: IORedis | null = null;
  let workerConnection: IORedis | null = null;
  let started = false;
  let closed = false;

  const queueName = (name: string) => `${service}-${name}`;

  function connectionError(which: string) {
    return (err: Error) =>
      logger.error({ err, service, connection: which }, 'job queue redis connection error');
  }

  /** Enqueueing fails after a bounded number of retries instead of hanging while Redis is down. */
  function queueRedis(): IORedis {
    if (!queueConnection) {
      queueConnection = new IORedis(redisUrl, { maxRetriesPerRequest: 20 });
      queueConnection.on('error', connectionError('queue'));
    }
    return queueConnection;
  }

  /** Workers block on Redis and must wait for it forever (BullMQ requires `maxRetriesPerRequest: null`). */
  function workerRedis(): IORedis {
    if (!workerConnection) {
      workerConnection = new IORedis(redisUrl, { maxRetriesPerRequest: null });
      workerConnection.on('error', connectionError('worker'));
    }
    return workerConnection;
  }

  function queueOf(name: string): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(queueName(name), { connection: queueRedis(), prefix });
      queue.on('error', (err) => logger.error({ err, job: name }, 'job queue error'));
      queues.set(name, queue);
    }
    return queue;
  }

  function startWorker(name: string) {
    const worker = new Worker(
      queueName(name),
      async (bullJob) => {
        // attemptsMade counts the tries that failed before this one (a stalled run is not one).
        const run = { attempt: bullJob.attemptsMade + 1, attempts: bullJob.opts.attempts ?? 1 };
        try {
          await registered.get(name)!.handler(bullJob.data, run);
        } catch (err) {
          // BullMQ's own signal for "no further attempts": the job goes straight to the failed set.
          if (err instanceof PermanentJobError) throw new UnrecoverableError(err.message);
          throw err;
        }
      },
      {
        connection: workerRedis(),
        prefix,
        concurrency,
        // A job whose process died (SIGKILL, out of memory) runs again within ≈ 20 s, not BullMQ's
        // minute: the lock is renewed every 7.5 s while the job runs, however long it takes, so only an
        // event loop blocked for 15 s would lose a running job to another worker.
        lockDuration: 15_000,
        stalledInterval: 5_000,
      },
    );
    worker.on('failed', (bullJob, err) => {
      const attempt = bullJob?.attemptsMade ?? 0;
      const fields = { err, job: name, jobId: bullJob?.id, attempt };
      const permanent = err instanceof UnrecoverableError;
      if (!permanent && attempt < (bullJob?.opts.attempts ?? 1)) logger.warn(fields, 'job failed; retrying');
      else logger.error(fields, 'job failed for good');
    });
    worker.on('error', (err) => logger.error({ err, job: name }, 'job worker error'));
    workers.set(name, worker);
    return worker;
  }

  const queue: JobQueue = {
    register(name, handler, definition: JobDefinition = {}) {
      const job: Registered = {
        handler: handler as Registered['handler'],
        attempts: definition.attempts ?? 1,
        backoffMs: definition.backoffMs ?? 1000,
      };
      registered.set(name, job);
      queueOf(name);
      // Registered late (after start): its worker starts right away.
      if (started && !closed && !workers.has(name)) startWorker(name);
    },
    async enqueue(name, data, jobOptions = {}) {
      if (closed) throw new Error('job queue is closed');
      const definition = registered.get(name) ?? { attempts: 1, backoffMs: 1000 };
      const queue = queueOf(name);
      const jobId = jobOptions.jobId === undefined ? undefined : bullJobId(jobOptions.jobId);
      if (jobId) {
        // BullMQ ignores an id it still holds in any state; only a waiting, delayed or running job
        // counts as a duplicate here, so a finished (kept) failed job makes way for the new one.
        const state = await queue.getJobState(jobId);
        if (state === 'completed' || state === 'failed') await queue.remove(jobId);
        else if (state !== 'unknown') return;
      }
      await queue.add(name, data, {
        jobId,
        delay: Math.max(0, jobOptions.delayMs ?? 0),
        attempts: definition.attempts,
        backoff: { type: 'exponential', delay: definition.backoffMs },
        removeOnComplete: true,
        removeOnFail: 1000,
      });
    },
    async repeat(name, everyMs) {
      if (closed) throw new Error('job queue is closed');
      const definition = registered.get(name) ?? { attempts: 1, backoffMs: 1000 };
      // One scheduler per name in Redis, however many instances upsert it.
      await queueOf(name).upsertJobScheduler(
        name,
        { every: everyMs },
        {
          name,
          data: {},
          opts: { attempts: definition.attempts, removeOnComplete: true, removeOnFail: 100 },
        },
      );
      // The scheduler's first job waits a whole period; this run catches up on start-up.
      await queue.enqueue(name, {}, { jobId: 'start-up-run' });
    },
    async start() {
      if (started) return;
      started = true;
      const running = [...registered.keys()].map((name) => startWorker(name));
      await Promise.all(running.map((worker) => worker.waitUntilReady()));
    },
    async counts() {
      if (closed) return {};
      const names = [...new Set([...registered.keys(), ...queues.keys()])];
      const counts = await Promise.all(
        names.map(async (name): Promise<[string, JobCounts]> => {
          const c = await queueOf(name).getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
          const waiting = (c.waiting ?? 0) + (c.prioritized ?? 0);
          return [name, { waiting, delayed: c.delayed ?? 0, active: c.active ?? 0, failed: c.failed ?? 0 }];
        }),
      );
      return Object.fromEntries(counts);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...workers.values()].map((worker) => worker.close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      await Promise.allSettled(
        [queueConnection, workerConnection].map(async (connection) => {
          if (!connection) return;
          try {
            await connection.quit();
          } catch {
            connection.disconnect();
          }
        }),
      );
    },
  };
  return queue;
}
