import { API_ENDPOINTS } from '@tapinti/contracts/api-endpoints';
import { openApiPath } from '@tapinti/contracts/endpoint';
import { registerUser } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { sharedPlatforms } from '../support/platform';

describe.each(sharedPlatforms())('API document and reference ($mode)', ({ url }) => {
  const anonymous = new HttpClient(url);

  it('serves the OpenAPI 3.1 document of every endpoint contract, without a session', async () => {
    const res = await anonymous.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.openapi).toBe('3.1.0');
    for (const endpoint of API_ENDPOINTS) {
      expect(res.body.paths[openApiPath(endpoint.path)]).toHaveProperty(endpoint.method);
    }
  });

  it('serves Swagger UI from its npm package, under a CSP that needs no inline script', async () => {
    const page = await anonymous.get('/api/docs', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).not.toMatch(/<script>|https?:\/\//);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const [file, type] of [
      ['/api/docs/swagger-ui-bundle.js', 'javascript'],
      ['/api/docs/swagger-ui.css', 'text/css'],
      ['/api/docs/init.js', 'javascript'],
    ]) {
      const asset = await anonymous.get(file!);
      expect([file, asset.status]).toEqual([file, 200]);
      expect(asset.headers.get('content-type')).toContain(type);
    }
    expect((await anonymous.get('/api/docs/no-such-file.js')).status).toBe(404);
  });

  it('answers a method a documented path does not take with 405 and Allow', async () => {
    const patch = await anonymous.request('PATCH', '/api/login', {});
    expect(patch.status).toBe(405);
    expect(patch.body.message).toBeTruthy();
    expect(patch.headers.get('allow')).toBe('POST, OPTIONS');
    const user = await registerUser(url, 'metod');
    const post = await user.client.post('/api/announcements/my', {});
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const options = await anonymous.request('OPTIONS', '/api/announcements');
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
    expect((await anonymous.request('DELETE', '/api/openapi.json')).status).toBe(405);
  });

  it('refuses NUL and ill-formed UTF-16 in text with 400 and an Azerbaijani message, never 500', async () => {
    const user = await registerUser(url, 'nul');
    const login = await anonymous.post('/api/login', { username: 'a\u0000b', password: 'x' });
    expect(login.status).toBe(400);
    expect(login.body.message).toBe('Mətndə icazə verilməyən simvol var');
    const search = await anonymous.get('/api/announcements?search=%00');
    expect(search.status).toBe(400);
    // A lone surrogate can only arrive as a JSON escape.
    const body = Buffer.from(
      '{"type":"lost","title":"Pulqabı \\ud800 itib","description":"Metroda qara dəri pulqabı itirmişəm","category":"bags","location":"Bakı"}',
    );
    const created = await user.client.request('POST', '/api/announcements', body, {
      'content-type': 'application/json',
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ message: 'Mətndə icazə verilməyən simvol var', field: 'title' });
  });
});
