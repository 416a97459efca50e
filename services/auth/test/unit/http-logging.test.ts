import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { Knex } from '@tapinti/platform/db';
import { signInvitationToken } from '@tapinti/platform/invitation-token';
import type { EventSourcedContext } from '@tapinti/runtime/service-module';
import { createApp, redactInvitationToken } from '../../src/app';
import { authContextOnPglite, TEST_CONFIG } from './support';

describe("the auth service's access log", () => {
  let context: EventSourcedContext & { knex: Knex };
  beforeAll(async () => {
    context = await authContextOnPglite();
  });
  afterAll(() => context.knex.destroy());

  it('hides invitation tokens in paths, and only them', () => {
    expect(redactInvitationToken('/api/invitations/abc.123.mac')).toBe('/api/invitations/[redacted]');
    expect(redactInvitationToken('/api/invitations/abc.123.mac?x=1')).toBe('/api/invitations/[redacted]?x=1');
    expect(redactInvitationToken('/api/invitations/accept')).toBe('/api/invitations/accept');
    expect(redactInvitationToken('/api/user')).toBe('/api/user');
  });

  it('never writes the token of GET /api/invitations/:token, keeping the platform redactions', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = createApp({
      ...context,
      // Like the platform logger: its own redactions, which the service's HTTP logger keeps.
      logger: pino(
        {
          level: 'info',
          redact: { paths: ['req.headers.cookie'], censor: '[redacted]' },
        },
        sink,
      ),
      config: { ...TEST_CONFIG, COOKIE_SECURE: false },
    } as unknown as EventSourcedContext);
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const token = signInvitationToken(TEST_CONFIG.JWT_SECRET, {
        invitationId: randomUUID(),
        expiresAt: new Date(Date.now() + 60_000),
      });
      const res = await fetch(`http://127.0.0.1:${port}/api/invitations/${token}`, {
        headers: { cookie: 'tapinti_session=secret-cookie' },
      });
      expect(res.status).toBe(404);
      await new Promise((r) => setTimeout(r, 50));
      const log = lines.join('');
      expect(log).toContain('/api/invitations/[redacted]');
      expect(log).not.toContain(token.split('.')[2]!);
      expect(log).not.toContain('secret-cookie');
    } finally {
      server.close();
    }
  });
});
