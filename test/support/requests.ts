import fs from 'node:fs';
import path from 'node:path';
import { eventually } from './eventually';
import type { HttpClient, HttpResponse } from './http-client';
import { uniqueName } from './http-client';
import { ROOT } from './platform';

/** How long another service may take to learn about an event (Kafka in distributed mode) on a busy CI machine. */
export const PROPAGATION_MS = 30_000;

export const LOST = {
  type: 'lost',
  title: 'Qara pulqabı itirilib',
  description: 'Metroda qara dəri pulqabı itirmişəm, içində sənədlər var',
  category: 'bags',
  location: 'Gənclik metrosu',
};

export const FOUND = {
  type: 'found',
  title: 'Qara telefon tapılıb',
  description: 'Nizami küçəsində qara telefon tapmışam, sahibini axtarıram',
  category: 'phones',
  location: 'Nizami küçəsi',
};

/** Posts an announcement (201 expected) with a unique title; returns its details. */
export async function postAnnouncement(client: HttpClient, fields: Record<string, unknown> = {}) {
  const res = await client.post('/api/announcements', {
    ...LOST,
    ...fields,
    title: `${String(fields.title ?? LOST.title)} ${uniqueName('n')}`.slice(0, 120),
  });
  if (res.status !== 201) throw new Error(`posting an announcement failed: ${res.status} ${res.text}`);
  return res.body as { id: string; title: string; organizationId: string | null; userId: string };
}

/**
 * Files a request. The requests service learns about announcements from their events, so just
 * after posting it may not know one yet (404): that is retried until it does.
 */
export async function fileRequest(
  client: HttpClient,
  body: Record<string, unknown>,
  { expectStatus = 201 }: { expectStatus?: number } = {},
): Promise<HttpResponse> {
  return eventually(
    async () => {
      const res = await client.post('/api/requests', { contactMethod: 'phone', ...body });
      expect(res.status === 404 && expectStatus !== 404 ? 'not known yet' : res.status).toBe(expectStatus);
      return res;
    },
    { timeoutMs: PROPAGATION_MS, intervalMs: 100 },
  );
}

/** Everything the platform's processes wrote to their logs (test/support/platform.ts keeps them). */
export function capturedLogs(namespace: string): string {
  const dir = path.join(ROOT, '.stack', 'test-logs');
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${namespace}-`) && f.endsWith('.log'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}
