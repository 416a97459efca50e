import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createHttpApp, finishHttpApp } from '@tapinti/platform/http';
import { accessLogSerializers, redactUrl } from '@tapinti/platform/logger';

/** An app on the platform base whose log lines (JSON) are collected. */
async function appLogging(level: 'info' | 'debug') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // The platform logger's redactions, as createLogger sets them.
  const logger = pino(
    { level, redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], censor: '[redacted]' } },
    sink,
  );
  const app = createHttpApp(logger);
  app.put('/api/objects/uploads/:token', (_req, res) => {
    res.status(204).end();
  });
  app.get('/api/things', (_req, res) => {
    res.json({ ok: true });
  });
  finishHttpApp(app, logger);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const send = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: { cookie: 'tapinti_session=secret-cookie', 'user-agent': 'x'.repeat(300), ...init.headers },
    });
    await res.arrayBuffer();
    // The line is written once the response has finished.
    await new Promise((r) => setTimeout(r, 30));
    return res;
  };
  return { lines, send, close: () => new Promise((r) => server.close(r)) };
}

describe('redactUrl', () => {
  it('hides upload tokens and signed query parameters, and only them', () => {
    expect(redactUrl('/api/objects/uploads/tok.en-123')).toBe('/api/objects/uploads/[redacted]');
    expect(redactUrl('/api/objects/uploads/abc?x=1')).toBe('/api/objects/uploads/[redacted]?x=1');
    expect(
      redactUrl(
        '/bucket/key.jpg?X-Amz-Algorithm=AWS4&X-Amz-Credential=AK%2F1&X-Amz-Signature=deadbeef&part=2',
      ),
    ).toBe(
      '/bucket/key.jpg?X-Amz-Algorithm=[redacted]&X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&part=2',
    );
    expect(redactUrl('/x?token=abc&Signature=s&search=pul')).toBe(
      '/x?token=[redacted]&Signature=[redacted]&search=pul',
    );
    expect(redactUrl('/api/objects/upload')).toBe('/api/objects/upload');
    expect(redactUrl('/api/announcements?search=pulqabı&page=2')).toBe(
      '/api/announcements?search=pulqabı&page=2',
    );
  });
});

describe('accessLogSerializers', () => {
  const req = {
    id: 'r-1',
    method: 'PUT',
    url: '/api/objects/uploads/secret-token',
    headers: { host: 'h', referer: 'http://h/api/objects/uploads/secret-token' },
    remoteAddress: '127.0.0.1',
  };

  it('at info: method, redacted path and id; the status alone', () => {
    const s = accessLogSerializers(false);
    expect(s.req(req)).toEqual({ id: 'r-1', method: 'PUT', url: '/api/objects/uploads/[redacted]' });
    expect(s.res({ statusCode: 204, headers: { 'set-cookie': 'x' } })).toEqual({ statusCode: 204 });
  });

  it('at debug: the headers too, a referer redacted like the path', () => {
    const line = accessLogSerializers(true).req(req) as { headers: Record<string, string> };
    expect(line.headers).toEqual({ host: 'h', referer: 'http://h/api/objects/uploads/[redacted]' });
  });
});

describe('the access log', () => {
  it('writes one compact line per request at info: method, path, status, time, request id; no headers', async () => {
    const app = await appLogging('info');
    try {
      const res = await app.send('/api/things?search=pul', { headers: { 'x-request-id': 'req-abc' } });
      expect(res.status).toBe(200);
      expect(app.lines).toHaveLength(1);
      const line = JSON.parse(app.lines[0]!);
      expect(line).toMatchObject({
        level: 30,
        req: { id: 'req-abc', method: 'GET', url: '/api/things?search=pul' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      });
      expect(line.req.headers).toBeUndefined();
      expect(line.res.headers).toBeUndefined();
      expect(app.lines[0]!.length).toBeLessThan(300);
      expect(app.lines[0]).not.toContain('secret-cookie');
    } finally {
      await app.close();
    }
  });

  it('never writes an upload token', async () => {
    const app = await appLogging('info');
    try {
      const res = await app.send('/api/objects/uploads/capability-token-123', { method: 'PUT', body: 'x' });
      expect(res.status).toBe(204);
      expect(app.lines.join('\n')).not.toContain('capability-token-123');
      expect(JSON.parse(app.lines[0]!).req.url).toBe('/api/objects/uploads/[redacted]');
    } finally {
      await app.close();
    }
  });

  it('adds the headers at debug, cookies still redacted', async () => {
    const app = await appLogging('debug');
    try {
      await app.send('/api/things');
      const line = JSON.parse(app.lines.at(-1)!);
      expect(line.req.headers.cookie).toBe('[redacted]');
      expect(line.req.headers['user-agent']).toBe('x'.repeat(300));
      expect(app.lines.join('\n')).not.toContain('secret-cookie');
    } finally {
      await app.close();
    }
  });
});
