import http from 'node:http';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { registerUser } from '../support/accounts';
import { HttpClient } from '../support/http-client';
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

  // Issue 21: a shared hotel or university Wi-Fi, where an attacker guesses from the owner's address.
  it("ten wrong passwords from an unknown client on the owner's address do not lock the owner's known device out", async () => {
    const owner = await registerUser(url, 'wifiowner');
    const neighbour = await registerUser(url, 'wifineighbour');
    // The owner's browser signs in once: a long-lived, signed, HttpOnly device cookie for /api.
    const signedIn = await owner.client.post('/api/login', {
      username: owner.username,
      password: owner.password,
    });
    expect(signedIn.status).toBe(200);
    const deviceCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('tapinti_device='));
    expect(deviceCookie).toMatch(/HttpOnly/i);
    expect(deviceCookie).toMatch(/Path=\/api(;|$)/i);
    expect(deviceCookie).toMatch(/SameSite=Lax/i);
    expect(Number(/Max-Age=(\d+)/i.exec(deviceCookie!)![1])).toBe(365 * 24 * 3600);

    const attacker = new HttpClient(url);
    const guesses: number[] = [];
    for (let i = 0; i < 11; i++)
      guesses.push(
        (await attacker.post('/api/login', { username: owner.username, password: `wrong-${i}-password` }))
          .status,
      );
    expect(guesses).toEqual([...Array(10).fill(401), 429]);

    // The owner's known device signs in at once, from the very same address.
    expect(
      (await owner.client.post('/api/login', { username: owner.email, password: owner.password })).status,
    ).toBe(200);
    // Unknown clients on that address stay locked, with the right password too: without a device
    // cookie, with a forged one, and with a real one of another account (it is not the owner's device).
    const stranger = new HttpClient(url);
    const forged = new HttpClient(url);
    forged.cookies.set('tapinti_device', `${owner.id}.${Date.now() + 3_600_000}.${'A'.repeat(43)}`);
    const borrowed = new HttpClient(url);
    borrowed.cookies.set('tapinti_device', neighbour.client.cookies.get('tapinti_device')!);
    for (const client of [stranger, forged, borrowed])
      expect(
        (await client.post('/api/login', { username: owner.username, password: owner.password })).status,
      ).toBe(429);
    // The known device's own failures still count (for it alone): ten, then it waits too.
    const own: number[] = [];
    for (let i = 0; i < 11; i++)
      own.push(
        (await owner.client.post('/api/login', { username: owner.username, password: `typo-${i}` })).status,
      );
    expect(own).toEqual([...Array(10).fill(401), 429]);
  });
});
