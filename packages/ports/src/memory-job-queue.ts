import type { Logger } from '@tapinti/platform/logger';
import {
  PermanentJobError,
  type JobCounts,
  type JobDefinition,
  type JobQueue,
  type JobRun,
} from './job-queue';
import { exponentialBackoff } from '@tapinti/platform/backoff';

const MAX_TIMER_MS = 2_147_483_647;

interface Registered {
  handler: (data: unknown, run: JobRun) => Promise<void>;
  attempts: number;
  backoffMs: number;
}

/** Timers in this process; same retry semantics as BullMQ. Jobs do not outlive the process. */
export function createMemoryJobQueue(logger: Logger): JobQueue {
  const handlers = new Map<string, Registered>();
  const waiting = new Map<string, NodeJS.Timeout>();
  /** What each timer in `waiting` is: its job name, and whether it is due later (delayed). */
  const scheduled = new Map<string, { name: string; delayed: boolean }>();
  const early: Array<{ name: string; add: () => void }> = [];
  const active = new Map<string, number>();
  /** Jobs failed for good since start, per name. */
  const failed = new Map<string, number>();
  const bump = (counts: Map<string, number>, name: string, by: number) =>
    counts.set(name, (counts.get(name) ?? 0) + by);
  const repeating = new Map<string, NodeJS.Timeout>();
  let started = false;
  let closed = false;
  let anonymous = 0;

  function schedule(name: string, data: unknown, delayMs: number, jobId: string, attempt: number) {
    // Node fires a timer longer than 2^31-1 ms at once, so a 30-day delay is chained in steps.
    if (delayMs > MAX_TIMER_MS) {
      const step = setTimeout(
        () => schedule(name, data, delayMs - MAX_TIMER_MS, jobId, attempt),
        MAX_TIMER_MS,
      );
      step.unref?.();
      waiting.set(jobId, step);
      scheduled.set(jobId, { name, delayed: true });
      return;
    }
    const timer = setTimeout(
      async () => {
        waiting.delete(jobId);
        scheduled.delete(jobId);
        const registered = handlers.get(name);
        if (!registered || closed) return;
        bump(active, name, 1);
        try {
          await registered.handler(structuredClone(data), { attempt, attempts: registered.attempts });
        } catch (err) {
          if (attempt < registered.attempts && !(err instanceof PermanentJobError)) {
            const backoff = exponentialBackoff(attempt - 1, registered.backoffMs);
            logger.warn({ err, job: name, jobId, attempt }, 'job failed; retrying');
            schedule(name, data, backoff, jobId, attempt + 1);
          } else {
            logger.error({ err, job: name, jobId, attempt }, 'job failed for good');
            bump(failed, name, 1);
          }
        } finally {
          bump(active, name, -1);
        }
      },
      Math.max(0, delayMs),
    );
    timer.unref?.();
    waiting.set(jobId, timer);
    scheduled.set(jobId, { name, delayed: delayMs > 0 });
  }

  const queue: JobQueue = {
    register(name, handler, definition: JobDefinition = {}) {
      handlers.set(name, {
        handler: handler as Registered['handler'],
        attempts: definition.attempts ?? 1,
        backoffMs: definition.backoffMs ?? 1000,
      });
    },
    async enqueue(name, data, options = {}) {
      if (closed) throw new Error('job queue is closed');
      const jobId = options.jobId ? `${name}:${options.jobId}` : `${name}:#${++anonymous}`;
      if (waiting.has(jobId)) return;
      const add = () => schedule(name, data, options.delayMs ?? 0, jobId, 1);
      if (started) add();
      else early.push({ name, add });
    },
    async repeat(name, everyMs) {
      if (repeating.has(name)) return;
      // Each period's run is an ordinary job with a per-name id: a run still going is not doubled.
      const run = () => void queue.enqueue(name, {}, { jobId: 'repeat' });
      const timer = setInterval(run, everyMs);
      timer.unref?.();
      repeating.set(name, timer);
      run();
    },
    async start() {
      started = true;
      early.splice(0).forEach((job) => job.add());
    },
    async counts() {
      const counts: Record<string, JobCounts> = {};
      const of = (name: string) => (counts[name] ??= { waiting: 0, delayed: 0, active: 0, failed: 0 });
      for (const name of handlers.keys()) of(name);
      for (const { name } of early) of(name).waiting += 1;
      for (const { name, delayed } of scheduled.values()) of(name)[delayed ? 'delayed' : 'waiting'] += 1;
      for (const [name, count] of active) of(name).active += count;
      for (const [name, count] of failed) of(name).failed += count;
      return counts;
    },
    async close() {
      closed = true;
      for (const timer of repeating.values()) clearInterval(timer);
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
      scheduled.clear();
    },
  };
  return queue;
}
