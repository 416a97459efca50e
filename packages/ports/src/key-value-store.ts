/** Small shared state with expiry: sessions and throttling counters. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Adds one and returns the new value; the expiry is set when the key is created. */
  increment(key: string, ttlSeconds: number): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
