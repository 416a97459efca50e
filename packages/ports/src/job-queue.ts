export interface JobOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** A job with the same id that is still waiting is not added twice. */
  jobId?: string;
}

export interface JobDefinition {
  /** Total tries, the first included. */
  attempts?: number;
  /** First retry delay; doubles on each further retry. */
  backoffMs?: number;
}

/** What a job queue holds of one job name: its depth (waiting, delayed), running and failed jobs. */
export interface JobCounts {
  /** Due and not yet picked up. */
  waiting: number;
  /** Scheduled later, retries waiting for their backoff included. */
  delayed: number;
  active: number;
  /** Failed for good (every attempt used) and still kept for inspection. */
  failed: number;
}

/** What a handler is told about the run it is in. */
export interface JobRun {
  /** This try, from 1. */
  attempt: number;
  /** Total tries the job has (its definition's `attempts`). */
  attempts: number;
}

/**
 * Thrown by a handler for a failure no retry can mend (e.g. a mail server's permanent 5xx
 * refusal): the job fails for good at once, without its remaining attempts, and is kept with the
 * failed ones like a job whose every attempt failed.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/** Delayed and retried background work. Handlers are registered before `start`. */
export interface JobQueue {
  register<T>(
    name: string,
    handler: (data: T, run: JobRun) => Promise<void>,
    definition?: JobDefinition,
  ): void;
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Runs the registered job `name` (with no data) once right after start and then every
   * `everyMs`; declared again by a restart or by several instances, it is still one schedule.
   * Work that must survive restarts is found from the data by such a job, not kept in timers.
   */
  repeat(name: string, everyMs: number): Promise<void>;
  start(): Promise<void>;
  /** Jobs per registered job name, for monitoring (read at each metrics scrape). */
  counts?(): Promise<Record<string, JobCounts>>;
  close(): Promise<void>;
}
