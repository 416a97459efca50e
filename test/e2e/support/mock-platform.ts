/**
 * A stand-in for the platform, for working on the web app alone: serves web/dist (SPA fallback,
 * the gateway's CSP) and answers the API contract in memory. Not used by the e2e suite, which
 * runs against the real embedded platform; start it with
 *   node --import tsx test/e2e/support/mock-platform.ts [port]
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { loginRequestSchema, profileRequestSchema, registerRequestSchema } from '@tapinti/contracts/auth-api';
import { createAnnouncementSchema, listAnnouncementsQuerySchema } from '@tapinti/contracts/announcements-api';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface User {
  id: string;
  username: string;
  email: string;
  phone: string | null;
  role: 'user' | 'org_admin' | 'super_admin';
  organizationId: string | null;
  password: string;
}

export function startMockPlatform(port = 0, webDir = path.resolve(__dirname, '../../../web/dist')) {
  const users: User[] = [];
  const sessions = new Map<string, string>();
  const announcements: Array<Record<string, unknown> & { id: string; userId: string; createdAt: string }> =
    [];
  const uploads = new Map<string, { type: string; bytes: Buffer; userId: string }>();
  const objects = new Map<string, { type: string; bytes: Buffer }>();

  const publicUser = ({ password: _p, ...u }: User) => u;
  const publicAnnouncement = ({
    contactInfo: _c,
    userId: _u,
    isPublic: _i,
    isActive: _a,
    ...a
  }: Record<string, unknown>) => a;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const json = (status: number, body?: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const sid = /tapinti_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const me = users.find((u) => u.id === (sid ? sessions.get(sid) : undefined));
    const signIn = (user: User) => {
      const id = randomUUID();
      sessions.set(id, user.id);
      res.setHeader('Set-Cookie', `tapinti_session=${id}; Path=/; HttpOnly; SameSite=Lax`);
    };
    const body = () => (raw.length ? JSON.parse(raw.toString('utf8')) : {});
    const invalid = (error: { issues: Array<{ message: string; path: PropertyKey[] }> }) =>
      json(400, {
        message: error.issues[0]!.message,
        field: String(error.issues[0]!.path[0] ?? '') || undefined,
      });
    const route = `${req.method} ${url.pathname}`;

    if (route === 'GET /api/user')
      return me ? json(200, publicUser(me)) : json(401, { message: 'Giriş tələb olunur' });
    if (route === 'POST /api/register') {
      const parsed = registerRequestSchema.safeParse(body());
      if (!parsed.success) return invalid(parsed.error);
      const v = parsed.data;
      if (users.some((u) => u.username === v.username))
        return json(409, { message: 'Bu istifadəçi adı artıq istifadə olunur', field: 'username' });
      const user: User = {
        id: randomUUID(),
        username: v.username,
        email: v.email,
        phone: v.phone ?? null,
        role: 'user',
        organizationId: null,
        password: v.password,
      };
      users.push(user);
      signIn(user);
      return json(201, publicUser(user));
    }
    if (route === 'POST /api/login') {
      const parsed = loginRequestSchema.safeParse(body());
      if (!parsed.success) return invalid(parsed.error);
      const user = users.find(
        (u) =>
          [u.username, u.email, u.phone].includes(parsed.data.username) &&
          u.password === parsed.data.password,
      );
      if (!user) return json(401, { message: 'İstifadəçi adı və ya şifrə yanlışdır' });
      signIn(user);
      return json(200, publicUser(user));
    }
    if (route === 'POST /api/logout') {
      if (sid) sessions.delete(sid);
      res.setHeader('Set-Cookie', 'tapinti_session=; Path=/; Max-Age=0');
      return json(204);
    }
    if (route === 'PUT /api/profile') {
      if (!me) return json(401, { message: 'Giriş tələb olunur' });
      const parsed = profileRequestSchema.safeParse(body());
      if (!parsed.success) return invalid(parsed.error);
      Object.assign(me, { ...parsed.data, phone: parsed.data.phone ?? null });
      return json(200, publicUser(me));
    }
    if (route === 'GET /api/announcements') {
      const q = listAnnouncementsQuerySchema.parse(Object.fromEntries(url.searchParams));
      const text = q.search?.toLowerCase();
      return json(
        200,
        announcements
          .filter((a) => !q.category || a.category === q.category)
          .filter(
            (a) =>
              !text ||
              [a.title, a.description, a.location].some((f) => String(f).toLowerCase().includes(text)),
          )
          .map(publicAnnouncement)
          .reverse(),
      );
    }
    if (route === 'POST /api/announcements') {
      if (!me) return json(401, { message: 'Giriş tələb olunur' });
      const parsed = createAnnouncementSchema.safeParse(body());
      if (!parsed.success) return invalid(parsed.error);
      const a = {
        id: randomUUID(),
        userId: me.id,
        roomNumber: null,
        imageUrl: null,
        rewardDescription: null,
        contactInfo: null,
        organizationId: null,
        ...parsed.data,
        status: 'open',
        isPublic: true,
        isActive: true,
        createdAt: new Date().toISOString(),
      };
      announcements.push(a);
      return json(201, a);
    }
    if (route === 'GET /api/announcements/my') {
      if (!me) return json(401, { message: 'Giriş tələb olunur' });
      return json(
        200,
        announcements
          .filter((a) => a.userId === me.id)
          .map(publicAnnouncement)
          .reverse(),
      );
    }
    if (req.method === 'GET' && url.pathname.startsWith('/api/announcements/')) {
      if (!me) return json(401, { message: 'Giriş tələb olunur' });
      const a = announcements.find((x) => x.id === url.pathname.split('/').pop());
      return a ? json(200, a) : json(404, { message: 'Elan tapılmadı' });
    }
    if (route === 'POST /api/objects/upload') {
      if (!me) return json(401, { message: 'Giriş tələb olunur' });
      const token = randomUUID();
      uploads.set(token, { type: '', bytes: Buffer.alloc(0), userId: me.id });
      return json(200, { uploadURL: `/api/objects/uploads/${token}` });
    }
    if (req.method === 'PUT' && url.pathname.startsWith('/api/objects/uploads/')) {
      const upload = uploads.get(url.pathname.split('/').pop()!);
      if (!upload) return json(404, { message: 'Yüklənmiş fayl tapılmadı' });
      upload.type = req.headers['content-type'] ?? 'application/octet-stream';
      upload.bytes = raw;
      return json(200, {});
    }
    if (route === 'POST /api/objects/normalize-path') {
      const token = String(body().uploadURL ?? '')
        .split('/')
        .pop()!;
      const upload = uploads.get(token);
      if (!upload || !upload.bytes.length) return json(404, { message: 'Yüklənmiş fayl tapılmadı' });
      objects.set(token, upload);
      return json(200, { normalizedPath: `/objects/${token}` });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/objects/')) {
      const object = objects.get(url.pathname.split('/').pop()!);
      if (!object) return json(404, { message: 'Tapılmadı' });
      res.writeHead(200, { 'Content-Type': object.type });
      return res.end(object.bytes);
    }
    if (url.pathname.startsWith('/api/')) return json(404, { message: 'Belə ünvan yoxdur' });

    // The web app: files, else index.html.
    res.setHeader('Content-Security-Policy', CSP);
    const file = path.join(webDir, path.normalize(url.pathname));
    if (file.startsWith(webDir) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const type = {
        '.js': 'text/javascript',
        '.svg': 'image/svg+xml',
        '.html': 'text/html',
        '.json': 'application/json',
      }[path.extname(file)];
      res.writeHead(200, { 'Content-Type': type ?? 'application/octet-stream' });
      return res.end(fs.readFileSync(file));
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(fs.readFileSync(path.join(webDir, 'index.html')));
  });

  return new Promise<{
    url: string;
    stop(): Promise<void>;
    promote(username: string, role: User['role']): void;
  }>((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${address.port}`,
        stop: () => new Promise((r) => server.close(() => r())),
        promote: (username, role) => {
          const user = users.find((u) => u.username === username);
          if (user) user.role = role;
        },
      });
    });
  });
}

if (require.main === module) {
  void startMockPlatform(Number(process.argv[2] ?? 8098)).then((p) =>
    console.log(`mock platform at ${p.url}`),
  );
}
