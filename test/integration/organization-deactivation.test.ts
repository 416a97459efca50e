import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { registerUser, signInSuperAdmin, type TestUser } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';
import { fileRequest, FOUND, postAnnouncement, PROPAGATION_MS } from '../support/requests';

const ids = (body: unknown): string[] => (Array.isArray(body) ? body.map((r: { id: string }) => r.id) : []);
const sitemapIds = (body: unknown): string[] =>
  Array.isArray(body) ? body.map((e: { id: string }) => e.id) : [];

/** Issue 21, finding 1: a deactivated organisation acts in nothing and its items leave the board. */
describe.each(sharedPlatforms())('a deactivated organisation ($mode)', (platform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  let superAdmin: HttpClient;
  let orgAdmin: HttpClient;
  let organizationId: string;
  let owner: TestUser;
  let item: { id: string; title: string };
  let claimId: string;

  /** What anyone sees of the item on the board: listed, found by search, its public page, the sitemap. */
  async function boardShows(id: string, title: string) {
    const search = encodeURIComponent(title.split(' ').pop()!);
    const [list, found, page, sitemap, details] = await Promise.all([
      anonymous.get('/api/announcements?limit=500'),
      anonymous.get(`/api/announcements?search=${search}`),
      anonymous.get(`/api/announcements/public/${id}`),
      anonymous.get('/api/announcements/sitemap'),
      owner.client.get(`/api/announcements/${id}`),
    ]);
    return {
      list: ids(list.body).includes(id),
      search: ids(found.body).includes(id),
      page: page.status,
      sitemap: sitemapIds(sitemap.body).includes(id),
      details: details.status,
    };
  }

  beforeAll(async () => {
    superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'deaktiv');
    organizationId = (await approvedOrganization(superAdmin, applicant.client, 'deaktiv')).organization.id;
    [orgAdmin, owner] = await Promise.all([
      organizationAdmin(platform, superAdmin, organizationId, 'deaktivrehber').then((a) => a.client),
      registerUser(url, 'deaktivsahib'),
    ]);
    item = await postAnnouncement(orgAdmin, { ...FOUND });
    claimId = (await fileRequest(owner.client, { announcementId: item.id })).body.id;
    await eventually(
      async () => {
        const listed = await orgAdmin.get(`/api/organizations/${organizationId}/requests`);
        expect(ids(listed.body)).toContain(claimId);
      },
      { timeoutMs: PROPAGATION_MS },
    );
  });

  it("refuses its admin every organisation-scoped action with 'Təşkilat deaktivdir', and hides its items", async () => {
    const deactivated = await superAdmin.put(`/api/organizations/${organizationId}`, { isActive: false });
    expect(deactivated.status).toBe(200);

    await eventually(
      async () => {
        const posted = await orgAdmin.post('/api/announcements', {
          ...FOUND,
          title: 'Deaktiv təşkilatın elanı',
          organizationId,
        });
        expect([posted.status, posted.body.message]).toEqual([403, ORGANIZATION_MESSAGES.deactivated]);
      },
      { timeoutMs: PROPAGATION_MS },
    );
    await eventually(
      async () => {
        const claims = await orgAdmin.get(`/api/organizations/${organizationId}/requests`);
        expect([claims.status, claims.body.message]).toEqual([403, ORGANIZATION_MESSAGES.deactivated]);
        expect(claims.text).not.toContain(owner.username);
        const decided = await orgAdmin.put(`/api/requests/${claimId}`, { status: 'contacted' });
        expect([decided.status, decided.body.message]).toEqual([403, ORGANIZATION_MESSAGES.deactivated]);
      },
      { timeoutMs: PROPAGATION_MS },
    );
    const organization = await orgAdmin.get(`/api/organizations/${organizationId}`);
    expect([organization.status, organization.body.message]).toEqual([
      403,
      ORGANIZATION_MESSAGES.deactivated,
    ]);
    const edited = await orgAdmin.put(`/api/announcements/${item.id}`, { ...FOUND, title: 'Dəyişdirilmiş' });
    expect([edited.status, edited.body.message]).toEqual([403, ORGANIZATION_MESSAGES.deactivated]);

    await eventually(
      async () =>
        expect(await boardShows(item.id, item.title)).toEqual({
          list: false,
          search: false,
          page: 404,
          sitemap: false,
          details: 404,
        }),
      { timeoutMs: PROPAGATION_MS },
    );
    // The super admin still sees it (to review the organisation).
    expect((await superAdmin.get(`/api/announcements/${item.id}`)).status).toBe(200);
  });

  it('gives the organisation back everything on reactivation', async () => {
    const reactivated = await superAdmin.put(`/api/organizations/${organizationId}`, { isActive: true });
    expect(reactivated.status).toBe(200);
    await eventually(
      async () => {
        expect(await boardShows(item.id, item.title)).toEqual({
          list: true,
          search: true,
          page: 200,
          sitemap: true,
          details: 200,
        });
        const claims = await orgAdmin.get(`/api/organizations/${organizationId}/requests`);
        expect(ids(claims.body)).toContain(claimId);
        const decided = await orgAdmin.put(`/api/requests/${claimId}`, { status: 'contacted' });
        expect(decided.status).toBe(200);
      },
      { timeoutMs: PROPAGATION_MS },
    );
    const posted = await orgAdmin.post('/api/announcements', {
      ...FOUND,
      title: 'Yenidən aktiv',
      organizationId,
    });
    expect(posted.status).toBe(201);
  });
});
