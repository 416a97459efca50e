import { parse } from 'csv-parse/sync';
import { registerUser, signInSuperAdmin } from '../support/accounts';
import { eventually } from '../support/eventually';
import { HttpClient, uniqueName } from '../support/http-client';
import { applicationBody } from '../support/organizations';
import { sharedPlatforms } from '../support/platform';

/** How a spreadsheet set to `;` or `,` reads the file: quote-aware, forgiving of the other separator. */
const read = (csv: string, delimiter: string): string[][] =>
  parse(csv, { delimiter, bom: true, relax_quotes: true, relax_column_count: true });

describe.each(sharedPlatforms())('CSV exports ($mode)', ({ url }) => {
  let admin: HttpClient;
  let applicant: HttpClient;

  beforeAll(async () => {
    [admin, { client: applicant }] = await Promise.all([
      signInSuperAdmin(url),
      registerUser(url, 'csvixrac'),
    ]);
  });

  it('is for the super admin only', async () => {
    expect((await new HttpClient(url).get('/api/analytics/exports/organizations')).status).toBe(401);
    expect((await applicant.get('/api/analytics/exports/organizations')).status).toBe(403);
  });

  it('quotes every text cell and neutralises formulas, also after invisible characters', async () => {
    const marker = uniqueName('csv');
    const names = [`Pulqabı;=HYPERLINK("http://evil.az") ${marker}`, `\u200b=1+1 ${marker}`];
    for (const organizationName of names) {
      const submitted = await applicant.post(
        '/api/applications',
        applicationBody('csv', { organizationName }),
      );
      expect(submitted.status).toBe(201);
      expect((await admin.post(`/api/applications/${submitted.body.id}/approve`, {})).status).toBe(200);
    }

    const csv = await eventually(
      async () => {
        const res = await admin.get('/api/analytics/exports/organizations');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
        expect(res.text.split(marker)).toHaveLength(3);
        return res.text;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );

    const byComma = read(csv, ',');
    expect(byComma[0]).toEqual(['id', 'name', 'type', 'is_active', 'created_at']);
    const exported = byComma.map((row) => row[1]).filter((name) => name?.includes(marker));
    expect(exported.sort()).toEqual(
      [`'${names[1]}`, `Pulqabı;'=HYPERLINK("http://evil.az") ${marker}`].sort(),
    );
    // Each text cell is quoted in the file itself.
    expect(csv).toContain(`"Pulqabı;'=HYPERLINK(""http://evil.az"") ${marker}"`);
    expect(csv).toContain(`"'\u200b=1+1 ${marker}"`);

    // A reader taking `;` as the separator (Excel in many locales) starts no cell with a formula.
    const bySemicolon = read(csv, ';').flat();
    expect(bySemicolon.some((cell) => cell.includes(marker))).toBe(true);
    for (const cell of bySemicolon) expect(cell).not.toMatch(/^[\p{Cf}\p{Z}]*[=+\-@]/u);
  });
});
