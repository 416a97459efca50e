import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { sharedPlatforms } from '../support/platform';
import { postAnnouncement } from '../support/requests';

/** A raw GET: the bytes as they came over the wire (fetch would decode them) and the headers. */
async function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

describe.each(sharedPlatforms())('web assets and answers compressed ($mode)', ({ url }) => {
  let script: string;

  beforeAll(async () => {
    const index = await rawGet(`${url}/`, { accept: 'text/html' });
    expect(index.status).toBe(200);
    // The entry script Vite hashed into its name.
    script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString('utf8'))![1]!;
  });

  it('serves a hashed asset pre-compressed with brotli when accepted, immutable', async () => {
    const plain = await rawGet(`${url}${script}`, { 'accept-encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await rawGet(`${url}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const plain = await rawGet(`${url}${script}`);
    const gz = await rawGet(`${url}${script}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('compresses JSON answers of the services', async () => {
    const author = await registerUser(url, 'siqilma');
    for (let i = 0; i < 4; i++) await postAnnouncement(author.client);
    const plain = await rawGet(`${url}/api/announcements`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const gz = await rawGet(`${url}/api/announcements`, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-type']).toContain('application/json');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Array.isArray(JSON.parse(gunzipSync(gz.body).toString('utf8')))).toBe(true);
  });

  it('never compresses the audit event stream (it would be held back)', async () => {
    const admin = await signInSuperAdmin(url);
    const controller = new AbortController();
    const res = await fetch(`${url}/api/audit-logs/stream`, {
      headers: { cookie: admin.cookieHeader, 'accept-encoding': 'gzip, br' },
      signal: controller.signal,
    });
    try {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/event-stream');
      expect(res.headers.get('content-encoding')).toBeNull();
      // The first event-stream lines arrive at once, not when a compressor's buffer fills.
      const first = await res.body!.getReader().read();
      expect(new TextDecoder().decode(first.value)).toContain(': connected');
    } finally {
      controller.abort();
    }
  });
});
