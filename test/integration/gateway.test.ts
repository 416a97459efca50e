import { HttpClient } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

describe.each(sharedPlatforms())('gateway ($mode)', ({ url }) => {
  const client = new HttpClient(url);

  it('answers /healthz and /readyz', async () => {
    expect((await client.get('/healthz')).status).toBe(200);
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready' });
  });

  it('serves the web app for any non-API path (SPA fallback) with security headers', async () => {
    const res = await client.get('/no/such/page', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.text).toContain('<div id="root">');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // The map's tiles (MAP_TILE_URL, OpenStreetMap's by default) may be drawn.
    expect(res.headers.get('content-security-policy')).toMatch(
      /img-src [^;]*https:\/\/tile\.openstreetmap\.org/,
    );
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it("names the static shell's first screen of / and /rewards in the HTML for a visitor reading Azerbaijani: it paints before any script", async () => {
    const page = async (path: string, cookie?: string) => {
      const res = await fetch(`${url}${path}`, { headers: cookie ? { cookie } : {} });
      expect(res.status).toBe(200);
      return { html: await res.text(), vary: res.headers.get('vary') ?? '' };
    };
    for (const path of ['/', '/rewards']) {
      for (const cookie of [undefined, 'tapinti_language=az', 'other=1; tapinti_language=az']) {
        const { html, vary } = await page(path, cookie);
        expect(html).toContain(`<html lang="az" data-first-screen="${path}">`);
        expect(html).toContain(`class="shell-screen" data-path="${path}"`);
        expect(vary).toMatch(/cookie/i);
      }
      // Another language chosen: the shell's Azerbaijani first screen stays hidden (the app paints its own).
      for (const cookie of ['tapinti_language=en', 'tapinti_language=ru'])
        expect((await page(path, cookie)).html).toContain('<html lang="az">');
    }
    for (const path of ['/about', '/auth', '/rewards/x'])
      expect((await page(path)).html).toContain('<html lang="az">');
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await client.get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Belə ünvan yoxdur' });
  });

  it('keeps a well-formed request id from the client and replaces a malformed one', async () => {
    expect((await client.get('/healthz', { 'x-request-id': 'abc-123' })).headers.get('x-request-id')).toBe(
      'abc-123',
    );
    expect(
      (await client.get('/healthz', { 'x-request-id': 'bad id\n' })).headers.get('x-request-id'),
    ).not.toContain(' ');
  });

  it('ignores identity headers a client sends', async () => {
    const res = await client.get('/api/user', {
      'x-user-id': '00000000-0000-0000-0000-000000000000',
      'x-user-role': 'super_admin',
    });
    expect(res.status).toBe(401);
  });

  it('refuses a state-changing request sent by a browser from another site', async () => {
    const res = await client.post(
      '/api/login',
      { username: 'x', password: 'y' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Bu mənbədən sorğuya icazə verilmir');
  });
});
