import { lazy } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { Layout } from './layout';

// A route whose code chunk never arrives, as on a dropped connection or after a release replaced it.
const BrokenPage = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));

function Pages() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="broken" element={<BrokenPage />} />
        <Route path="other" element={<h1>Başqa səhifə</h1>} />
      </Route>
    </Routes>
  );
}

describe('a page that fails to load', () => {
  beforeEach(() => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Giriş tələb olunur' } } });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('says so with a reload button instead of a blank page, removes the static shell, and another page still opens', async () => {
    const shell = document.createElement('div');
    shell.id = 'app-shell';
    document.body.append(shell);
    renderWithProviders(
      <>
        <Pages />
        <Link to="/other">başqa</Link>
      </>,
      { route: '/broken' },
    );

    const message = await screen.findByText(
      'Səhifə yüklənmədi. İnternet bağlantınızı yoxlayıb yenidən cəhd edin.',
    );
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Yenidən yüklə' })).toBeInTheDocument();
    expect(document.getElementById('app-shell')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'başqa' }));
    expect(await screen.findByRole('heading', { name: 'Başqa səhifə' })).toBeInTheDocument();
    expect(screen.queryByText('Yenidən yüklə')).not.toBeInTheDocument();
  });
});
