import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@tapinti/contracts/auth-api';
import { ORGANIZATION_MESSAGES, type Member } from '@tapinti/contracts/organizations-api';
import { signInvitationToken } from '@tapinti/platform/invitation-token';
import { allAuditRows, registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { invitationTokenIn, invitationTokenMailedTo } from '../support/invitation-mail';
import { mailboxOf } from '../support/mailbox';
import {
  approvedOrganization as approvedOrganizationOf,
  organizationAdmin,
  organizationMember,
} from '../support/organizations';
import { sharedRulesPlatforms, type SharedPlatform } from '../support/platform';
import { FOUND, fileRequest, postAnnouncement } from '../support/requests';

const PASSWORD = 'Parol-12345';
const newAccount = (prefix: string) => ({
  username: uniqueName(prefix),
  password: PASSWORD,
  confirmPassword: PASSWORD,
});

describe.each(sharedRulesPlatforms())(
  'organisation admins by invitation ($mode)',
  (platform: SharedPlatform) => {
    const { url, env } = platform;
    let admin: HttpClient;
    beforeAll(async () => {
      admin = await signInSuperAdmin(url);
    });

    /**
     * An approved organisation: an application (sent by a signed-in applicant, so no address
     * throttle is shared with other suites) that the super admin approves; the organizations
     * service e-mails an admin invitation to the contact address.
     */
    async function approvedOrganization(prefix: string) {
      const applicant = await registerUser(url, `${prefix}app`);
      const contactEmail = `${uniqueName(prefix)}@org.example.az`;
      const name = `Otel ${uniqueName('n')}`;
      const submitted = await applicant.client.post('/api/applications', {
        organizationName: name,
        organizationType: 'hotel',
        address: 'Nizami küçəsi 10, Bakı',
        contactEmail,
        contactPerson: 'Aysel Məmmədova',
      });
      expect(submitted.status).toBe(201);
      const approved = await admin.post(`/api/applications/${submitted.body.id}/approve`, {});
      expect(approved.status).toBe(200);
      return { organizationId: approved.body.organization.id as string, name, contactEmail };
    }

    /** The super admin invites `email` to the organisation; the invitation's id. */
    async function invite(organizationId: string, email: string): Promise<string> {
      const res = await admin.post(`/api/organizations/${organizationId}/invitations`, { email });
      expect(res.status).toBe(201);
      return res.body.id;
    }

    /** GET /api/invitations/:token once auth's consumer has the invitation (it arrives by event). */
    const shown = (token: string, status = 200) =>
      eventually(
        async () => {
          const res = await new HttpClient(url).get(`/api/invitations/${encodeURIComponent(token)}`);
          expect(res.status).toBe(status);
          return res;
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      );

    it('shows the e-mailed link, creates a signed-in org_admin once, then the link is used up (410)', async () => {
      const org = await approvedOrganization('inv');
      const token = await invitationTokenMailedTo(platform, org.contactEmail);

      const summary = await shown(token);
      expect(summary.body).toEqual({
        organizationName: org.name,
        email: org.contactEmail,
        expiresAt: expect.any(String),
      });
      const days = (Date.parse(summary.body.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThanOrEqual(7.01);

      // Register-style validation (spec §5), the link untouched by refusals.
      const visitor = new HttpClient(url);
      const account = newAccount('orgadm');
      const refusal = async (body: Record<string, unknown>) => {
        const res = await visitor.post('/api/invitations/accept', { token, ...body });
        return { status: res.status, message: res.body.message };
      };
      expect(await refusal({ username: account.username, password: PASSWORD })).toEqual({
        status: 400,
        message: 'Şifrə təsdiqləməsi tələb olunur',
      });
      expect(await refusal({ ...account, confirmPassword: 'Başqa-parol-1' })).toEqual({
        status: 400,
        message: 'Şifrələr uyğun gəlmir',
      });
      expect(await refusal({ ...account, username: 'ab' })).toEqual({
        status: 400,
        message: 'İstifadəçi adı ən azı 3 simvol olmalıdır',
      });
      expect(await refusal({})).toEqual({ status: 400, message: 'İstifadəçi adı tələb olunur' });
      expect((await visitor.post('/api/invitations/accept', {})).status).toBe(400);

      const accepted = await visitor.post('/api/invitations/accept', { token, ...account });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toEqual({
        id: expect.any(String),
        username: account.username,
        email: org.contactEmail,
        phone: null,
        role: 'org_admin',
        organizationId: org.organizationId,
      });
      expect(accepted.headers.getSetCookie().some((c) => /^tapinti_session=.+HttpOnly/i.test(c))).toBe(true);
      expect(await visitor.get('/api/user')).toMatchObject({ status: 200, body: accepted.body });
      // The e-mailed link proved the address: no 'E-poçt təsdiqlənməyib' for the new admin.
      expect((await visitor.get('/api/account/status')).body).toMatchObject({ emailVerified: true });
      // Other services see the role too: the organisation is this admin's.
      expect((await visitor.get(`/api/organizations/${org.organizationId}`)).status).toBe(200);
      // The account signs in like any other.
      const again = new HttpClient(url);
      const login = await again.post('/api/login', { username: account.username, password: PASSWORD });
      expect(login).toMatchObject({ status: 200, body: accepted.body });

      const second = await new HttpClient(url).post('/api/invitations/accept', {
        token,
        ...newAccount('second'),
      });
      expect(second).toMatchObject({ status: 410, body: { message: AUTH_MESSAGES.invitationUsed } });
      expect((await new HttpClient(url).get(`/api/invitations/${token}`)).status).toBe(410);
      expect((await visitor.post('/api/invitations/accept', { token })).status).toBe(410);

      // The organizations service counts its admin (it consumes auth.invitation.accepted).
      await eventually(
        async () => {
          const res = await admin.get(`/api/organizations/${org.organizationId}`);
          expect(res.body.adminCount).toBe(1);
        },
        { timeoutMs: 20_000, intervalMs: 250 },
      );

      // Audit rows record the acceptance and never the token.
      const rows = await eventually(
        async () => {
          const all = await allAuditRows(admin);
          expect(
            all.some((r) => r.action === 'auth.invitation.accepted' && r.userId === accepted.body.id),
          ).toBe(true);
          return all;
        },
        { timeoutMs: 20_000, intervalMs: 250 },
      );
      const signature = token.split('.')[2]!;
      expect(JSON.stringify(rows)).not.toContain(signature);
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('refuses an expired (410), forged, altered or unknown (404) link', async () => {
      const org = await approvedOrganization('exp');
      const email = `${uniqueName('late')}@example.az`;
      const invitationId = await invite(org.organizationId, email);
      const past = new Date(Date.now() - 60_000);
      const expired = signInvitationToken(env.JWT_SECRET!, { invitationId, expiresAt: past });
      expect((await shown(expired, 410)).body.message).toBe(AUTH_MESSAGES.invitationExpired);
      const accept = await new HttpClient(url).post('/api/invitations/accept', {
        token: expired,
        ...newAccount('late'),
      });
      expect(accept).toMatchObject({ status: 410, body: { message: AUTH_MESSAGES.invitationExpired } });

      const future = new Date(Date.now() + 86_400_000);
      const forged = signInvitationToken('not-the-platform-secret-not-the-platform', {
        invitationId,
        expiresAt: future,
      });
      const [, , mac] = expired.split('.');
      const altered = `${invitationId}.${future.getTime()}.${mac}`;
      for (const bad of [forged, altered, 'garbage', `${invitationId}.1.x`]) {
        const res = await new HttpClient(url).get(`/api/invitations/${encodeURIComponent(bad)}`);
        expect(res).toMatchObject({ status: 404, body: { message: AUTH_MESSAGES.invitationNotFound } });
        const post = await new HttpClient(url).post('/api/invitations/accept', {
          token: bad,
          ...newAccount('forger'),
        });
        expect(post.status).toBe(404);
      }
    });

    it('a signed-in user with the invited e-mail accepts with the token alone; the next request is org_admin', async () => {
      const org = await approvedOrganization('own');
      const user = await registerUser(url, 'invitee');
      const stranger = await registerUser(url, 'stranger');
      await invite(org.organizationId, user.email);
      const token = await invitationTokenMailedTo(platform, user.email);
      await shown(token);

      expect((await user.client.get('/api/user')).body).toMatchObject({ role: 'user', organizationId: null });
      expect((await user.client.get('/api/account/status')).body).toMatchObject({ emailVerified: false });
      // Signed in with another e-mail: refused, and the link stays usable.
      const refused = await stranger.client.post('/api/invitations/accept', { token });
      expect(refused).toMatchObject({ status: 403, body: { message: AUTH_MESSAGES.invitationOtherEmail } });

      const cookie = user.client.cookies.get('tapinti_session');
      const accepted = await user.client.post('/api/invitations/accept', { token });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toMatchObject({
        id: user.id,
        role: 'org_admin',
        organizationId: org.organizationId,
      });
      expect((await user.client.get('/api/account/status')).body).toMatchObject({ emailVerified: true });
      // Same session (no new cookie), and its very next requests act as the organisation's admin.
      expect(user.client.cookies.get('tapinti_session')).toBe(cookie);
      expect((await user.client.get('/api/user')).body).toMatchObject({
        id: user.id,
        role: 'org_admin',
        organizationId: org.organizationId,
      });
      const posted = await user.client.post('/api/announcements', {
        type: 'found',
        title: 'Lobbidə tapılmış çətir',
        description: 'Qara rəngli böyük çətir, lobbidəki divanın yanında tapılıb',
        category: 'other',
        location: 'Otelin lobbisi',
        roomNumber: '214',
        isPublic: false,
      });
      expect(posted.status).toBe(201);
      expect(posted.body).toMatchObject({
        organizationId: org.organizationId,
        roomNumber: '214',
        isPublic: false,
      });
      const foreign = await user.client.post('/api/announcements', {
        type: 'found',
        title: 'Başqa təşkilatın elanı',
        description: 'Bu elan başqa təşkilatın adından yerləşdirilməyə çalışılır',
        category: 'other',
        location: 'Hər hansı yer',
        organizationId: (await approvedOrganization('oth')).organizationId,
      });
      expect(foreign.status).toBe(403);
      expect((await user.client.get(`/api/organizations/${org.organizationId}`)).status).toBe(200);
      // Not public: it is not in the public list.
      const list = await new HttpClient(url).get('/api/announcements');
      const items = Array.isArray(list.body) ? list.body : list.body.items;
      expect(items.some((a: { id: string }) => a.id === posted.body.id)).toBe(false);
    });

    it('a new invitation to the same e-mail supersedes the old: the old link answers 410, the new one works', async () => {
      const org = await approvedOrganization('sup');
      const email = `${uniqueName('sup')}@org.example.az`;
      await invite(org.organizationId, email);
      const first = await invitationTokenMailedTo(platform, email);
      await shown(first);
      await invite(org.organizationId, email);
      const tokens = await eventually(
        async () => {
          const mailed = (await mailboxOf(platform).to(email)).map((m) => invitationTokenIn(m.text));
          expect(mailed).toHaveLength(2);
          return mailed as string[];
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
      expect(tokens[0]).toBe(first);
      const latest = tokens[1]!;
      await shown(latest);

      const old = await shown(first, 410);
      expect(old.body).toEqual({ message: AUTH_MESSAGES.invitationSuperseded });
      expect(old.body.message).toBe(
        'Bu dəvəti daha yeni dəvət əvəz edib. Son dəvət məktubundakı keçiddən istifadə edin',
      );
      const visitor = new HttpClient(url);
      const refused = await visitor.post('/api/invitations/accept', {
        token: first,
        ...newAccount('supold'),
      });
      expect(refused).toMatchObject({ status: 410, body: { message: AUTH_MESSAGES.invitationSuperseded } });

      const accepted = await visitor.post('/api/invitations/accept', {
        token: latest,
        ...newAccount('supnew'),
      });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toMatchObject({ role: 'org_admin', organizationId: org.organizationId });
    });

    it('two simultaneous acceptances of one link make one account', async () => {
      const org = await approvedOrganization('race');
      const email = `${uniqueName('race')}@example.az`;
      const invitationId = await invite(org.organizationId, email);
      const token = await invitationTokenMailedTo(platform, email);
      expect(token.startsWith(invitationId)).toBe(true);
      await shown(token);
      const results = await Promise.all(
        [1, 2, 3, 4].map(() =>
          new HttpClient(url).post('/api/invitations/accept', { token, ...newAccount('racer') }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 410, 410, 410]);
    });
  },
);

/**
 * Issue 25, staff: an organisation's admin invites staff; staff handle claims on the organisation's
 * items like its admins, but never invite, remove members or change settings; a removed member's
 * sessions end at once. Every new endpoint (and the organisation's own ones staff now reach) for
 * every kind of caller: anonymous, a user, staff and admin of this organisation, staff and admin
 * of another, the super admin.
 */
describe.each(sharedRulesPlatforms())('organisation staff ($mode)', (platform: SharedPlatform) => {
  const { url } = platform;
  type Caller = 'anonymous' | 'user' | 'staff' | 'admin' | 'other staff' | 'other admin' | 'super admin';
  let clients: Record<Caller, HttpClient>;
  let organizationId: string;
  let otherOrganizationId: string;
  let staff: Awaited<ReturnType<typeof organizationMember>>;
  let otherStaff: Awaited<ReturnType<typeof organizationMember>>;
  let orgAdmin: Awaited<ReturnType<typeof organizationMember>>;

  beforeAll(async () => {
    const superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'heyetapp');
    const [own, other] = [
      // Pro: this suite invites more than basic's 3 seats (the seats themselves: plans.test.ts).
      await approvedOrganizationOf(superAdmin, applicant.client, 'heyet', {
        subscriptionData: { plan: 'pro' },
      }),
      await approvedOrganizationOf(superAdmin, applicant.client, 'heyetdiger'),
    ];
    organizationId = own.organization.id;
    otherOrganizationId = other.organization.id;
    const [admin, otherAdmin, user] = await Promise.all([
      organizationAdmin(platform, superAdmin, organizationId, 'heyetadm'),
      organizationAdmin(platform, superAdmin, otherOrganizationId, 'heyetyad'),
      registerUser(url, 'heyetuser'),
    ]);
    orgAdmin = admin;
    // Staff are invited by the organisation's own admins.
    [staff, otherStaff] = await Promise.all([
      organizationMember(platform, admin.client, organizationId, 'org_staff', 'heyetisci'),
      organizationMember(platform, otherAdmin.client, otherOrganizationId, 'org_staff', 'heyetyadisci'),
    ]);
    clients = {
      anonymous: new HttpClient(url),
      user: user.client,
      staff: staff.client,
      admin: admin.client,
      'other staff': otherStaff.client,
      'other admin': otherAdmin.client,
      'super admin': superAdmin,
    };
  });

  /** The status each caller gets, asked in this order (the request may change state: e.g. an invitation). */
  async function statuses(ask: (client: HttpClient) => Promise<{ status: number }>) {
    const result: Partial<Record<Caller, number>> = {};
    for (const caller of Object.keys(clients) as Caller[])
      result[caller] = (await ask(clients[caller])).status;
    return result;
  }

  it('accepting a staff invitation makes org_staff of that organisation', () => {
    expect(staff.user).toMatchObject({ role: 'org_staff', organizationId });
    expect(otherStaff.user).toMatchObject({ role: 'org_staff', organizationId: otherOrganizationId });
  });

  it('every caller meets the access matrix of the organisation’s endpoints', async () => {
    const org = `/api/organizations/${organizationId}`;
    const member = { staff: 200, admin: 200, 'super admin': 200 } as const;
    const refused = { anonymous: 401, user: 403, 'other staff': 403, 'other admin': 403 } as const;
    expect(await statuses((c) => c.get(`${org}/members`))).toEqual({ ...refused, ...member });
    expect(await statuses((c) => c.get(org))).toEqual({ ...refused, ...member });
    expect(await statuses((c) => c.get(`${org}/announcements`))).toEqual({ ...refused, ...member });
    expect(await statuses((c) => c.get(`${org}/requests`))).toEqual({ ...refused, ...member });
    // Only admins (and the super admin) invite, with a role, and remove; staff are 403 like strangers.
    expect(
      await statuses((c) =>
        c.post(`${org}/invitations`, {
          email: `${uniqueName('heyetyeni')}@org.example.az`,
          role: 'org_staff',
        }),
      ),
    ).toEqual({ ...refused, staff: 403, admin: 201, 'super admin': 201 });
    // Removing staff: refused to all but admins; an admin never removes themselves (409).
    expect(
      await statuses((c) =>
        c === clients.admin
          ? c.delete(`${org}/members/${orgAdmin.user.id}`)
          : c === clients['super admin']
            ? c.delete(`/api/organizations/${otherOrganizationId}/members/${randomUUID()}`)
            : c.delete(`${org}/members/${staff.user.id}`),
      ),
    ).toEqual({ ...refused, staff: 403, admin: 409, 'super admin': 404 });
    const invalid = await clients.admin.post(`${org}/invitations`, {
      email: `${uniqueName('heyetrol')}@org.example.az`,
      role: 'super_admin',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(ORGANIZATION_MESSAGES.memberRole);
  });

  it('lists the members with their roles; e-mails only to the organisation’s admins and the super admin', async () => {
    const path = `/api/organizations/${organizationId}/members`;
    const seenByAdmin = (await clients.admin.get(path)).body as Member[];
    expect(seenByAdmin).toEqual(
      expect.arrayContaining([
        {
          userId: orgAdmin.user.id,
          username: orgAdmin.username,
          email: orgAdmin.email,
          role: 'org_admin',
          joinedAt: expect.any(String),
        },
        {
          userId: staff.user.id,
          username: staff.username,
          email: staff.email,
          role: 'org_staff',
          joinedAt: expect.any(String),
        },
      ]),
    );
    expect(seenByAdmin.map((m) => m.role)).toEqual(['org_admin', 'org_staff']);
    expect((await clients['super admin'].get(path)).body).toEqual(seenByAdmin);
    const seenByStaff = (await clients.staff.get(path)).body as Member[];
    expect(seenByStaff).toEqual(seenByAdmin.map((m) => ({ ...m, email: null })));
  });

  it('staff answer a claim on the organisation’s item, cannot invite or change settings, and a removal signs them out at once', async () => {
    // Staff log an item for their organisation; a user claims it; staff see and answer the claim.
    const item = await postAnnouncement(staff.client, { ...FOUND, roomNumber: '108' });
    expect(item.organizationId).toBe(organizationId);
    const owner = await registerUser(url, 'heyetsahib');
    const claim = (
      await fileRequest(owner.client, { announcementId: item.id, message: 'Mənim telefonumdur' })
    ).body;
    const listed = await clients.staff.get(`/api/organizations/${organizationId}/requests`);
    expect(listed.body.map((r: { id: string }) => r.id)).toContain(claim.id);
    const answered = await clients.staff.put(`/api/requests/${claim.id}`, { status: 'contacted' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'contacted', handledBy: staff.user.id });
    // Staff of another organisation see none of it.
    expect(
      (await clients['other staff'].put(`/api/requests/${claim.id}`, { status: 'resolved_rejected' })).status,
    ).toBe(403);

    // Neither invitations nor settings.
    const org = `/api/organizations/${organizationId}`;
    expect(
      (await clients.staff.post(`${org}/invitations`, { email: `${uniqueName('x')}@org.example.az` })).status,
    ).toBe(403);
    expect((await clients.staff.put(org, { isActive: true, settings: { theme: 'dark' } })).status).toBe(403);

    // The admin removes them: their very next request is signed out.
    expect((await clients.staff.get('/api/user')).status).toBe(200);
    const removed = await clients.admin.delete(`${org}/members/${staff.user.id}`);
    expect(removed.status).toBe(204);
    expect((await clients.staff.get('/api/user')).status).toBe(401);
    expect((await clients.staff.get(`${org}/requests`)).status).toBe(401);
    const members = await clients.admin.get(`${org}/members`);
    expect(members.body.map((m: Member) => m.userId)).not.toContain(staff.user.id);
    // Signing in again: a plain user, refused by the organisation.
    const again = new HttpClient(url);
    expect((await again.post('/api/login', { username: staff.username, password: PASSWORD })).status).toBe(
      200,
    );
    await eventually(
      async () => {
        expect((await again.get('/api/user')).body).toMatchObject({ role: 'user', organizationId: null });
        expect((await again.get(`${org}/requests`)).status).toBe(403);
      },
      { timeoutMs: 30_000, intervalMs: 300 },
    );
    // The super admin removes another organisation's staff member too.
    expect(
      (
        await clients['super admin'].delete(
          `/api/organizations/${otherOrganizationId}/members/${otherStaff.user.id}`,
        )
      ).status,
    ).toBe(204);
    expect((await clients['other staff'].get('/api/user')).status).toBe(401);
  });
});
