import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render';
import { ExportsPanel } from './exports-panel';

function stubFetch(reply: { status: number; body: string; headers?: Record<string, string> }) {
  const calls: { url: string; init?: RequestInit }[] = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return {
      ok: reply.status < 300,
      status: reply.status,
      statusText: reply.status < 300 ? 'OK' : 'Forbidden',
      headers: new Headers(reply.headers ?? {}),
      text: async () => reply.body,
      blob: async () => new Blob([reply.body], { type: 'text/csv' }),
    } as unknown as Response;
  }) as unknown as typeof fetch;
  return calls;
}

describe('exports tab', () => {
  it('downloads the CSV of the selected range under the server’s file name', async () => {
    const calls = stubFetch({
      status: 200,
      body: '\uFEFFid,title\n1,Açar\n',
      headers: { 'Content-Disposition': 'attachment; filename="tapinti-announcements-2025-08-23.csv"' },
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<ExportsPanel range="7d" />);
    await user.click(screen.getByRole('button', { name: 'Yüklə: Elanlar (CSV)' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Fayl yükləndi')).toBeInTheDocument();
    expect(within(toast).getByText('tapinti-announcements-2025-08-23.csv')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    const url = new URL(calls[0]!.url, 'http://x');
    expect(url.pathname).toBe('/api/analytics/exports/announcements');
    const from = Date.parse(url.searchParams.get('fromDate')!);
    expect(Math.round((Date.now() - from) / (24 * 3600 * 1000))).toBe(7);
    expect(calls[0]!.init?.credentials).toBe('include');
    click.mockRestore();
  });

  it('all time sends no fromDate; a refusal toasts the server message', async () => {
    const calls = stubFetch({
      status: 403,
      body: JSON.stringify({ message: 'Bu əməliyyat üçün icazəniz yoxdur' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ExportsPanel range="all" />);
    await user.click(screen.getByRole('button', { name: 'Yüklə: Audit jurnalı (CSV)' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('İxrac alınmadı')).toBeInTheDocument();
    expect(within(toast).getByText('Bu əməliyyat üçün icazəniz yoxdur')).toBeInTheDocument();
    await waitFor(() => expect(calls[0]!.url).toBe('/api/analytics/exports/audit-logs'));
  });
});
