import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVENTORY_REPORT_MESSAGES, type ReportFigures } from '@tapinti/contracts/inventory-reports-api';
import { IDS } from '../../test/fixtures';
import { base } from '../../test/inventory-fixtures';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import OrgAdminInventoryPage from './org-admin-inventory';

const reports = `${base}/reports`;
const none = { donated: 0, destroyed: 0, handed_to_police: 0, handed_to_asan: 0, transferred: 0 };
const zero: ReportFigures = {
  logged: 0,
  returned: 0,
  disposed: 0,
  disposedByWay: none,
  held: 0,
  returnRate: null,
  medianDaysToReturn: null,
};
const november: ReportFigures = {
  logged: 6,
  returned: 1,
  disposed: 3,
  disposedByWay: { ...none, donated: 1, handed_to_asan: 1, transferred: 1 },
  held: 2,
  returnRate: 0.25,
  medianDaysToReturn: 1.5,
};
const report = (from: string, to: string, months: string[]) => ({
  organizationId: IDS.organization,
  organizationName: 'Park Bulvar',
  period: { from, to, startsAt: '2026-09-30T20:00:00.000Z', endsAt: '2026-11-30T20:00:00.000Z' },
  totals: november,
  months: months.map((month, i) => ({ month, ...(i === months.length - 1 ? november : zero) })),
  categories: [
    { category: 'phones', ...zero, logged: 1, held: 1 },
    { category: 'bags', ...zero, logged: 2, returned: 1, held: 1, returnRate: 1, medianDaysToReturn: 1.5 },
    {
      category: 'keys',
      ...zero,
      logged: 1,
      disposed: 1,
      disposedByWay: { ...none, donated: 1 },
      returnRate: 0,
    },
    { category: 'documents', ...zero, logged: 1, disposed: 1, returnRate: 0 },
    { category: 'other', ...zero, logged: 1, disposed: 1, returnRate: 0 },
  ],
});

const render = () =>
  renderWithProviders(<OrgAdminInventoryPage />, {
    route: '/org-admin/inventory/reports',
    path: '/org-admin/inventory/*',
  });

describe('/org-admin/inventory/reports: the office report', () => {
  it('shows the figures, per month and per category, picks a period and links the exports', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: { ...testUser, role: 'org_staff', organizationId: IDS.organization } },
      [`GET ${reports}`]: { body: report('2026-10', '2026-11', ['2026-10', '2026-11']) },
      [`GET ${reports}?from=2026-11&to=2026-11`]: { body: report('2026-11', '2026-11', ['2026-11']) },
      [`GET ${reports}?from=2024-01&to=2026-11`]: {
        status: 400,
        body: { message: INVENTORY_REPORT_MESSAGES.tooLong, field: 'from' },
      },
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByTestId('report-logged')).toHaveTextContent('6');
    expect(screen.getByRole('link', { name: 'Hesabatlar' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('report-returned')).toHaveTextContent('1');
    expect(screen.getByTestId('report-disposed')).toHaveTextContent('3');
    expect(screen.getByTestId('report-held')).toHaveTextContent('2');
    expect(screen.getByTestId('report-return-rate')).toHaveTextContent('25%');
    expect(screen.getByTestId('report-median-days')).toHaveTextContent('1,5');
    expect(screen.getByRole('list', { name: 'Necə çıxarılıb' })).toHaveTextContent(
      'ASAN xidmətinə təhvil verildi: 1',
    );
    expect(screen.getByText('Dövr: 10.2026 – 11.2026 (Bakı vaxtı)')).toBeInTheDocument();

    // Tables with their captions and column headers; a row per month and per category.
    const months = screen.getByRole('table', { name: 'Aylar üzrə' });
    expect(
      within(months)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Ay',
      'Qeydə alınıb',
      'Qaytarılıb',
      'Çıxarılıb',
      'Saxlanılır',
      'Qaytarılma faizi',
      'Median gün',
    ]);
    const monthRows = within(months).getAllByRole('row').slice(1);
    expect(
      monthRows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['10.2026', '0', '0', '0', '0', '—', '—'],
      ['11.2026', '6', '1', '3', '2', '25%', '1,5'],
    ]);
    const categories = screen.getByRole('table', { name: 'Kateqoriyalar üzrə' });
    expect(within(categories).getAllByRole('row')).toHaveLength(6);
    expect(within(categories).getByText('Çantalar')).toBeInTheDocument();

    // The period picker starts from the server's period; the exports follow it.
    const from = screen.getByLabelText('Başlanğıc ayı');
    const to = screen.getByLabelText('Son ay');
    expect(from).toHaveValue('2026-10');
    expect(to).toHaveValue('2026-11');
    expect(screen.getByRole('link', { name: 'CSV yüklə' })).toHaveAttribute('href', `${reports}/csv`);
    await user.clear(from);
    await user.type(from, '2026-11');
    await user.click(screen.getByRole('button', { name: 'Göstər' }));
    await waitFor(() => expect(screen.getByText('Dövr: 11.2026 – 11.2026 (Bakı vaxtı)')).toBeInTheDocument());
    expect(calls.some((c) => c.url === `${reports}?from=2026-11&to=2026-11`)).toBe(true);
    expect(screen.getByRole('link', { name: 'CSV yüklə' })).toHaveAttribute(
      'href',
      `${reports}/csv?from=2026-11&to=2026-11`,
    );
    const pdf = screen.getByRole('link', { name: 'PDF aç' });
    expect(pdf).toHaveAttribute('href', `${reports}/pdf?from=2026-11&to=2026-11`);
    expect(pdf).toHaveAttribute('target', '_blank');

    // A period too long: the server's Azerbaijani refusal, the picker still there.
    await user.clear(from);
    await user.type(from, '2024-01');
    await user.click(screen.getByRole('button', { name: 'Göstər' }));
    expect(await screen.findByText(INVENTORY_REPORT_MESSAGES.tooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('Başlanğıc ayı')).toHaveValue('2024-01');
  });
});
