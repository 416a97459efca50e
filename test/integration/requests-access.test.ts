import { registerUser, signInSuperAdmin } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';
import { fileRequest, FOUND, postAnnouncement } from '../support/requests';

const ACTORS = [
  'anonymous',
  'claimant',
  'another user',
  'author',
  "org admin of the item's organisation",
  'org admin of another organisation',
  'super admin',
] as const;
type Actor = (typeof ACTORS)[number];
type Row = Record<Actor, number>;

const ids = (body: unknown): string[] => (Array.isArray(body) ? body.map((r: { id: string }) => r.id) : []);

/**
 * Who may do what with requests: every endpoint × every kind of caller, for an organisation's
 * found item and for a user's lost item. Each cell is the status the caller gets; list cells also
 * say whether the claim is in the caller's answer.
 */
describe.each(sharedPlatforms())('requests access matrix ($mode)', (platform) => {
  const { url } = platform;
  let people: Record<Exclude<Actor, 'anonymous'>, HttpClient> & { anonymous: HttpClient };
  let userAuthor: HttpClient;
  let organizationId: string;
  let otherOrganizationId: string;

  beforeAll(async () => {
    const superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'muraciet');
    const [org, otherOrg] = [
      await approvedOrganization(superAdmin, applicant.client, 'matris'),
      await approvedOrganization(superAdmin, applicant.client, 'diger'),
    ];
    organizationId = org.organization.id;
    otherOrganizationId = otherOrg.organization.id;
    const [orgAuthor, orgAdmin, otherAdmin, claimant, another, author] = await Promise.all([
      organizationAdmin(platform, superAdmin, organizationId, 'muellif'),
      organizationAdmin(platform, superAdmin, organizationId, 'rehber'),
      organizationAdmin(platform, superAdmin, otherOrganizationId, 'yadrehber'),
      registerUser(url, 'iddiaci'),
      registerUser(url, 'basqa'),
      registerUser(url, 'sahib'),
    ]);
    userAuthor = author.client;
    people = {
      anonymous: new HttpClient(url),
      claimant: claimant.client,
      'another user': another.client,
      author: orgAuthor.client,
      "org admin of the item's organisation": orgAdmin.client,
      'org admin of another organisation': otherAdmin.client,
      'super admin': superAdmin,
    };
  });

  /** Runs `call` for every actor in order; the statuses by actor, and each answer's body. */
  async function row(call: (client: HttpClient, actor: Actor) => Promise<{ status: number; body: unknown }>) {
    const statuses = {} as Row;
    const bodies = {} as Record<Actor, unknown>;
    for (const actor of ACTORS) {
      const res = await call(people[actor], actor);
      statuses[actor] = res.status;
      bodies[actor] = res.body;
    }
    return { statuses, bodies };
  }

  it("an organisation's found item: the organisation's admins and super admins handle its claims", async () => {
    const item = await postAnnouncement(people.author, { ...FOUND, roomNumber: '305' });
    expect(item.organizationId).toBe(organizationId);
    const claim = await fileRequest(people.claimant, { announcementId: item.id });
    const claimId: string = claim.body.id;

    // POST /api/requests: everyone files once (the claimant's second open one is a duplicate).
    const filed = await row((client) =>
      client.post('/api/requests', { announcementId: item.id, contactMethod: 'phone' }),
    );
    expect(filed.statuses).toEqual({
      anonymous: 401,
      claimant: 409,
      'another user': 201,
      author: 403,
      "org admin of the item's organisation": 403,
      'org admin of another organisation': 201,
      'super admin': 201,
    } satisfies Row);
    const claimOf = (actor: Actor) => (filed.bodies[actor] as { id: string }).id;

    const my = await row((client) => client.get('/api/requests/my'));
    expect(my.statuses).toEqual({ ...allOk(), anonymous: 401 });
    expect(containing(my.bodies, claimId)).toEqual({ ...none(), claimant: true });

    const incoming = await row((client) => client.get('/api/requests/incoming'));
    expect(incoming.statuses).toEqual({ ...allOk(), anonymous: 401 });
    // An organisation's item is not anyone's incoming: its admins list it by organisation.
    expect(containing(incoming.bodies, claimId)).toEqual(none());

    const organization = await row((client) => client.get(`/api/organizations/${organizationId}/requests`));
    expect(organization.statuses).toEqual({
      anonymous: 401,
      claimant: 403,
      'another user': 403,
      author: 200,
      "org admin of the item's organisation": 200,
      'org admin of another organisation': 403,
      'super admin': 200,
    } satisfies Row);
    expect(containing(organization.bodies, claimId)).toEqual({
      ...none(),
      author: true,
      "org admin of the item's organisation": true,
      'super admin': true,
    });
    const listed = (
      organization.bodies["org admin of the item's organisation"] as Array<{ id: string }>
    ).find((r) => r.id === claimId);
    expect(listed).toMatchObject({
      announcement: { title: item.title, roomNumber: '305' },
      contactMethod: 'phone',
    });
    const otherOrganization = await row((client) =>
      client.get(`/api/organizations/${otherOrganizationId}/requests`),
    );
    expect(otherOrganization.statuses).toEqual({
      anonymous: 401,
      claimant: 403,
      'another user': 403,
      author: 403,
      "org admin of the item's organisation": 403,
      'org admin of another organisation': 200,
      'super admin': 200,
    } satisfies Row);

    // PUT /api/requests/:id: refusals first, then each handler moves a claim of their own choosing.
    const targets: Partial<Record<Actor, string>> = {
      author: claimId,
      "org admin of the item's organisation": claimOf('another user'),
      'super admin': claimOf('org admin of another organisation'),
    };
    const updated = await row((client, actor) =>
      client.put(`/api/requests/${targets[actor] ?? claimId}`, { status: 'contacted' }),
    );
    expect(updated.statuses).toEqual({
      anonymous: 401,
      claimant: 403,
      'another user': 403,
      author: 200,
      "org admin of the item's organisation": 200,
      'org admin of another organisation': 403,
      'super admin': 200,
    } satisfies Row);
  });

  it("a user's lost item: its author and super admins handle its claims, through /api/requests/incoming", async () => {
    people.author = userAuthor;
    const item = await postAnnouncement(userAuthor, { type: 'lost' });
    expect(item.organizationId).toBeNull();
    const claim = await fileRequest(people.claimant, { announcementId: item.id });
    const claimId: string = claim.body.id;

    const filed = await row((client) =>
      client.post('/api/requests', { announcementId: item.id, contactMethod: 'email' }),
    );
    expect(filed.statuses).toEqual({
      anonymous: 401,
      claimant: 409,
      'another user': 201,
      author: 403,
      // No organisation of its own here: an org admin claims like anyone.
      "org admin of the item's organisation": 201,
      'org admin of another organisation': 201,
      'super admin': 201,
    } satisfies Row);
    const claimOf = (actor: Actor) => (filed.bodies[actor] as { id: string }).id;

    const my = await row((client) => client.get('/api/requests/my'));
    expect(my.statuses).toEqual({ ...allOk(), anonymous: 401 });
    expect(containing(my.bodies, claimId)).toEqual({ ...none(), claimant: true });

    const incoming = await row((client) => client.get('/api/requests/incoming'));
    expect(incoming.statuses).toEqual({ ...allOk(), anonymous: 401 });
    expect(containing(incoming.bodies, claimId)).toEqual({ ...none(), author: true });

    const organization = await row((client) => client.get(`/api/organizations/${organizationId}/requests`));
    expect(organization.statuses).toEqual({
      anonymous: 401,
      claimant: 403,
      'another user': 403,
      author: 403,
      "org admin of the item's organisation": 200,
      'org admin of another organisation': 403,
      'super admin': 200,
    } satisfies Row);
    expect(containing(organization.bodies, claimId)).toEqual(none());

    const targets: Partial<Record<Actor, string>> = {
      author: claimId,
      'super admin': claimOf('another user'),
    };
    const updated = await row((client, actor) =>
      client.put(`/api/requests/${targets[actor] ?? claimId}`, { status: 'contacted' }),
    );
    expect(updated.statuses).toEqual({
      anonymous: 401,
      claimant: 403,
      'another user': 403,
      author: 200,
      "org admin of the item's organisation": 403,
      'org admin of another organisation': 403,
      'super admin': 200,
    } satisfies Row);
  });

  const allOk = (): Row => Object.fromEntries(ACTORS.map((a) => [a, 200])) as Row;
  const none = (): Record<Actor, boolean> =>
    Object.fromEntries(ACTORS.map((a) => [a, false])) as Record<Actor, boolean>;
  const containing = (bodies: Record<Actor, unknown>, id: string) =>
    Object.fromEntries(ACTORS.map((a) => [a, ids(bodies[a]).includes(id)])) as Record<Actor, boolean>;
});
