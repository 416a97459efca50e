import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import { adapterConfigSchema, loadConfig } from '@tapinti/platform/config';
import { createGatewayApp } from '../../src/gateway-app';

/** The gateway with a readiness check that fails the way a store does, its log lines collected. */
async function gatewayNotReady(reason: string) {
  const logged: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
  const app = createGatewayApp({
    logger,
    upstreams: {},
    ready: () => Promise.reject(new Error(reason)),
    webDir: '/nonexistent',
    clientLimits: loadConfig(adapterConfigSchema, { JWT_SECRET: 'x'.repeat(40) }),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, logged, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the public /readyz', () => {
  it('answers only its status when a store fails; the reason goes to the log', async () => {
    const reason = 'not ready: auth: password authentication failed for user "tapinti" at 10.1.2.3:5432';
    const gateway = await gatewayNotReady(reason);
    try {
      const res = await fetch(`${gateway.url}/readyz`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ status: 'not ready' });
      expect(text).not.toContain('password');
      expect(gateway.logged.join('')).toContain('password authentication failed');
    } finally {
      await gateway.stop();
    }
  });
});
