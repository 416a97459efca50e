import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import HomePage from './home';

describe('home page: no dead ends', () => {
  it('the services section links organisations to /apply-organization', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: {} }, 'GET /api/announcements': { body: [] } });
    renderWithProviders(<HomePage />);
    const services = screen.getByRole('region', { name: 'Açıq xidmətlər' });
    expect(within(services).getByRole('heading', { name: 'Təşkilatlar üçün' })).toBeInTheDocument();
    expect(within(services).getByRole('link', { name: 'Təşkilat kimi qoşulun' })).toHaveAttribute(
      'href',
      '/apply-organization',
    );
    await waitFor(() => expect(screen.queryByText('Elanlar yüklənir...')).not.toBeInTheDocument());
  });
});
