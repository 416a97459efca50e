import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { allAuditRows, registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import {
  acceptInvitation,
  applicationBody,
  applyAnonymously,
  invitationLinkIn,
  loopbackAddress,
  waitForInvitationMail,
} from '../support/organizations';
import { sharedPlatforms, type SharedPlatform } from '../support/platform';

const today = () => new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(sharedPlatforms())(
  'organisation applications, end to end ($mode)',
  (platform: SharedPlatform) => {
    const { url } = platform;
    let admin: HttpClient;
    let user: TestUser;

    beforeAll(async () => {
      [admin, user] = await Promise.all([signInSuperAdmin(url), registerUser(url, 'orgflow')]);
    });

    it('validates applications with the §5 messages; a second pending one of an e-mail is a 409', async () => {
      const from = loopbackAddress();
      const missingType = await applyAnonymously(
        url,
        applicationBody('v', { organizationType: undefined }),
        from,
      );
      expect(missingType.status).toBe(400);
      expect(missingType.body).toEqual({ message: 'Təşkilat növü seçin', field: 'organizationType' });
      for (const [field, value, message] of [
        ['organizationName', 'A', ORGANIZATION_MESSAGES.organizationName],
        ['address', 'Bakı', ORGANIZATION_MESSAGES.address],
        ['contactEmail', 'yox', 'Düzgün email ünvanı daxil edin'],
        ['contactPerson', 'A', ORGANIZATION_MESSAGES.contactPerson],
      ] as const) {
        const res = await applyAnonymously(url, applicationBody('v', { [field]: value }), from);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      }
      const body = applicationBody('dup');
      expect((await applyAnonymously(url, body, from)).status).toBe(201);
      const again = await applyAnonymously(
        url,
        { ...body, contactEmail: body.contactEmail.toUpperCase() },
        from,
      );
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: ORGANIZATION_MESSAGES.duplicatePending, field: 'contactEmail' });
    });

    it('throttles anonymous applications per address: 5 an hour, then 429 with an Azerbaijani message', async () => {
      const from = loopbackAddress();
      for (let i = 0; i < 5; i++)
        expect((await applyAnonymously(url, applicationBody('thr'), from)).status).toBe(201);
      const refused = await applyAnonymously(url, applicationBody('thr'), from);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: ORGANIZATION_MESSAGES.throttled });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another address, and a signed-in user, are counted on their own.
      expect((await applyAnonymously(url, applicationBody('thr'))).status).toBe(201);
      expect((await user.client.post('/api/applications', applicationBody('thr'))).status).toBe(201);
    });

    it('anonymous applications → list → approve (defaults), reject (reason), contract; the invitation e-mail; audit and KPIs', async () => {
      const kpisBefore = (await admin.get('/api/analytics/kpis')).body;
      const from = loopbackAddress();
      const bodies = [applicationBody('approve'), applicationBody('reject'), applicationBody('contract')];
      const submitted = [];
      for (const body of bodies) {
        const res = await applyAnonymously(url, body, from);
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          ...body,
          status: 'pending',
          rejectionReason: null,
          reviewedBy: null,
          reviewedAt: null,
          organizationId: null,
        });
        submitted.push(res.body);
      }
      const [toApprove, toReject, toContract] = submitted;

      // The super admin's list: newest first, filtered by status.
      const list = await admin.get('/api/applications');
      expect(list.status).toBe(200);
      const ids = list.body.map((a: { id: string }) => a.id);
      expect(ids.indexOf(toContract.id)).toBeLessThan(ids.indexOf(toReject.id));
      expect(ids.indexOf(toReject.id)).toBeLessThan(ids.indexOf(toApprove.id));
      const pending = await admin.get('/api/applications?status=pending');
      expect(pending.body.every((a: { status: string }) => a.status === 'pending')).toBe(true);
      expect(pending.body.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([toApprove.id]));
      expect((await admin.get('/api/applications?status=archived')).status).toBe(400);

      // Approve with the defaults: the application's data, plan basic, trial, 30 days, 49.99 AZN.
      const me = (await admin.get('/api/user')).body;
      const approved = await admin.post(`/api/applications/${toApprove.id}/approve`, {});
      expect(approved.status).toBe(200);
      const start = approved.body.subscription.startDate;
      expect([today(), plusDays(today(), -1)]).toContain(start);
      expect(approved.body).toEqual({
        application: expect.objectContaining({
          id: toApprove.id,
          status: 'approved',
          reviewedBy: me.id,
          reviewedAt: expect.any(String),
          organizationId: approved.body.organization.id,
        }),
        organization: {
          id: expect.any(String),
          name: bodies[0]!.organizationName,
          type: 'hotel',
          address: bodies[0]!.address,
          contactEmail: bodies[0]!.contactEmail,
          contactPhone: bodies[0]!.contactPhone,
          isActive: true,
          subscriptionId: approved.body.subscription.id,
          settings: {},
          createdAt: expect.any(String),
          subscription: {
            plan: 'basic',
            status: 'trial',
            startDate: start,
            endDate: plusDays(start, 30),
            monthlyPrice: 49.99,
          },
          adminCount: 0,
        },
        subscription: {
          id: expect.any(String),
          organizationId: approved.body.organization.id,
          plan: 'basic',
          status: 'trial',
          startDate: start,
          endDate: plusDays(start, 30),
          monthlyPrice: 49.99,
          features: {},
          createdAt: expect.any(String),
        },
      });
      const organizationId: string = approved.body.organization.id;

      // Reject needs a reason.
      const blank = await admin.post(`/api/applications/${toReject.id}/reject`, { reason: '  ' });
      expect(blank.status).toBe(400);
      expect(blank.body.message).toBe('Rədd etmə səbəbi daxil edin');
      const rejected = await admin.post(`/api/applications/${toReject.id}/reject`, {
        reason: 'Ünvan təsdiqlənmədi',
      });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Ünvan təsdiqlənmədi',
        reviewedBy: me.id,
      });

      // A contract is requested; the application stays open for approval or rejection.
      const contract = await admin.post(`/api/applications/${toContract.id}/request-contract`);
      expect(contract.status).toBe(200);
      expect(contract.body.status).toBe('need_contract');
      expect((await admin.post(`/api/applications/${toContract.id}/request-contract`)).status).toBe(409);

      // Nothing but pending or need_contract is reviewed again.
      for (const [id, action] of [
        [toApprove.id, 'approve'],
        [toApprove.id, 'reject'],
        [toReject.id, 'approve'],
        [toReject.id, 'request-contract'],
      ] as const) {
        const res = await admin.post(`/api/applications/${id}/${action}`, { reason: 'Təkrar' });
        expect(res.status).toBe(409);
        expect(typeof res.body.message).toBe('string');
      }
      expect(
        (await admin.post('/api/applications/00000000-0000-4000-8000-000000000000/approve', {})).status,
      ).toBe(404);
      expect((await admin.post('/api/applications/not-an-id/reject', { reason: 'x' })).status).toBe(404);

      // The admin invitation e-mail to the application's contact e-mail, with its link.
      const mail = await waitForInvitationMail(platform, bodies[0]!.contactEmail);
      expect(mail.subject).toBe(`Tapıntı: «${bodies[0]!.organizationName}» təşkilatının admini olmağa dəvət`);
      expect(mail.text).toContain(`«${bodies[0]!.organizationName}» təşkilatının admini olmağa dəvət edirik`);
      const link = invitationLinkIn(mail.text)!;
      expect(link).not.toBeNull();
      expect(link.origin).toBe(platform.mode === 'embedded' ? url : 'http://127.0.0.1:8080');
      expect(link.token).toMatch(/^[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
      expect(mail.html).toContain('/accept-invitation?token=');

      // The link works at auth: the invitee becomes the organisation's admin; the count follows.
      const shown = await eventually(
        async () => {
          const res = await new HttpClient(url).get(`/api/invitations/${encodeURIComponent(link.token)}`);
          expect(res.status).toBe(200);
          return res;
        },
        { timeoutMs: 20_000, intervalMs: 200 },
      );
      expect(shown.body).toMatchObject({
        organizationName: bodies[0]!.organizationName,
        email: bodies[0]!.contactEmail,
      });
      const invitee = await acceptInvitation(url, link.token);
      expect(invitee.user).toMatchObject({ role: 'org_admin', organizationId });
      await eventually(
        async () => {
          const org = await admin.get(`/api/organizations/${organizationId}`);
          expect(org.body.adminCount).toBe(1);
        },
        { timeoutMs: 15_000, intervalMs: 200 },
      );
      const own = await invitee.client.get(`/api/organizations/${organizationId}`);
      expect(own.status).toBe(200);

      // Deactivation: the admins are turned away with 'Təşkilat deaktivdir'; reactivation lets them back.
      const off = await admin.put(`/api/organizations/${organizationId}`, {
        isActive: false,
        name: `${bodies[0]!.organizationName} MMC`,
      });
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ isActive: false, name: `${bodies[0]!.organizationName} MMC` });
      for (const res of [
        await invitee.client.get(`/api/organizations/${organizationId}`),
        await invitee.client.get(`/api/organizations/${organizationId}/announcements`),
        await invitee.client.post(`/api/organizations/${organizationId}/invitations`, {
          email: 'x@org.example.az',
        }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'Təşkilat deaktivdir' });
      }
      await eventually(
        async () => {
          const kpis = (await admin.get('/api/analytics/kpis')).body;
          expect(kpis.organizations.total).toBeGreaterThanOrEqual(kpisBefore.organizations.total + 1);
          expect(kpis.organizations.suspended).toBeGreaterThanOrEqual(kpisBefore.organizations.suspended + 1);
          const search = await admin.get(
            `/api/search?type=organizations&q=${encodeURIComponent(`${bodies[0]!.organizationName} MMC`)}`,
          );
          expect(search.body.organizations).toEqual([
            {
              id: organizationId,
              name: `${bodies[0]!.organizationName} MMC`,
              type: 'hotel',
              isActive: false,
            },
          ]);
        },
        { timeoutMs: 10_000, intervalMs: 200 },
      );
      const on = await admin.put(`/api/organizations/${organizationId}`, { isActive: true });
      expect(on.body.isActive).toBe(true);
      expect((await invitee.client.get(`/api/organizations/${organizationId}`)).status).toBe(200);

      // Audit: every event of the flow, within a few seconds, through the real bus.
      const expected: Array<[string, string]> = [
        ['organizations.application.submitted', toApprove.id],
        ['organizations.application.submitted', toReject.id],
        ['organizations.application.submitted', toContract.id],
        ['organizations.application.approved', toApprove.id],
        ['organizations.application.rejected', toReject.id],
        ['organizations.application.contract-requested', toContract.id],
        ['organizations.organization.created', organizationId],
        ['organizations.organization.updated', organizationId],
        ['organizations.organization.deactivated', organizationId],
        ['organizations.organization.reactivated', organizationId],
        ['organizations.subscription.started', approved.body.subscription.id],
        ['organizations.invitation.accepted', link.token.split('.')[0]!],
        ['organizations.invitation.issued', link.token.split('.')[0]!],
      ];
      await eventually(
        async () => {
          const rows = await allAuditRows(admin);
          for (const [action, entityId] of expected)
            expect(rows.find((r) => r.action === action && r.entityId === entityId)).toBeDefined();
          const issued = rows.find(
            (r) => r.action === 'organizations.invitation.issued' && r.entityId === link.token.split('.')[0],
          )!;
          expect(issued.organizationId).toBe(organizationId);
          // Never the token, nor its signature.
          expect(JSON.stringify(rows)).not.toContain(link.token.split('.')[2]);
        },
        { timeoutMs: 10_000, intervalMs: 250 },
      );
    });

    it('shows an organisation all its announcements (public or not, with the room number); the public list only public ones', async () => {
      const applicant = await registerUser(url, 'organn');
      const applied = await applicant.client.post('/api/applications', applicationBody('ann'));
      const approved = await admin.post(`/api/applications/${applied.body.id}/approve`, {
        subscriptionData: { plan: 'enterprise' },
      });
      expect(approved.body.subscription).toMatchObject({ plan: 'enterprise', monthlyPrice: 199.99 });
      const organizationId = approved.body.organization.id;
      const post = (title: string, isPublic: boolean) =>
        admin.post('/api/announcements', {
          type: 'found',
          title,
          description: 'Otaqda unudulmuş əşya tapıldı, sahibini axtarırıq',
          category: 'phones',
          location: 'Otel, 3-cü mərtəbə',
          roomNumber: '304',
          organizationId,
          isPublic,
        });
      const hidden = await post('Gizli telefon elanı', false);
      const shown = await post('Açıq telefon elanı', true);
      expect([hidden.status, shown.status]).toEqual([201, 201]);
      await eventually(
        async () => {
          const res = await admin.get(`/api/organizations/${organizationId}/announcements`);
          expect(res.status).toBe(200);
          expect(res.body.map((a: { id: string }) => a.id)).toEqual([shown.body.id, hidden.body.id]);
          expect(res.body[1]).toMatchObject({
            organizationId,
            roomNumber: '304',
            isPublic: false,
            status: 'open',
            isActive: true,
          });
        },
        { timeoutMs: 10_000, intervalMs: 200 },
      );
      const publicIds = (await new HttpClient(url).get('/api/announcements?limit=500')).body.map(
        (a: { id: string }) => a.id,
      );
      expect(publicIds).toContain(shown.body.id);
      expect(publicIds).not.toContain(hidden.body.id);

      // Deactivating the organisation keeps its announcements but takes them off the board until it
      // is reactivated (issue 21: a deactivated organisation acts in nothing).
      expect((await admin.put(`/api/organizations/${organizationId}`, { isActive: false })).status).toBe(200);
      const after = await admin.get(`/api/organizations/${organizationId}/announcements`);
      expect(after.body).toHaveLength(2);
      const publicStatus = async () => (await user.client.get(`/api/announcements/${shown.body.id}`)).status;
      await eventually(async () => expect(await publicStatus()).toBe(404), {
        timeoutMs: 10_000,
        intervalMs: 200,
      });
      expect((await admin.put(`/api/organizations/${organizationId}`, { isActive: true })).status).toBe(200);
      await eventually(async () => expect(await publicStatus()).toBe(200), {
        timeoutMs: 10_000,
        intervalMs: 200,
      });
    });
  },
);
