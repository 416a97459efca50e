import type { z } from 'zod';

/**
 * A non-OK answer (spec §8): the message is `<status>: <body text>`, or the status text when the
 * body is empty. The server's own `{ message, field? }` is kept for the UI.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** The server's `message` field, when the body is JSON with one. */
  readonly serverMessage?: string;
  /** The form field the server blamed, when it said. */
  readonly field?: string;

  constructor(status: number, bodyText: string, statusText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    try {
      const parsed: unknown = JSON.parse(bodyText);
      if (parsed && typeof parsed === 'object') {
        const { message, field } = parsed as { message?: unknown; field?: unknown };
        if (typeof message === 'string' && message) this.serverMessage = message;
        if (typeof field === 'string' && field) this.field = field;
      }
    } catch {
      // Not JSON: the body text is in `message` already.
    }
  }
}

/** What the UI shows for a failure: the server's message, else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** Like serverMessage, but falls back to the error's own text (`<status>: <body>`). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new ApiError(res.status, text, res.statusText);
}

export interface RequestOptions<T> {
  body?: unknown;
  /** Checks (and narrows) the answer. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** Every call: same origin, cookies included, JSON in and out. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfNotOk(res);
  const text = await res.text();
  const data: unknown = text ? JSON.parse(text) : undefined;
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** A GET for SWR: `on401: 'null'` turns "not signed in" into null instead of an error (spec §7). */
export async function apiGet<T>(url: string, schema: z.ZodType<T>, on401: 'null'): Promise<T | null>;
export async function apiGet<T>(url: string, schema: z.ZodType<T>, on401?: 'throw'): Promise<T>;
export async function apiGet<T>(url: string, schema: z.ZodType<T>, on401: 'null' | 'throw' = 'throw') {
  try {
    return await apiRequest('GET', url, { schema });
  } catch (error) {
    if (on401 === 'null' && error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
