import { screen } from '@testing-library/react';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import ConfirmSavedSearchPage from './confirm-saved-search';

const PATH = '/axtaris-bildirisi/tesdiq';

describe('the saved-search confirmation page', () => {
  it('follows the e-mailed link once and says the alerts have started', async () => {
    const { calls } = mockApi({
      'POST /api/notifications/saved-searches/confirm': { body: { confirmed: 2 } },
    });
    renderWithProviders(<ConfirmSavedSearchPage />, { route: `${PATH}?token=abc`, path: PATH });
    expect(await screen.findByText(/E-poçt ünvanınız təsdiqləndi/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ token: 'abc' }]);
  });

  it('says so when the link is wrong or expired', async () => {
    mockApi({
      'POST /api/notifications/saved-searches/confirm': {
        status: 400,
        body: { message: 'Təsdiq linki yanlışdır və ya vaxtı keçib', field: 'token' },
      },
    });
    renderWithProviders(<ConfirmSavedSearchPage />, { route: `${PATH}?token=bad`, path: PATH });
    expect(await screen.findByText('Təsdiq linki yanlışdır və ya vaxtı keçib')).toBeInTheDocument();
  });
});
