import http from 'node:http';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { registerUser } from '../support/accounts';
import { sharedPlatforms } from '../support/platform';

/** A login sent from another loopback address (the gateway takes the client address from the socket). */
function loginFrom(localAddress: string, baseUrl: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      new URL('/api/login', baseUrl),
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

describe.each(sharedPlatforms())('failed-login throttling ($mode)', ({ url }) => {
  it('30 wrong passwords in a row for one account give 429s; other users can still log in', async () => {
    const victim = await registerUser(url, 'victim');
    const bystander = await registerUser(url, 'bystander');
    const statuses: number[] = [];
    let lastRetryAfter: string | null = null;
    let lastBody: unknown;
    for (let i = 0; i < 30; i++) {
      const res = await victim.client.post('/api/login', {
        username: victim.username,
        password: `wrong-${i}-password`,
      });
      statuses.push(res.status);
      if (res.status === 429) {
        lastRetryAfter = res.headers.get('retry-after');
        lastBody = res.body;
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    expect(lastBody).toEqual({ message: AUTH_MESSAGES.throttled });
    expect(Number(lastRetryAfter)).toBeGreaterThan(0);

    // While locked, the right password does not help, nor naming the account by its e-mail.
    for (const username of [victim.username, victim.email])
      expect((await victim.client.post('/api/login', { username, password: victim.password })).status).toBe(
        429,
      );
    // Another user from the same address is not affected.
    expect(
      (
        await bystander.client.post('/api/login', {
          username: bystander.username,
          password: bystander.password,
        })
      ).status,
    ).toBe(200);
    // The same account from another address is not affected.
    expect(await loginFrom('127.0.0.2', url, { username: victim.username, password: victim.password })).toBe(
      200,
    );
  });
});
