import http from 'node:http';
import { eventually } from './eventually';
import { HttpClient, uniqueName, type HttpResponse } from './http-client';
import { mailboxOf, type ReceivedMail } from './mailbox';
import type { SharedPlatform } from './platform';

/** A valid application (spec §3, §5) with a contact e-mail unique to the test. */
export function applicationBody(prefix = 'org', overrides: Record<string, unknown> = {}) {
  const marker = uniqueName(prefix);
  return {
    organizationName: `Otel ${marker}`,
    organizationType: 'hotel',
    address: 'Nizami küçəsi 10, Bakı şəhəri',
    contactEmail: `${marker}@org.example.az`,
    contactPerson: 'Aysel Məmmədova',
    contactPhone: '+994 12 404 12 34',
    message: 'Lost-and-found xidmətimizi qoşmaq istəyirik',
    ...overrides,
  };
}

/**
 * A loopback address of its own (127.x.y.z): anonymous applications are throttled per client
 * address, and the gateway takes the address from the socket, so each test sends from its own.
 */
export function loopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/** A JSON request sent from `localAddress` (no cookies: an anonymous visitor). */
export function requestFrom(
  localAddress: string,
  baseUrl: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(pathname, baseUrl),
      {
        method,
        localAddress,
        headers: data
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = (res.headers['content-type'] ?? '').includes('json') && text;
          const headers = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers.set(k, v);
          resolve({ status: res.statusCode ?? 0, body: json ? JSON.parse(text) : text, text, headers });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** An anonymous application from an address of its own. */
export function applyAnonymously(baseUrl: string, body: unknown, localAddress = loopbackAddress()) {
  return requestFrom(localAddress, baseUrl, 'POST', '/api/applications', body);
}

/** The e-mails sent to `email` so far, oldest first: `.eml` files (embedded) or the SMTP sink (distributed). */
export function mailsTo(platform: SharedPlatform, email: string): Promise<ReceivedMail[]> {
  return mailboxOf(platform).to(email);
}

const LINK = /(\S+)\/accept-invitation\?token=([A-Za-z0-9._~%-]+)/;

/**
 * The newest invitation e-mail to `email` (the one with an `/accept-invitation` link; other
 * services may write to the same address, e.g. about the application), waiting for it.
 */
export function waitForInvitationMail(platform: SharedPlatform, email: string, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const mail = (await mailsTo(platform, email)).filter((m) => LINK.test(m.text)).at(-1);
      if (!mail) throw new Error(`no invitation e-mail to ${email} yet`);
      return mail;
    },
    { timeoutMs, intervalMs: 250 },
  );
}

/** The `<origin>/accept-invitation?token=<token>` link an invitation e-mail carries. */
export function invitationLinkIn(text: string): { origin: string; token: string } | null {
  const match = LINK.exec(text);
  return match ? { origin: match[1]!, token: decodeURIComponent(match[2]!) } : null;
}

/**
 * Accepts an invitation as a signed-out visitor creating their account, admin or staff as invited (auth's
 * POST /api/invitations/accept), once auth has the invitation (it arrives by event).
 */
export async function acceptInvitation(baseUrl: string, token: string, prefix = 'orgrehber') {
  const client = new HttpClient(baseUrl);
  const password = 'Parol-12345';
  const username = uniqueName(prefix);
  const res = await eventually(
    async () => {
      const r = await client.post('/api/invitations/accept', {
        token,
        username,
        password,
        confirmPassword: password,
      });
      if (r.status !== 201) throw new Error(`accept: ${r.status} ${r.text}`);
      return r;
    },
    { timeoutMs: 30_000, intervalMs: 250 },
  );
  return { client, user: res.body as { id: string; role: string; organizationId: string | null }, username };
}

/**
 * A member of the organisation, its admin or one of its staff (issue 25): `inviter` (the super
 * admin or one of its admins) invites a fresh e-mail with the role, the invitation e-mail arrives,
 * and the link is accepted with a new account (signed in).
 */
export async function organizationMember(
  platform: SharedPlatform,
  inviter: HttpClient,
  organizationId: string,
  role: 'org_admin' | 'org_staff',
  prefix = 'orgrehber',
) {
  const email = `${uniqueName(prefix)}@org.example.az`;
  const invited = await inviter.post(`/api/organizations/${organizationId}/invitations`, { email, role });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${invited.text}`);
  const mail = await waitForInvitationMail(platform, email);
  const link = invitationLinkIn(mail.text);
  if (!link) throw new Error(`no invitation link in the e-mail to ${email}`);
  return { ...(await acceptInvitation(platform.url, link.token, prefix)), email };
}

/** An org_admin of the organisation, invited by the super admin (see organizationMember). */
export function organizationAdmin(
  platform: SharedPlatform,
  superAdmin: HttpClient,
  organizationId: string,
  prefix = 'orgrehber',
) {
  return organizationMember(platform, superAdmin, organizationId, 'org_admin', prefix);
}

/** An organisation approved by the super admin from an application sent by a signed-in applicant. */
export async function approvedOrganization(
  superAdmin: HttpClient,
  applicant: HttpClient,
  prefix = 'org',
  approval: Record<string, unknown> = {},
) {
  const body = applicationBody(prefix);
  const submitted = await applicant.post('/api/applications', body);
  if (submitted.status !== 201) throw new Error(`apply: ${submitted.status} ${submitted.text}`);
  const approved = await superAdmin.post(`/api/applications/${submitted.body.id}/approve`, approval);
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${approved.text}`);
  return { ...approved.body, contactEmail: body.contactEmail } as {
    application: { id: string };
    organization: { id: string; name: string };
    subscription: { id: string };
    contactEmail: string;
  };
}
