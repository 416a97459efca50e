import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { AppRoutes } from '../router';

describe('404 page', () => {
  it("keeps the spec's English text and adds an Azerbaijani line and a link home", async () => {
    mockApi({
      'GET /api/user': { status: 401, body: {} },
      'GET /api/announcements': { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(
      screen.getByText('Axtardığınız səhifə tapılmadı. Ünvanı yoxlayın və ya ana səhifəyə qayıdın.'),
    ).toHaveAttribute('lang', 'az');
    const home = screen.getByRole('link', { name: 'Ana səhifəyə qayıt' });
    expect(home).toHaveAttribute('href', '/');
    await user.click(home);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('heading', { name: 'Son elanlar' })).toBeInTheDocument();
  });
});
