import { registerUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { metricsTargets, metricValue, scrapeMetrics, type Sample } from '../support/metrics';
import { selectedModes, sharedPlatforms, startPlatform, type Platform } from '../support/platform';

const TOKEN = 'metrics-test-token-4f1c9a7e2b';

const announcement = {
  type: 'found',
  title: 'Metrik üçün elan',
  description: 'Bu elan metriklərin sınağı üçündür',
  category: 'keys',
  location: 'Yasamal',
};

async function getMetrics(baseUrl: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/metrics`, { headers, signal: AbortSignal.timeout(10_000) });
}

// A platform of its own, with a metrics token.
describe.each(selectedModes())('Prometheus metrics (%s)', (mode) => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform(mode, { env: { METRICS_TOKEN: TOKEN } });
  }, 180_000);
  afterAll(async () => {
    await platform?.stop();
  });

  const targets = () => metricsTargets(platform);
  const scrapeAll = (): Promise<Sample[]> => scrapeMetrics(platform, { authorization: `Bearer ${TOKEN}` });

  it('counts requests by route pattern and status, and shows relay lag, consumer events, consumer lag and job queues', async () => {
    const user = await registerUser(platform.url, 'metrik');
    const created = await user.client.post('/api/announcements', announcement);
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    expect((await user.client.get(`/api/announcements/${id}`)).status).toBe(200);

    await eventually(
      async () => {
        const samples = await scrapeAll();
        const requests = (labels: Record<string, string>) =>
          metricValue(samples, 'tapinti_http_requests_total', labels) ?? 0;
        expect(requests({ service: 'auth', method: 'POST', route: '/api/register', status: '201' })).toBe(1);
        expect(
          requests({ service: 'announcements', method: 'POST', route: '/api/announcements', status: '201' }),
        ).toBe(1);
        expect(
          requests({
            service: 'announcements',
            method: 'GET',
            route: '/api/announcements/:id',
            status: '200',
          }),
        ).toBe(1);
        expect(
          metricValue(samples, 'tapinti_http_request_duration_seconds_count', {
            service: 'announcements',
            route: '/api/announcements',
            method: 'POST',
          }),
        ).toBe(1);
        // The gateway's side, by upstream service and route-table prefix.
        expect(
          metricValue(samples, 'tapinti_gateway_requests_total', {
            upstream: 'auth',
            route: '/api/register',
            method: 'POST',
            status: '201',
          }),
        ).toBe(1);
        expect(
          metricValue(samples, 'tapinti_gateway_requests_total', {
            upstream: 'announcements',
            method: 'GET',
          }),
        ).toBeGreaterThanOrEqual(1);
        // Ids never become label values.
        expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);

        // Every event appended was published: each appending service reports a lag, now 0.
        for (const service of ['auth', 'announcements', 'organizations', 'requests'])
          expect(metricValue(samples, 'tapinti_relay_lag_events', { service })).toBe(0);
        expect(metricValue(samples, 'tapinti_relay_lag_events', { service: 'audit' })).toBeUndefined();

        // The registration and the announcement (at least) were applied by the audit log's group.
        expect(
          metricValue(samples, 'tapinti_consumer_events_total', {
            service: 'audit',
            group: 'audit.audit-log',
          }),
        ).toBeGreaterThanOrEqual(2);
        expect(
          metricValue(samples, 'tapinti_consumer_lag_events', { service: 'audit', group: 'audit.audit-log' }),
        ).toBe(0);

        for (const state of ['waiting', 'delayed', 'active', 'failed'])
          expect(
            metricValue(samples, 'tapinti_job_queue_jobs', {
              service: 'announcements',
              job_name: 'archive-due-announcements',
              state,
            }),
          ).toEqual(expect.any(Number));
        expect(
          metricValue(samples, 'tapinti_job_queue_jobs', {
            job_name: 'archive-due-announcements',
            state: 'failed',
          }),
        ).toBe(0);
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
  });

  it('answers /metrics only with the configured bearer token, on every process, and never under /api', async () => {
    for (const target of targets()) {
      const missing = await getMetrics(target);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('www-authenticate')).toContain('Bearer');
      expect(await missing.text()).not.toContain('tapinti_');
      expect((await getMetrics(target, { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
      expect((await getMetrics(target, { authorization: TOKEN })).status).toBe(401);
      expect((await getMetrics(target, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    }
    const client = new HttpClient(platform.url);
    const underApi = await client.get('/api/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(underApi.status).toBe(404);
    expect(underApi.body).toEqual({ message: 'Belə ünvan yoxdur' });
  });
});

// The shared platforms run without a token: only direct requests from this host get an answer.
describe.each(sharedPlatforms())('Prometheus metrics without a token ($mode)', ({ url }) => {
  it('answers a direct loopback request and refuses one that came through a proxy', async () => {
    const direct = await getMetrics(url);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('tapinti_gateway_requests_total');
    expect((await getMetrics(url, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(403);
    expect((await getMetrics(url, { forwarded: 'for=203.0.113.7' })).status).toBe(403);
    expect((await new HttpClient(url).get('/api/metrics')).status).toBe(404);
  });
});
