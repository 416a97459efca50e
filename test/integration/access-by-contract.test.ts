import { randomUUID } from 'node:crypto';
import { API_ENDPOINTS } from '@tapinti/contracts/api-endpoints';
import type { Endpoint } from '@tapinti/contracts/endpoint';
import type { Role } from '@tapinti/contracts/roles';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';

/**
 * Every endpoint of the contracts × every kind of caller: anonymous, a user, the admin and the
 * staff of an organisation, the admin and the staff of another organisation and the super admin. Each caller either passes
 * the endpoint's gate (any answer but 401/403, unless the endpoint lists that refusal for reasons
 * of its own, e.g. someone else's announcement) or is refused as its `access` says: 401 signed
 * out, 403 for a role it does not name. Organisation-scoped paths name the first organisation, so
 * the other organisation's admin and staff meet the 403 of an organisation not theirs.
 *
 * Bodies are empty and other ids random: only the gate is asked about here (the areas' own
 * matrices, e.g. requests-access and organizations-access, follow the data through).
 */
const ACTORS = [
  'anonymous',
  'user',
  'org admin',
  'org staff',
  'org admin of another organisation',
  'org staff of another organisation',
  'super admin',
] as const;
type Actor = (typeof ACTORS)[number];
const ROLE_OF: Record<Actor, Role | null> = {
  anonymous: null,
  user: 'user',
  'org admin': 'org_admin',
  'org staff': 'org_staff',
  'org admin of another organisation': 'org_admin',
  'org staff of another organisation': 'org_staff',
  'super admin': 'super_admin',
};

/** End the caller's session(s): asked last, in this order, so every other endpoint is asked signed in. */
const ENDS_SESSIONS = ['post /api/sessions/sign-out-everywhere', 'post /api/logout'];
const keyOf = (e: Endpoint) => `${e.method} ${e.path}`;
const ordered = [
  ...API_ENDPOINTS.filter((e) => !ENDS_SESSIONS.includes(keyOf(e))),
  ...ENDS_SESSIONS.map((key) => API_ENDPOINTS.find((e) => keyOf(e) === key)!),
];

const scopedToOrganization = (e: Endpoint) => e.path.startsWith('/api/organizations/:id');

const ofAnotherOrganization = (actor: Actor) =>
  actor === 'org admin of another organisation' || actor === 'org staff of another organisation';

/**
 * The statuses the caller may be refused with, or null when the gate lets it through. Another
 * organisation's admin or staff is refused by the organisation (403) once the request is read: an
 * empty body, or no query where one is required (inventory labels' `items`), is refused before
 * that (400); organizations-access and inventory send valid ones.
 */
function refusalFor(e: Endpoint, actor: Actor): number[] | null {
  if (e.access === 'public') return null;
  const role = ROLE_OF[actor];
  if (!role) return [401];
  if (e.access !== 'signed-in' && !e.access.includes(role)) return [403];
  if (scopedToOrganization(e) && ofAnotherOrganization(actor))
    return e.body || (e.query && !e.query.safeParse({}).success) ? [403, 400] : [403];
  return null;
}

describe.each(sharedPlatforms())('every endpoint’s gate for every caller ($mode)', (platform) => {
  const { url } = platform;
  let clients: Record<Actor, HttpClient>;
  let organizationId: string;

  beforeAll(async () => {
    const superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'kapi');
    const [own, other] = [
      await approvedOrganization(superAdmin, applicant.client, 'kapi'),
      await approvedOrganization(superAdmin, applicant.client, 'kapidiger'),
    ];
    organizationId = own.organization.id;
    const [user, orgAdmin, otherAdmin, orgStaff, otherStaff] = await Promise.all([
      registerUser(url, 'kapiuser'),
      organizationAdmin(platform, superAdmin, organizationId, 'kapirehber'),
      organizationAdmin(platform, superAdmin, other.organization.id, 'kapiyad'),
      organizationMember(platform, superAdmin, organizationId, 'org_staff', 'kapiisci'),
      organizationMember(platform, superAdmin, other.organization.id, 'org_staff', 'kapiyadisci'),
    ]);
    clients = {
      anonymous: new HttpClient(url),
      user: user.client,
      'org admin': orgAdmin.client,
      'org staff': orgStaff.client,
      'org admin of another organisation': otherAdmin.client,
      'org staff of another organisation': otherStaff.client,
      'super admin': superAdmin,
    };
  });

  /** The path with its parameters filled: the first organisation's id, else a random id. */
  const pathOf = (e: Endpoint) =>
    e.path.replace(/:(\w+)/g, (_, name: string) =>
      name === 'id' && scopedToOrganization(e) ? organizationId : name === 'kind' ? 'audit' : randomUUID(),
    );

  /** The answer's status only: read from its headers, so a never-ending stream is asked too. */
  async function statusOf(client: HttpClient, e: Endpoint): Promise<number> {
    const controller = new AbortController();
    const res = await fetch(new URL(pathOf(e), url), {
      method: e.method.toUpperCase(),
      headers: {
        ...(client.cookies.size ? { cookie: client.cookieHeader } : {}),
        ...(e.method === 'get' || e.method === 'delete' ? {} : { 'content-type': 'application/json' }),
      },
      body: e.method === 'get' || e.method === 'delete' ? undefined : '{}',
      redirect: 'manual',
      signal: controller.signal,
    });
    controller.abort();
    return res.status;
  }

  it.each(ACTORS)(
    '%s: refused exactly where the contract says, let through everywhere else',
    async (actor) => {
      const wrong: string[] = [];
      for (const e of ordered) {
        const status = await statusOf(clients[actor], e);
        const refusal = refusalFor(e, actor);
        const ownRefusals = (e.errors ?? []).filter((s) => s === 401 || s === 403);
        const gateRefusal = status === 401 || status === 403;
        const ok = refusal ? refusal.includes(status) : !gateRefusal || ownRefusals.includes(status);
        if (!ok)
          wrong.push(`${keyOf(e)}: ${status} (expected ${refusal?.join(' or ') ?? 'neither 401 nor 403'})`);
      }
      expect(wrong).toEqual([]);
    },
  );
});
