import http from 'node:http';
import type { FuzzRequest } from './malformed-requests';

export interface FuzzAnswer {
  request: FuzzRequest;
  /** The status, or null when no answer came (connection refused or reset, timeout). */
  status: number | null;
  /** The start of the answer's body, or the network error. */
  text: string;
  /** From sending to the end of the answer. */
  ms: number;
}

const KEEP_BYTES = 600;
const TIMEOUT_MS = 30_000;

/**
 * Sends one request exactly as given (bytes, headers, no Content-Type added) over a keep-alive
 * agent, as a client that reuses its connections does. An answer counts once its status line
 * arrives, also when the server answered before reading the whole body; a never-ending stream
 * (server-sent events) is cut after the status.
 */
export async function send(
  agent: http.Agent,
  baseUrl: string,
  request: FuzzRequest,
  extraHeaders: Record<string, string>,
): Promise<FuzzAnswer> {
  const started = performance.now();
  let answer = await sendOnce(agent, baseUrl, request, extraHeaders);
  // A kept-alive connection the server closed while idle: the request never reached it.
  if (answer.retry) answer = await sendOnce(agent, baseUrl, request, extraHeaders);
  return {
    request: answer.request,
    status: answer.status,
    text: answer.text,
    ms: performance.now() - started,
  };
}

function sendOnce(
  agent: http.Agent,
  baseUrl: string,
  request: FuzzRequest,
  extraHeaders: Record<string, string>,
): Promise<Omit<FuzzAnswer, 'ms'> & { retry?: boolean }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (status: number | null, text: string, retry = false) => {
      if (settled) return;
      settled = true;
      resolve({ request, status, text, retry });
    };
    const req = http.request({
      agent,
      host: url.hostname,
      port: url.port,
      method: request.method,
      path: request.path,
      headers: {
        ...extraHeaders,
        ...request.headers,
        ...(request.body ? { 'content-length': String(request.body.length) } : {}),
      },
      timeout: TIMEOUT_MS,
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if ((res.headers['content-type'] ?? '').includes('event-stream')) {
        res.destroy();
        finish(status, '(event stream)');
        return;
      }
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < KEEP_BYTES) chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', () => finish(status, Buffer.concat(chunks).toString('utf8').slice(0, KEEP_BYTES)));
      res.on('error', () => finish(status, Buffer.concat(chunks).toString('utf8').slice(0, KEEP_BYTES)));
    });
    req.on('timeout', () => {
      req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish(null, err.message, req.reusedSocket && err.code === 'ECONNRESET'),
    );
    if (request.body) req.end(request.body);
    else req.end();
  });
}

/** Runs `work` over `items` with at most `concurrency` at a time, in order of start. */
export async function inPool<T, R>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}
