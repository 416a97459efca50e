import { registerUser, signInSuperAdmin } from '../support/accounts';
import { HttpClient, type HttpResponse } from '../support/http-client';
import {
  applicationBody,
  applyAnonymously,
  approvedOrganization,
  loopbackAddress,
  organizationAdmin,
} from '../support/organizations';
import { sharedPlatforms, type SharedPlatform } from '../support/platform';

type Caller = 'anonymous' | 'user' | 'adminOfA' | 'adminOfB' | 'superAdmin';
const CALLERS: Caller[] = ['anonymous', 'user', 'adminOfA', 'adminOfB', 'superAdmin'];

/**
 * Every organizations endpoint × every kind of caller. The expected status of each cell; refusals
 * are `{ message }` in Azerbaijani, never a 5xx.
 */
const MATRIX: Record<string, Record<Caller, number>> = {
  'POST /api/applications': { anonymous: 201, user: 201, adminOfA: 201, adminOfB: 201, superAdmin: 201 },
  'GET /api/applications': { anonymous: 401, user: 403, adminOfA: 403, adminOfB: 403, superAdmin: 200 },
  'POST /api/applications/:id/approve': {
    anonymous: 401,
    user: 403,
    adminOfA: 403,
    adminOfB: 403,
    superAdmin: 200,
  },
  'POST /api/applications/:id/reject': {
    anonymous: 401,
    user: 403,
    adminOfA: 403,
    adminOfB: 403,
    superAdmin: 200,
  },
  'POST /api/applications/:id/request-contract': {
    anonymous: 401,
    user: 403,
    adminOfA: 403,
    adminOfB: 403,
    superAdmin: 200,
  },
  'GET /api/organizations': { anonymous: 401, user: 403, adminOfA: 403, adminOfB: 403, superAdmin: 200 },
  'GET /api/organizations/:A': { anonymous: 401, user: 403, adminOfA: 200, adminOfB: 403, superAdmin: 200 },
  'PUT /api/organizations/:A': { anonymous: 401, user: 403, adminOfA: 403, adminOfB: 403, superAdmin: 200 },
  'GET /api/organizations/:A/announcements': {
    anonymous: 401,
    user: 403,
    adminOfA: 200,
    adminOfB: 403,
    superAdmin: 200,
  },
  'POST /api/organizations/:A/invitations': {
    anonymous: 401,
    user: 403,
    adminOfA: 201,
    adminOfB: 403,
    superAdmin: 201,
  },
};

describe.each(sharedPlatforms())('organizations access matrix ($mode)', (platform: SharedPlatform) => {
  const { url } = platform;
  const clients = {} as Record<Caller, HttpClient>;
  let organizationA: string;
  const anonymousAddress = loopbackAddress();

  beforeAll(async () => {
    const [superAdmin, user, applicant] = await Promise.all([
      signInSuperAdmin(url),
      registerUser(url, 'matrixuser'),
      registerUser(url, 'matrixapp'),
    ]);
    // Pro: the matrix invites more than basic's 3 seats (the seats themselves: plans.test.ts).
    const a = await approvedOrganization(superAdmin, applicant.client, 'matrixa', {
      subscriptionData: { plan: 'pro' },
    });
    const b = await approvedOrganization(superAdmin, applicant.client, 'matrixb');
    organizationA = a.organization.id;
    const [adminOfA, adminOfB] = await Promise.all([
      organizationAdmin(platform, superAdmin, a.organization.id, 'adma'),
      organizationAdmin(platform, superAdmin, b.organization.id, 'admb'),
    ]);
    Object.assign(clients, {
      anonymous: new HttpClient(url),
      user: user.client,
      adminOfA: adminOfA.client,
      adminOfB: adminOfB.client,
      superAdmin,
    });
  });

  /** A fresh pending application for the review endpoints (sent from an address of its own). */
  async function pendingApplication(): Promise<string> {
    const res = await applyAnonymously(url, applicationBody('matrixp'));
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function call(endpoint: string, caller: Caller): Promise<HttpResponse> {
    const client = clients[caller];
    const [method, template] = endpoint.split(' ') as [string, string];
    let path = template.replace(':A', organizationA);
    if (path.includes(':id')) path = path.replace(':id', await pendingApplication());
    const body: Record<string, unknown> = {
      'POST /api/applications': applicationBody(`matrix${caller}`),
      'POST /api/applications/:id/approve': {},
      'POST /api/applications/:id/reject': { reason: 'Sənədlər natamamdır' },
      'PUT /api/organizations/:A': { isActive: true },
      'POST /api/organizations/:A/invitations': { email: `matrix-${caller}-${Date.now()}@org.example.az` },
    }[endpoint] as Record<string, unknown>;
    // Anonymous applications are throttled per address: the matrix's own address.
    if (caller === 'anonymous' && endpoint === 'POST /api/applications')
      return applyAnonymously(url, body, anonymousAddress);
    return client.request(method, path, method === 'GET' ? undefined : (body ?? {}));
  }

  it.each(Object.keys(MATRIX))('%s', async (endpoint) => {
    const statuses = {} as Record<Caller, number>;
    for (const caller of CALLERS) {
      const res = await call(endpoint, caller);
      statuses[caller] = res.status;
      if (res.status >= 400) {
        expect(res.body).toEqual({ message: expect.any(String) });
        expect(res.body.message).toMatch(/[əğıöşüçƏĞIİÖŞÜÇ]/);
      }
    }
    expect(statuses).toEqual(MATRIX[endpoint]);
  });

  it("an org_admin asking for another organisation's data is told so", async () => {
    const res = await clients.adminOfB.get(`/api/organizations/${organizationA}`);
    expect(res.body).toEqual({ message: 'Bu təşkilata giriş icazəniz yoxdur' });
  });
});
