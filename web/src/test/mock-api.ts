import type { ClientUser } from '@tapinti/contracts/auth-api';

/** A fake `fetch` for component tests: answers by "METHOD /path" (query string included if given). */
export interface MockReply {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Raw body text (wins over `body`). */
  text?: string;
  /** Response headers (e.g. `X-Total-Count`, `Link`). */
  headers?: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
  credentials?: RequestCredentials;
  headers: Record<string, string>;
}

type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const path = url.split('?')[0];
    const handler = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (!handler) throw new Error(`mockApi: no route for ${method} ${url}`);
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const status = reply.status ?? 200;
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: reply.statusText ?? STATUS_TEXT[status] ?? '',
      headers: new Headers(reply.headers),
      text: async () => text,
      json: async () => JSON.parse(text),
    } as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock };
}

export const testUser: ClientUser = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'aysel',
  email: 'aysel@example.az',
  phone: '+994501234567',
  role: 'user',
  organizationId: null,
};

export function announcement(overrides: Record<string, unknown> = {}) {
  return {
    id: 'a1',
    type: 'lost',
    title: 'Qara pulqabı itirilib',
    description: 'Dəri pulqabı, içində sənədlər və bank kartları var idi.',
    location: 'Nizami küçəsi, Bakı',
    category: 'bags',
    roomNumber: null,
    imageUrl: null,
    rewardAmount: 0,
    rewardDescription: null,
    status: 'open',
    organizationId: null,
    createdAt: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An announcement as its author gets it (GET /api/announcements/my and the details): with contact and visibility. */
export function myAnnouncement(overrides: Record<string, unknown> = {}) {
  return {
    ...announcement(),
    contactInfo: testUser.phone,
    userId: testUser.id,
    isPublic: true,
    isActive: true,
    ...overrides,
  };
}
