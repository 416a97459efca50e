import type { ServiceContext } from '@tapinti/runtime/service-module';
import { markEnqueued, pendingAfter, unqueuedPending } from '../store/notifications';
import { SEND_JOB } from './send-notification';

const PAGE = 200;

export interface Dispatcher {
  /** Look now (a transaction that wrote e-mail rows has committed). */
  nudge(): void;
  /** Hands every pending row without a job to the queue; resolves with how many it handed over. */
  dispatch(): Promise<number>;
  /** Start-up: every pending row to the queue again (a memory queue lost its jobs with the process). */
  sweep(): Promise<number>;
  start(pollMs: number): void;
  stop(): Promise<void>;
}

type DispatchContext = Pick<ServiceContext, 'knex' | 'jobs' | 'clock' | 'logger'>;

const dispatchers = new WeakMap<object, Dispatcher>();

/** The dispatcher the worker started for this service context (consumers nudge it). */
export function dispatcherOf(context: object): Dispatcher | undefined {
  return dispatchers.get(context);
}

/**
 * Hands e-mail rows to the job queue: one `send-notification` job per row, its id the row's, so a
 * row handed over twice is still one job. Rows are written by consumers and reminders inside their
 * transactions; only after those commit may a job exist, so the dispatcher reads committed rows
 * (`status = 'pending' and enqueued_at is null`), enqueues, then marks them. A crash between the
 * two enqueues again: harmless. Runs when nudged and every `pollMs`.
 */
export function createDispatcher(context: DispatchContext, owner: object): Dispatcher {
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function enqueueAll(ids: string[]) {
    for (const id of ids) await context.jobs.enqueue(SEND_JOB, { id }, { jobId: id });
    await markEnqueued(context.knex, ids, context.clock());
  }

  async function drain(): Promise<number> {
    let handed = 0;
    do {
      again = false;
      for (;;) {
        const ids = await unqueuedPending(context.knex, PAGE);
        if (ids.length === 0) break;
        await enqueueAll(ids);
        handed += ids.length;
        if (ids.length < PAGE || stopped) break;
      }
    } while (again && !stopped);
    return handed;
  }

  const dispatcher: Dispatcher = {
    nudge() {
      if (stopped) return;
      void dispatcher
        .dispatch()
        .catch((err) => context.logger.warn({ err }, 'dispatching notifications failed; will retry'));
    },
    dispatch() {
      if (running) {
        again = true;
        return running;
      }
      running = drain().finally(() => {
        running = null;
      });
      return running;
    },
    async sweep() {
      let handed = 0;
      let after: string | null = null;
      for (;;) {
        const ids = await pendingAfter(context.knex, after, PAGE);
        if (ids.length === 0) return handed;
        await enqueueAll(ids);
        handed += ids.length;
        after = ids[ids.length - 1]!;
      }
    },
    start(pollMs) {
      timer = setInterval(() => dispatcher.nudge(), pollMs);
      timer.unref?.();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
  dispatchers.set(owner, dispatcher);
  return dispatcher;
}
