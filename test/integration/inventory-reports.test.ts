import { parse } from 'csv-parse/sync';
import { bakuDay } from '@tapinti/contracts/baku-calendar';
import { INVENTORY_REPORT_MESSAGES } from '@tapinti/contracts/inventory-reports-api';
import { ORGANIZATION_MESSAGES } from '@tapinti/contracts/organizations-api';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient } from '../support/http-client';
import { approvedOrganization, organizationAdmin, organizationMember } from '../support/organizations';
import { inventoryPlanIs } from '../support/plans';
import { sharedPlatforms, type SharedPlatform } from '../support/platform';

const pro = { subscriptionData: { plan: 'pro' } };

/**
 * The office's reports (issue 25 point 7): a venue logs items, returns one at the desk and
 * disposes of others by different ways; its report (JSON, CSV, PDF) shows them per month and per
 * category, the platform's report counts them per organisation, and every endpoint answers each
 * kind of caller as its contract says — another organisation's staff never see this one's.
 */
async function fetchBytes(baseUrl: string, client: HttpClient, path: string) {
  const res = await fetch(new URL(path, baseUrl), {
    headers: client.cookies.size ? { cookie: client.cookieHeader } : {},
  });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The PDF's text, every page, whitespace taken out. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText } = await import('unpdf');
  const { text } = await extractText(bytes, { mergePages: true });
  return text.replace(/\s+/g, '');
}

const squeeze = (text: string) => text.replace(/\s+/g, '');

