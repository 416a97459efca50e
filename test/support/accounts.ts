import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { HttpClient, uniqueName } from './http-client';
import { SUPER_ADMIN } from './platform';

export interface TestUser {
  client: HttpClient;
  id: string;
  username: string;
  email: string;
  phone: string;
  password: string;
}

/** Registers a fresh user through the gateway; the returned client holds its session cookie. */
export async function registerUser(baseUrl: string, prefix = 'user'): Promise<TestUser> {
  const client = new HttpClient(baseUrl);
  const username = uniqueName(prefix);
  const phone = `+99450${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const password = 'Parol-12345';
  const email = `${username}@example.az`;
  const res = await client.post('/api/register', {
    username,
    email,
    phone,
    password,
    confirmPassword: password,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return { client, id: res.body.id, username, email, phone, password };
}

export async function signInSuperAdmin(baseUrl: string): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const res = await client.post('/api/login', {
    username: SUPER_ADMIN.username,
    password: SUPER_ADMIN.password,
  });
  if (res.status !== 200) throw new Error(`super admin login failed: ${res.status} ${res.text}`);
  return client;
}

export type AuditRow = AuditLogEntry;

/** Every audit row, newest first, walking the pages. */
export async function allAuditRows(admin: HttpClient): Promise<AuditRow[]> {
  const rows: AuditRow[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await admin.get(`/api/audit-logs?limit=100&offset=${offset}`);
    if (res.status !== 200) throw new Error(`audit-logs: ${res.status} ${res.text}`);
    rows.push(...res.body.items);
    if (res.body.items.length < 100) return rows;
  }
}
