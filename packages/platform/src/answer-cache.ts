import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * Tells a cache when what its answers were read from changed. `live` is false while a change
 * could go unreported (its listening connection is lost or not open yet): nothing is kept then.
 */
export interface ChangeSignal {
  readonly live: boolean;
  onChange(listener: () => void): void;
}

/** An answer as it was sent: status, the headers its handler set, the JSON bytes and their ETag. */
export interface KeptAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  etag: string;
  keptAt: number;
}

export interface AnswerCacheOptions {
  /** The most bytes of bodies kept (the least recently sent go first); one body may take a quarter. */
  maxBytes: number;
  /** How long an answer is kept at most, in case a change was never reported. */
  maxAgeMs: number;
  now?: () => number;
}

export interface AnswerCache {
  /** The answer kept for `key`, if nothing it was read from has changed since. */
  get(key: string): KeptAnswer | undefined;
  /** Where a computation starts: its answer is kept only if no change was reported until it ends. */
  generation(): number;
  /** Keeps an answer computed since `generation` (not if a change came in between); returns it as kept. */
  keep(key: string, since: number, answer: Pick<KeptAnswer, 'status' | 'headers' | 'body'>): KeptAnswer;
}

/**
 * The JSON answers of a public read, kept while the rows they were read from stay unchanged: every
 * reported change forgets them all. The busiest requests (the board's first page, a category, a
 * common word) are asked again and again between two writes; each is then read, checked and
 * serialised once instead of once per request.
 */
export function createAnswerCache(signal: ChangeSignal, options: AnswerCacheOptions): AnswerCache {
  const now = options.now ?? Date.now;
  const answers = new Map<string, KeptAnswer>();
  let bytes = 0;
  let generation = 0;
  const forget = (key: string, answer: KeptAnswer) => {
    answers.delete(key);
    bytes -= answer.body.length;
  };
  signal.onChange(() => {
    generation += 1;
    answers.clear();
    bytes = 0;
  });
  return {
    get(key) {
      const answer = answers.get(key);
      if (!answer) return undefined;
      forget(key, answer);
      if (!signal.live || now() - answer.keptAt > options.maxAgeMs) return undefined;
      // Map order is insertion order: the one sent last goes to the end, the oldest is evicted first.
      answers.set(key, answer);
      bytes += answer.body.length;
      return answer;
    },
    generation: () => generation,
    keep(key, since, answer) {
      const kept = { ...answer, etag: etagOf(answer.body), keptAt: now() };
      if (!signal.live || since !== generation || kept.body.length > options.maxBytes / 4) return kept;
      const previous = answers.get(key);
      if (previous) forget(key, previous);
      for (const [oldKey, old] of answers) {
        if (bytes + kept.body.length <= options.maxBytes) break;
        forget(oldKey, old);
      }
      answers.set(key, kept);
      bytes += kept.body.length;
      return kept;
    },
  };
}

/** Express's own ETag form (weak: length and SHA-1 of the bytes), so a kept answer validates alike. */
function etagOf(body: Buffer): string {
  const hash = createHash('sha1').update(body).digest('base64').substring(0, 27);
  return `W/"${body.length.toString(16)}-${hash}"`;
}

/** Sends a kept answer; express answers 304 to a request whose `If-None-Match` names its ETag. */
export function sendKept(res: Response, answer: KeptAnswer): void {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.setHeader('ETag', answer.etag);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.status(answer.status).send(answer.body);
}
