import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { GlobalSearch } from './global-search';

const org = (i: number) => ({ id: `o${i}`, name: `Hilton ${i}`, type: 'hotel', isActive: i !== 2 });
const results = {
  organizations: [org(1), org(2), org(3), org(4)],
  announcements: [
    {
      id: 'a1',
      title: 'Hilton lobbisində açar',
      type: 'found',
      category: 'keys',
      location: 'Hilton Baku',
      status: 'open',
      createdAt: '2025-08-23T10:00:00.000Z',
    },
  ],
  users: [],
};

describe('global search', () => {
  it('runs only with more than 2 characters, then lists at most 3 results per group', async () => {
    const { calls } = mockApi({ 'GET /api/search': { body: results } });
    const user = userEvent.setup();
    renderWithProviders(<GlobalSearch />);
    const box = screen.getByRole('searchbox', { name: 'Qlobal axtarış' });
    await user.type(box, 'Hi');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(calls).toHaveLength(0);
    await user.type(box, 'l');
    const panel = await screen.findByRole('region', { name: 'Qlobal axtarış' });
    await within(panel).findByText('Hilton 1');
    expect(calls[0]!.url).toBe('/api/search?q=Hil&type=all');
    expect(within(panel).getByText('Təşkilatlar')).toBeInTheDocument();
    expect(within(panel).queryByText('Hilton 4')).not.toBeInTheDocument();
    expect(within(panel).getByText('Hilton lobbisində açar')).toBeInTheDocument();
    expect(within(panel).queryByText('İstifadəçilər')).not.toBeInTheDocument();
  });

  it('makes every result a link to its own URL', async () => {
    mockApi({
      'GET /api/search': {
        body: {
          ...results,
          users: [{ id: 'u1', username: 'hilton_admin', email: 'admin@hilton.az', role: 'org_admin' }],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<GlobalSearch />);
    await user.type(screen.getByRole('searchbox', { name: 'Qlobal axtarış' }), 'Hilton');
    const panel = await screen.findByRole('region', { name: 'Qlobal axtarış' });
    expect(await within(panel).findByRole('link', { name: /Hilton 1/ })).toHaveAttribute(
      'href',
      '/admin?tab=organizations&organization=o1',
    );
    expect(within(panel).getByRole('link', { name: /Hilton lobbisində açar/ })).toHaveAttribute(
      'href',
      '/elan/a1',
    );
    expect(within(panel).getByRole('link', { name: /hilton_admin/ })).toHaveAttribute(
      'href',
      '/admin?tab=audit&user=u1&range=all',
    );
    await user.click(within(panel).getByRole('link', { name: /Hilton lobbisində açar/ }));
    expect(screen.queryByRole('region', { name: 'Qlobal axtarış' })).not.toBeInTheDocument();
  });

  it('says when nothing is found', async () => {
    mockApi({ 'GET /api/search': { body: { organizations: [], announcements: [], users: [] } } });
    const user = userEvent.setup();
    renderWithProviders(<GlobalSearch />);
    await user.type(screen.getByRole('searchbox', { name: 'Qlobal axtarış' }), 'yoxdur');
    expect(await screen.findByText('Heç nə tapılmadı')).toBeInTheDocument();
  });
});
