export interface HttpResponse<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A small HTTP client with a cookie jar, like one browser tab talking to the gateway. */
export class HttpClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const init: RequestInit = {
      method,
      headers: {
        ...this.defaultHeaders,
        ...(body !== undefined && !(body instanceof Uint8Array)
          ? { 'content-type': 'application/json' }
          : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : body instanceof Uint8Array
            ? (body as Uint8Array<ArrayBuffer>)
            : JSON.stringify(body),
      redirect: 'manual',
    };
    const res = await fetch(url, init);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }
}

const OPERATOR_CODES = ['10', '50', '51', '55', '60', '70', '77', '99'];

/**
 * A random Azerbaijani mobile number. Suites share one database per run, so thousands of users
 * exist by the end; callers that register must still retry the rare taken number.
 */
export function uniquePhone(): string {
  const code = OPERATOR_CODES[Math.floor(Math.random() * OPERATOR_CODES.length)];
  return `+994${code}${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
}

/** Letters only: digits in a name that lands in a title could read as a phone number (a risk rule). */
const inLetters = (n: number): string => {
  let out = '';
  for (let rest = Math.floor(n); rest > 0; rest = Math.floor(rest / 26))
    out = String.fromCharCode(97 + (rest % 26)) + out;
  return out || 'a';
};

export function uniqueName(prefix = 'user'): string {
  return `${prefix}${inLetters(Date.now())}${inLetters(Math.random() * 1e6)}`;
}