describe.each(sharedPlatforms())('the office reports ($mode)', (platform: SharedPlatform) => {
  const { url } = platform;
  const anonymous = new HttpClient(url);
  let superAdmin: HttpClient;
  let user: HttpClient;
  let admin: HttpClient;
  let staff: HttpClient;
  let otherAdmin: HttpClient;
  let otherStaff: HttpClient;
  let organizationId: string;
  let organizationName: string;
  let otherOrganizationId: string;
  let reports: string;
  let otherReports: string;

  /** The organisation's register set up (prefix, a shelf); the shelf's id. */
  async function setUp(client: HttpClient, id: string, prefix: string) {
    expect((await client.put(`/api/organizations/${id}/inventory/prefix`, { prefix })).status).toBe(200);
    const shelf = await client.post(`/api/organizations/${id}/inventory/storage-places`, {
      name: 'Rəf 1',
      kind: 'shelf',
    });
    expect(shelf.status).toBe(201);
    return shelf.body.id as string;
  }

  beforeAll(async () => {
    superAdmin = await signInSuperAdmin(url);
    const applicant = await registerUser(url, 'hesabat');
    const [own, other] = [
      // Pro: reports (and a label) are pro and up (issue 25 point 8; basic's refusal: plans.test.ts).
      await approvedOrganization(superAdmin, applicant.client, 'hesabat', pro),
      await approvedOrganization(superAdmin, applicant.client, 'hesabatyad', pro),
    ];
    organizationId = own.organization.id;
    organizationName = own.organization.name;
    otherOrganizationId = other.organization.id;
    reports = `/api/organizations/${organizationId}/inventory/reports`;
    otherReports = `/api/organizations/${otherOrganizationId}/inventory/reports`;
    const [a, b] = await Promise.all([
      organizationAdmin(platform, superAdmin, organizationId, 'hesabatrehber'),
      organizationAdmin(platform, superAdmin, otherOrganizationId, 'hesabatyadrehber'),
    ]);
    admin = a.client;
    otherAdmin = b.client;
    const [s, t, u] = await Promise.all([
      organizationMember(platform, admin, organizationId, 'org_staff', 'hesabatisci'),
      organizationMember(platform, otherAdmin, otherOrganizationId, 'org_staff', 'hesabatyadisci'),
      registerUser(url, 'hesabatuser'),
    ]);
    staff = s.client;
    otherStaff = t.client;
    user = u.client;
    await Promise.all([
      inventoryPlanIs(admin, organizationId, 'pro'),
      inventoryPlanIs(otherAdmin, otherOrganizationId, 'pro'),
    ]);
  });

  it('counts items logged, returned at the desk, disposed of by way and still held', async () => {
    const shelf = await setUp(admin, organizationId, 'HSB');
    const otherShelf = await setUp(otherAdmin, otherOrganizationId, 'YAD');
    const base = `/api/organizations/${organizationId}/inventory`;
    const log = async (category: string, title: string) => {
      const res = await staff.post(`${base}/items`, {
        category,
        title,
        foundArea: 'Lobbi',
        storagePlaceId: shelf,
      });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const returned = await log('bags', 'Qara çanta');
    await log('bags', 'Göy çanta');
    await log('phones', 'Telefon');
    const passport = await log('documents', 'Pasport');
    const keys = await log('keys', 'Açar dəsti');
    const umbrella = await log('other', 'Çətir');
    // Another organisation's item: never in this one's report.
    expect(
      (
        await otherStaff.post(`/api/organizations/${otherOrganizationId}/inventory/items`, {
          category: 'keys',
          title: 'Açar',
          foundArea: 'Giriş',
          storagePlaceId: otherShelf,
        })
      ).status,
    ).toBe(201);

    // A walk-in owner at the desk: returned at once.
    const desk = await staff.post(`${base}/items/${returned}/handover`, {
      ownerName: 'Aygün Həsənova',
      documentType: 'id_card',
      documentLast4: '1234',
    });
    expect(desk.body.state).toBe('returned');
    for (const [id, body] of [
      [passport, { way: 'handed_to_asan' }],
      [keys, { way: 'donated' }],
      [umbrella, { way: 'transferred', receivingOrganization: 'Qızıl Aypara' }],
    ] as const) {
      const res = await staff.post(`${base}/items/${id}/disposal`, body);
      expect(res.status).toBe(200);
    }

    const figures = {
      logged: 6,
      returned: 1,
      disposed: 3,
      disposedByWay: { donated: 1, destroyed: 0, handed_to_police: 0, handed_to_asan: 1, transferred: 1 },
      held: 2,
      returnRate: 0.25,
      medianDaysToReturn: 0,
    };
    const thisMonth = bakuDay(new Date()).slice(0, 7);
    // The organisation's name reaches this service by event.
    const report = await eventually(
      async () => {
        const res = await staff.get(reports);
        expect(res.status).toBe(200);
        expect(res.body.organizationName).toBe(organizationName);
        return res.body;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    expect(report.organizationId).toBe(organizationId);
    expect(report.period).toMatchObject({ to: thisMonth });
    // The last 12 months by default, oldest first, each one there.
    expect(report.months).toHaveLength(12);
    expect(report.months.at(-1)).toEqual({ month: thisMonth, ...figures });
    expect(report.months.slice(0, 11).every((m: { logged: number }) => m.logged === 0)).toBe(true);
    expect(report.totals).toEqual(figures);
    const byCategory = Object.fromEntries(
      report.categories.map(
        (c: { category: string; logged: number; returned: number; disposed: number; held: number }) => [
          c.category,
          [c.logged, c.returned, c.disposed, c.held],
        ],
      ),
    );
    expect(byCategory).toEqual({
      phones: [1, 0, 0, 1],
      bags: [2, 1, 0, 1],
      keys: [1, 0, 1, 0],
      documents: [1, 0, 1, 0],
      other: [1, 0, 1, 0],
    });
    // One month chosen: the same figures; the admin and the super admin read it too.
    for (const client of [admin, superAdmin]) {
      const one = await client.get(`${reports}?from=${thisMonth}&to=${thisMonth}`);
      expect(one.status).toBe(200);
      expect(one.body.months).toEqual([{ month: thisMonth, ...figures }]);
    }
    // The other organisation's staff see their own report only.
    const theirs = await otherStaff.get(otherReports);
    expect(theirs.status).toBe(200);
    expect(theirs.body.totals).toMatchObject({ logged: 1, held: 1, returned: 0, disposed: 0 });
  });

  it('exports the report as CSV and PDF', async () => {
    const thisMonth = bakuDay(new Date()).slice(0, 7);
    const csv = await fetchBytes(url, staff, `${reports}/csv?from=${thisMonth}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="hesabat-${thisMonth}-${thisMonth}.csv"`,
    );
    const rows: string[][] = parse(Buffer.from(csv.bytes), { bom: true });
    const [header, ...body] = rows;
    expect(header).toEqual([
      'Bölmə',
      'Dövr, ay, kateqoriya və ya təşkilat',
      'Qeydə alınıb',
      'Qaytarılıb',
      'Çıxarılıb',
      'Bağışlandı',
      'Məhv edildi',
      'Polisə təhvil verildi',
      'ASAN xidmətinə təhvil verildi',
      'Başqa təşkilata verildi',
      'Saxlanılır (dövrün sonunda)',
      'Qaytarılma faizi (%)',
      'Qaytarılmaya qədər median gün',
    ]);
    const expected = ['6', '1', '3', '1', '0', '0', '1', '1', '2', '25.0', '0'];
    expect(body[0]).toEqual(['Cəmi', `${thisMonth} – ${thisMonth}`, ...expected]);
    expect(body[1]).toEqual(['Ay', thisMonth, ...expected]);
    expect(body.slice(2).map((r) => r.slice(0, 6))).toEqual([
      ['Kateqoriya', 'Telefonlar', '1', '0', '0', '0'],
      ['Kateqoriya', 'Çantalar', '2', '1', '0', '0'],
      ['Kateqoriya', 'Açarlar', '1', '0', '1', '1'],
      ['Kateqoriya', 'Sənədlər', '1', '0', '1', '0'],
      ['Kateqoriya', 'Digər', '1', '0', '1', '0'],
    ]);

    const pdf = await fetchBytes(url, admin, `${reports}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^inline; filename="hesabat-\d{4}-\d{2}-\d{4}-\d{2}\.pdf"$/,
    );
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(squeeze(organizationName));
    expect(text).toContain(squeeze('İtirilmiş əşyalar bürosunun hesabatı'));
    for (const line of [
      'Qeydə alınıb 6',
      'Sahibinə qaytarılıb 1',
      'Çıxarılıb 3',
      'ASAN xidmətinə təhvil verildi 1',
      'Saxlanılır (dövrün sonunda) 2',
      'Qaytarılma faizi 25.0%',
    ])
      expect(text).toContain(squeeze(line));
    const [year, month] = thisMonth.split('-');
    expect(text).toContain(squeeze(`${month}.${year} 6 1 3 2 25.0% 0`));
    expect(text).toContain(squeeze('Çantalar 2 1 0 1 100.0% 0'));
  });

  it('refuses a bad or too long period with a clear Azerbaijani 400', async () => {
    const refusals: Array<[string, string]> = [
      ['?from=2026-13', INVENTORY_REPORT_MESSAGES.month],
      ['?from=2026-1', INVENTORY_REPORT_MESSAGES.month],
      ['?to=abc', INVENTORY_REPORT_MESSAGES.month],
      ['?from=1999-12', INVENTORY_REPORT_MESSAGES.month],
      ['?from=2026-01&from=2026-02', INVENTORY_REPORT_MESSAGES.month],
      ['?from=2026-05&to=2026-01', INVENTORY_REPORT_MESSAGES.order],
      ['?from=2020-01&to=2026-01', INVENTORY_REPORT_MESSAGES.tooLong],
      ['?from=2099-01', INVENTORY_REPORT_MESSAGES.order],
    ];
    for (const path of [reports, `${reports}/csv`, `${reports}/pdf`, '/api/inventory/reports']) {
      for (const [query, message] of refusals) {
        const client = path.startsWith('/api/inventory') ? superAdmin : staff;
        const res = await client.get(`${path}${query}`);
        expect({ path, query, status: res.status, message: res.body.message }).toEqual({
          path,
          query,
          status: 400,
          message,
        });
      }
    }
  });

  it('the platform’s report counts every organisation, with a row each', async () => {
    const res = await superAdmin.get('/api/inventory/reports');
    expect(res.status).toBe(200);
    const row = (id: string) =>
      res.body.organizations.find((o: { organizationId: string }) => o.organizationId === id);
    expect(row(organizationId)).toEqual({
      organizationId,
      organizationName,
      logged: 6,
      returned: 1,
      disposed: 3,
      held: 2,
      returnRate: 0.25,
    });
    expect(row(otherOrganizationId)).toMatchObject({ logged: 1, held: 1, returnRate: null });
    // Other suites share the platform: its totals are at least these two organisations'.
    expect(res.body.totals.logged).toBeGreaterThanOrEqual(7);
    expect(res.body.totals.disposedByWay.handed_to_asan).toBeGreaterThanOrEqual(1);
    expect(res.body.months).toHaveLength(12);

    const csv = await fetchBytes(url, superAdmin, '/api/inventory/reports/csv');
    expect(csv.status).toBe(200);
    const rows: string[][] = parse(Buffer.from(csv.bytes), { bom: true });
    const ours = rows.find((r) => r[0] === 'Təşkilat' && r[1] === organizationName);
    expect(ours).toEqual(['Təşkilat', organizationName, '6', '1', '3', '', '', '', '', '', '2', '25.0', '']);

    const pdf = await fetchBytes(url, superAdmin, '/api/inventory/reports/pdf');
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain(squeeze('Tapıntı platforması'));
    expect(text).toContain(squeeze('Təşkilatlar üzrə'));
  });

  it('answers every caller as its contract says (access matrix)', async () => {
    const organizationPaths = [reports, `${reports}/csv`, `${reports}/pdf`];
    const platformPaths = [
      '/api/inventory/reports',
      '/api/inventory/reports/csv',
      '/api/inventory/reports/pdf',
    ];
    const callers: Array<[string, HttpClient, number, number]> = [
      ['anonymous', anonymous, 401, 401],
      ['user', user, 403, 403],
      ['org_admin', admin, 200, 403],
      ['org_staff', staff, 200, 403],
      ['other org_admin', otherAdmin, 403, 403],
      ['other org_staff', otherStaff, 403, 403],
      ['super_admin', superAdmin, 200, 200],
    ];
    for (const [who, client, own, platformWide] of callers) {
      const statuses = async (paths: string[]) =>
        Promise.all(paths.map(async (p) => (await fetchBytes(url, client, p)).status));
      expect({
        who,
        own: await statuses(organizationPaths),
        platform: await statuses(platformPaths),
      }).toEqual({
        who,
        own: [own, own, own],
        platform: [platformWide, platformWide, platformWide],
      });
    }
    // Another organisation's member asking for this one's report: refused before anything is read.
    const refused = await otherStaff.get(reports);
    expect(refused.body.message).toBe(ORGANIZATION_MESSAGES.foreignOrganization);
  });
});
