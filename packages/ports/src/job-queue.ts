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

/** Delayed and retried background work. Handlers are registered before `start`. */
export interface JobQueue {
  register<T>(name: string, handler: (data: T) => Promise<void>, definition?: JobDefinition): void;
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}
