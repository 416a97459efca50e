import { registerUser } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { startPlatform, type Platform } from '../support/platform';

/** Embedded mode keeps sessions in the database (PGlite): a restart signs nobody out, nor back in. */
describe('embedded platform restart', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform('embedded');
  }, 120_000);
  afterAll(async () => {
    await platform?.stop();
  });

  it('keeps a session across a restart; a session ended by logout stays ended', async () => {
    const user = await registerUser(platform.url, 'restart');
    const before = await user.client.get('/api/user');
    expect(before).toMatchObject({ status: 200, body: { id: user.id, username: user.username } });

    await platform.restart();
    const after = await user.client.get('/api/user');
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before.body);

    const cookie = user.client.cookies.get('tapinti_session');
    expect(cookie).toBeTruthy();
    const out = await user.client.post('/api/logout');
    expect([200, 204]).toContain(out.status);
    expect((await user.client.get('/api/user')).status).toBe(401);

    await platform.restart();
    // The old cookie is still a validly signed token: only the session registry refuses it.
    const replay = new HttpClient(platform.url);
    replay.cookies.set('tapinti_session', cookie!);
    expect((await replay.get('/api/user')).status).toBe(401);
  }, 180_000);
});
