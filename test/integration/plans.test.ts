import {
  PLAN_LIMITS,
  PLAN_MESSAGES,
  planLimitMessage,
  type OrganizationPlan,
} from '@tapinti/contracts/plans-api';
import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { inventoryPlanIs } from '../support/plans';
import { sharedRulesPlatforms, type SharedPlatform } from '../support/platform';

/**
 * Plans mean something (issue 25 point 8): a basic organisation is refused at each limit's boundary
 * with a message naming the limit and the plan that lifts it — staff seats (3), items a month (300,
 * logged through the API), storage places (1), labels, reports — and allowed once the super admin raises
 * the plan. Then who may read the plan and the usage, and who may change the plan.
 */
describe.each(sharedRulesPlatforms())('plans and their limits ($mode)', (platform: SharedPlatform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  let superAdmin: HttpClient;
  let user: HttpClient;
  let admin: { client: HttpClient; user: { id: string } };
  let staff: { client: HttpClient; user: { id: string } };
  let otherAdmin: { client: HttpClient };
  let otherStaff: { client: HttpClient };
  let organizationId: string;
  let otherOrganizationId: string;
  let base: string;
  let shelfId: string;

  beforeAll(async () => {
    superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'plan');
    const own = await approvedOrganization(superAdmin, applicant.client, 'plan');
    const other = await approvedOrganization(superAdmin, applicant.client, 'planyad');
    organizationId = own.organization.id;
    otherOrganizationId = other.organization.id;
    base = `/api/organizations/${organizationId}/inventory`;
    [admin, otherAdmin] = await Promise.all([
      organizationAdmin(platform, superAdmin, organizationId, 'planrehber'),
      organizationAdmin(platform, superAdmin, otherOrganizationId, 'planyadrehber'),
    ]);
    [staff, otherStaff, { client: user }] = await Promise.all([
      organizationMember(platform, admin.client, organizationId, 'org_staff', 'planisci'),
      organizationMember(platform, otherAdmin.client, otherOrganizationId, 'org_staff', 'planyadisci'),
      registerUser(url, 'planuser'),
    ]);
    await inventoryPlanIs(staff.client, organizationId, 'basic');
  });

  it('basic: the seats are the members and the open invitations; the fourth is refused, a removal frees one', async () => {
    // The approval's invitation to the contact e-mail (still open), the admin and the staff member.
    // Acceptances reach the organisation by event (auth → organizations).
    await eventually(
      async () => {
        const plan = await admin.client.get(`/api/organizations/${organizationId}/plan`);
        expect(plan.status).toBe(200);
        expect(plan.body).toEqual<OrganizationPlan>({
          organizationId,
          plan: 'basic',
          status: 'trial',
          monthlyPrice: 49.99,
          limits: PLAN_LIMITS.basic,
          seats: { members: 2, openInvitations: 1, used: 3 },
        });
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const email = `${uniqueName('planyeni')}@org.example.az`;
    const refused = await admin.client.post(`/api/organizations/${organizationId}/invitations`, {
      email,
      role: 'org_staff',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(planLimitMessage('staffSeats', 'basic'));
    expect(refused.body.message).toContain('Pro');

    // A seat freed by removing a member is usable again.
    const removable = await admin.client.get(`/api/organizations/${organizationId}/members`);
    const staffRow = removable.body.find((m: { userId: string }) => m.userId === staff.user.id);
    expect(staffRow.role).toBe('org_staff');
    expect(
      (await admin.client.delete(`/api/organizations/${organizationId}/members/${staff.user.id}`)).status,
    ).toBe(204);
    const replacement = await organizationMember(
      platform,
      admin.client,
      organizationId,
      'org_staff',
      'planisci',
    );
    staff = replacement;
    // The acceptance reaches the organisation by event (auth → organizations).
    await eventually(
      async () => {
        const after = await admin.client.get(`/api/organizations/${organizationId}/plan`);
        expect(after.body.seats).toEqual({ members: 2, openInvitations: 1, used: 3 });
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it('basic: one storage place, no labels, 300 items a Baku month; the 301st is refused and the usage says so', async () => {
    expect((await admin.client.put(`${base}/prefix`, { prefix: 'PLN' })).status).toBe(200);
    const shelf = await admin.client.post(`${base}/storage-places`, { name: 'Rəf 1', kind: 'shelf' });
    expect(shelf.status).toBe(201);
    shelfId = shelf.body.id;
    const second = await admin.client.post(`${base}/storage-places`, { name: 'Seyf', kind: 'safe' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(planLimitMessage('storagePlaces', 'basic'));

    const intake = { category: 'keys', title: 'Açar', foundArea: 'Lobbi', storagePlaceId: shelfId };
    const first = await staff.client.post(`${base}/items`, intake);
    expect(first.status).toBe(201);
    const label = await staff.client.get(`${base}/items/${first.body.id}/label`);
    expect(label.status).toBe(409);
    expect(label.body.message).toBe(planLimitMessage('labels', 'basic'));
    const sheet = await admin.client.get(`${base}/labels?items=${first.body.id}`);
    expect(sheet.status).toBe(409);
    expect(sheet.body.message).toBe(planLimitMessage('labels', 'basic'));
    for (const path of [`${base}/reports`, `${base}/reports/csv`, `${base}/reports/pdf`]) {
      const report = await admin.client.get(path);
      expect([path, report.status, report.body.message]).toEqual([
        path,
        409,
        planLimitMessage('reports', 'basic'),
      ]);
    }
    // The super admin (support) is never limited.
    expect((await superAdmin.get(`${base}/reports`)).status).toBe(200);

    // The month's other 299, through the API as staff log them; kept off the public board (each
    // listed item is also a found announcement): an unlisted intake counts against the plan all the same.
    for (let n = 2; n <= 300; n += 1) {
      const logged = await staff.client.post(`${base}/items`, { ...intake, listPublicly: false });
      if (logged.status !== 201) throw new Error(`item ${n}: ${logged.status} ${logged.text}`);
    }
    const over = await staff.client.post(`${base}/items`, { ...intake, title: 'Üç yüz birinci' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(planLimitMessage('itemsPerMonth', 'basic'));
    expect(over.body.message).toContain('Pro');
    const usage = await admin.client.get(`${base}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      organizationId,
      plan: 'basic',
      limits: PLAN_LIMITS.basic,
      itemsThisMonth: 300,
      storagePlaces: 1,
    });
    expect(usage.body.month).toMatch(/^\d{4}-\d{2}$/);
  });

  it('the super admin raises the plan to pro: every limit above is lifted; the change is audited', async () => {
    const invalid = await superAdmin.put(`/api/organizations/${organizationId}/plan`, { plan: 'gold' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(PLAN_MESSAGES.plan);
    const unknown = await superAdmin.put('/api/organizations/00000000-0000-4000-8000-000000000000/plan', {
      plan: 'pro',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ORGANIZATION_MESSAGES.organizationNotFound);

    const raised = await superAdmin.put(`/api/organizations/${organizationId}/plan`, { plan: 'pro' });
    expect(raised.status).toBe(200);
    // The price follows the plan, as on approval.
    expect(raised.body).toMatchObject({ plan: 'pro', monthlyPrice: 99.99, limits: PLAN_LIMITS.pro });
    const listed = await superAdmin.get('/api/organizations');
    expect(listed.body.find((o: { id: string }) => o.id === organizationId).subscription).toMatchObject({
      plan: 'pro',
      monthlyPrice: 99.99,
    });
    await inventoryPlanIs(staff.client, organizationId, 'pro');

    const intake = { category: 'keys', title: 'Açar', foundArea: 'Lobbi', storagePlaceId: shelfId };
    const logged = await staff.client.post(`${base}/items`, intake);
    expect(logged.status).toBe(201);
    expect((await staff.client.get(`${base}/items/${logged.body.id}/label`)).status).toBe(200);
    expect((await staff.client.get(`${base}/reports`)).status).toBe(200);
    expect((await admin.client.post(`${base}/storage-places`, { name: 'Seyf', kind: 'safe' })).status).toBe(
      201,
    );
    const invited = await admin.client.post(`/api/organizations/${organizationId}/invitations`, {
      email: `${uniqueName('planpro')}@org.example.az`,
      role: 'org_staff',
    });
    expect(invited.status).toBe(201);
    expect((await admin.client.get(`/api/organizations/${organizationId}/plan`)).body.seats.used).toBe(4);

    // A price given is kept; the same plan at the same price again changes nothing.
    const priced = await superAdmin.put(`/api/organizations/${organizationId}/plan`, {
      plan: 'enterprise',
      monthlyPrice: 150,
    });
    expect(priced.body).toMatchObject({
      plan: 'enterprise',
      monthlyPrice: 150,
      limits: PLAN_LIMITS.enterprise,
    });
    expect(
      (
        await superAdmin.put(`/api/organizations/${organizationId}/plan`, {
          plan: 'enterprise',
          monthlyPrice: 150,
        })
      ).status,
    ).toBe(200);

    await eventually(
      async () => {
        const page = await superAdmin.get('/api/audit-logs?limit=100&offset=0');
        const changes = page.body.items.filter(
          (r: { action: string; organizationId: string }) =>
            r.action === 'organizations.subscription.plan-changed' && r.organizationId === organizationId,
        );
        expect(
          changes.map((r: { afterState: { plan: string; previousPlan: string } }) => [
            r.afterState.previousPlan,
            r.afterState.plan,
          ]),
        ).toEqual([
          ['pro', 'enterprise'],
          ['basic', 'pro'],
        ]);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it('who may read the plan and the usage, and who may change the plan', async () => {
    const planPath = `/api/organizations/${organizationId}/plan`;
    const usagePath = `${base}/usage`;
    const callers: Array<[string, HttpClient, number, number, number]> = [
      // name, client, GET plan, PUT plan, GET usage
      ['anonymous', anonymous, 401, 401, 401],
      ['user', user, 403, 403, 403],
      ['org_admin', admin.client, 200, 403, 200],
      ['org_staff', staff.client, 200, 403, 200],
      ['other org_admin', otherAdmin.client, 403, 403, 403],
      ['other org_staff', otherStaff.client, 403, 403, 403],
      ['super_admin', superAdmin, 200, 200, 200],
    ];
    for (const [name, client, read, change, usage] of callers) {
      const seen = [
        (await client.get(planPath)).status,
        (await client.put(planPath, { plan: 'enterprise' })).status,
        (await client.get(usagePath)).status,
      ];
      expect([name, ...seen]).toEqual([name, read, change, usage]);
    }
    const foreign = await otherAdmin.client.get(planPath);
    expect(foreign.body.message).toBe(ORGANIZATION_MESSAGES.foreignOrganization);
  });
});
