import type { AuditLogEntry } from '@tapinti/contracts/audit-api';
import { HttpClient, uniqueName, uniquePhone } from './http-client';
import { linkTokenMailedTo } from './mailbox';
import { SUPER_ADMIN } from './platform';

export interface TestUser {
  client: HttpClient;
  id: string;
  username: string;
  email: string;
  phone: string;
  password: string;
}

/** A fresh user whose e-mail is verified (by the link of the e-mail sent after registration). */
export async function registerVerifiedUser(
  platform: { url: string; mode: string; env: Record<string, string> },
  prefix = 'user',
): Promise<TestUser> {
  const user = await registerUser(platform.url, prefix);
  const token = await linkTokenMailedTo(platform, user.email, '/verify-email');
  const verified = await user.client.post('/api/verify-email', { token });
  if (verified.status !== 204) throw new Error(`verify-email failed: ${verified.status} ${verified.text}`);
  return user;
}

/**
 * Registers a fresh user through the gateway; the returned client holds its session cookie.
 * `headers` go with the registration (an `x-forwarded-for` the test platforms trust).
 */
export async function registerUser(
  baseUrl: string,
  prefix = 'user',
  headers: Record<string, string> = {},
): Promise<TestUser> {
  const client = new HttpClient(baseUrl);
  const username = uniqueName(prefix);
  const password = 'Parol-12345';
  const email = `${username}@example.az`;
  let phone = uniquePhone();
  let res = await client.post(
    '/api/register',
    { username, email, phone, password, confirmPassword: password },
    headers,
  );
  // A random number another suite already registered is the generator's collision, not the app's.
  for (let retry = 0; retry < 3 && res.status === 409 && res.body?.field === 'phone'; retry++) {
    phone = uniquePhone();
    res = await client.post(
      '/api/register',
      { username, email, phone, password, confirmPassword: password },
      headers,
    );
  }
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
