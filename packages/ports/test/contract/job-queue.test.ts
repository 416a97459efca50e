import IORedis from 'ioredis';
import { createBullmqJobQueue } from '../../src/bullmq-job-queue';
import { PermanentJobError, type JobQueue, type JobRun } from '../../src/job-queue';
import { createMemoryJobQueue } from '../../src/memory-job-queue';
import { eventually, silentLogger, sleep, uniqueNamespace } from './support';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const namespace = uniqueNamespace('jobs');

const adapters: Array<[string, (service: string) => JobQueue]> = [
  ['memory', () => createMemoryJobQueue(silentLogger)],
  ['bullmq', (service) => createBullmqJobQueue({ redisUrl, namespace, service, logger: silentLogger })],
];

/** BullMQ's keys of this run are removed from Redis afterwards. */
afterAll(async () => {
  const redis = new IORedis(redisUrl);
  try {
    const keys = await redis.keys(`${namespace}-bull:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
});

describe.each(adapters)('%s job queue', (_adapter, create) => {
  let queue: JobQueue;
  const delayed: Array<{ at: number; data: { enqueuedAt: number } }> = [];
  const failing: number[] = [];
  const flaky: number[] = [];
  const deduped: string[] = [];
  const doomed: string[] = [];
  const counted: JobRun[] = [];
  const refused: JobRun[] = [];

  beforeAll(async () => {
    queue = create('contract');
    queue.register<{ enqueuedAt: number }>('delayed', async (data) => {
      delayed.push({ at: Date.now(), data });
    });
    queue.register(
      'failing',
      async () => {
        failing.push(Date.now());
        throw new Error('job failed on purpose');
      },
      { attempts: 3, backoffMs: 200 },
    );
    queue.register(
      'flaky',
      async () => {
        flaky.push(Date.now());
        if (flaky.length < 3) throw new Error('job failed on purpose');
      },
      { attempts: 5, backoffMs: 100 },
    );
    queue.register<{ label: string }>('deduped', async (data) => {
      deduped.push(data.label);
    });
    queue.register<{ label: string; fail: boolean }>('doomed', async (data) => {
      doomed.push(data.label);
      if (data.fail) throw new Error('job failed on purpose');
    });
    queue.register(
      'counted',
      async (_data, run) => {
        counted.push(run);
        if (run.attempt < 3) throw new Error('job failed on purpose');
      },
      { attempts: 4, backoffMs: 100 },
    );
    queue.register(
      'refused',
      async (_data, run) => {
        refused.push(run);
        throw new PermanentJobError('refused for good on purpose');
      },
      { attempts: 5, backoffMs: 100 },
    );
    await queue.start();
  });
  afterAll(async () => {
    await queue.close();
  });

  test('the handler is told which attempt it runs and how many the job has', async () => {
    await queue.enqueue('counted', {});
    await eventually(() => expect(counted).toHaveLength(3), { timeoutMs: 5000 });
    await sleep(500);
    expect(counted).toEqual([
      { attempt: 1, attempts: 4 },
      { attempt: 2, attempts: 4 },
      { attempt: 3, attempts: 4 },
    ]);
  });

  test('a PermanentJobError fails the job for good at once, kept with the failed ones', async () => {
    const failedBefore = (await queue.counts?.())?.refused?.failed ?? 0;
    await queue.enqueue('refused', {}, { jobId: 'poison:1' });
    await eventually(() => expect(refused).toHaveLength(1), { timeoutMs: 5000 });
    await eventually(async () => expect((await queue.counts!()).refused?.failed).toBe(failedBefore + 1), {
      timeoutMs: 5000,
    });
    await sleep(700);
    expect(refused).toEqual([{ attempt: 1, attempts: 5 }]);
    // Its id can be used again (a re-queue after the cause was mended).
    await queue.enqueue('refused', {}, { jobId: 'poison:1' });
    await eventually(() => expect(refused).toHaveLength(2), { timeoutMs: 5000 });
  });

  test('a delayed job runs after its delay, not before', async () => {
    const enqueuedAt = Date.now();
    await queue.enqueue('delayed', { enqueuedAt }, { delayMs: 800 });
    await sleep(400);
    expect(delayed).toHaveLength(0);
    await eventually(() => expect(delayed).toHaveLength(1), { timeoutMs: 5000 });
    expect(delayed[0]!.data).toEqual({ enqueuedAt });
    expect(delayed[0]!.at - enqueuedAt).toBeGreaterThanOrEqual(795);
  });

  test('a failing job is tried `attempts` times in all, with doubling backoff, then given up', async () => {
    await queue.enqueue('failing', {});
    await eventually(() => expect(failing).toHaveLength(3), { timeoutMs: 5000 });
    const [first, second, third] = failing as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(190);
    expect(third - second).toBeGreaterThanOrEqual(390);
    await sleep(1000);
    expect(failing).toHaveLength(3);
  });

  test('a job that fails and then succeeds is not run again', async () => {
    await queue.enqueue('flaky', {});
    await eventually(() => expect(flaky).toHaveLength(3), { timeoutMs: 5000 });
    await sleep(800);
    expect(flaky).toHaveLength(3);
  });

  test('a job id still waiting is not added twice; once run, the id can be used again', async () => {
    const jobId = 'announcement:42';
    await queue.enqueue('deduped', { label: 'first' }, { jobId, delayMs: 300 });
    await queue.enqueue('deduped', { label: 'duplicate' }, { jobId, delayMs: 300 });
    await queue.enqueue('deduped', { label: 'other' }, { jobId: 'announcement:43', delayMs: 300 });
    await eventually(() => expect([...deduped].sort()).toEqual(['first', 'other']), { timeoutMs: 5000 });
    await sleep(500);
    expect([...deduped].sort()).toEqual(['first', 'other']);

    await queue.enqueue('deduped', { label: 'again' }, { jobId });
    await eventually(() => expect([...deduped].sort()).toEqual(['again', 'first', 'other']), {
      timeoutMs: 5000,
    });
  });

  test('the id of a job that failed for good can be used again', async () => {
    const jobId = 'reminder:7';
    await queue.enqueue('doomed', { label: 'fails', fail: true }, { jobId });
    await eventually(() => expect(doomed).toEqual(['fails']), { timeoutMs: 5000 });
    await sleep(100);
    await queue.enqueue('doomed', { label: 'succeeds', fail: false }, { jobId });
    await eventually(() => expect(doomed).toEqual(['fails', 'succeeds']), { timeoutMs: 5000 });
  });
});

describe.each(adapters)('%s repeated job', (_adapter, create) => {
  test('runs right after start, then every period; declared twice it is still one schedule', async () => {
    const runs: number[] = [];
    const queue = create('contract-repeat');
    queue.register('tick', async () => {
      runs.push(Date.now());
    });
    await queue.start();
    try {
      await queue.repeat('tick', 1000);
      await queue.repeat('tick', 1000);
      await eventually(() => expect(runs.length).toBeGreaterThanOrEqual(1), { timeoutMs: 800 });
      await eventually(() => expect(runs.length).toBeGreaterThanOrEqual(3), { timeoutMs: 4000 });
      // About one run per second (plus the start-up run), not two.
      const span = (runs.at(-1)! - runs[0]!) / 1000;
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(span) + 2);
    } finally {
      await queue.close();
    }
  });
});

describe('bullmq job queue across processes', () => {
  test('a delayed job enqueued by one instance runs on a new instance after the first is closed', async () => {
    const options = { redisUrl, namespace, service: 'contract-restart', logger: silentLogger };
    const ranOnFirst: unknown[] = [];
    const first = createBullmqJobQueue(options);
    first.register('later', async (data) => {
      ranOnFirst.push(data);
    });
    await first.start();
    const enqueuedAt = Date.now();
    await first.enqueue('later', { note: 'survives a restart' }, { delayMs: 1200 });
    await first.close();

    const ran: Array<{ at: number; data: unknown }> = [];
    const second = createBullmqJobQueue(options);
    second.register('later', async (data) => {
      ran.push({ at: Date.now(), data });
    });
    try {
      await second.start();
      await eventually(() => expect(ran).toHaveLength(1), { timeoutMs: 5000 });
      expect(ran[0]!.data).toEqual({ note: 'survives a restart' });
      expect(ran[0]!.at - enqueuedAt).toBeGreaterThanOrEqual(1195);
      expect(ranOnFirst).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
