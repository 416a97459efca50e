import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, myAnnouncement } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { MyAnnouncements } from './my-announcements';

const open = myAnnouncement({ id: 'a1', title: 'Qara pulqabı itirilib' });
const returned = myAnnouncement({
  id: 'a2',
  title: 'Açarlar itirilib',
  status: 'resolved',
  outcome: 'returned',
});
const given = myAnnouncement({
  id: 'a3',
  title: 'Sənədlər itirilib',
  status: 'resolved',
  outcome: 'no_longer_needed',
});
const archived = myAnnouncement({ id: 'a4', title: 'Çanta itirilib', status: 'archived' });

const group = (title: string) => screen.getByRole('group', { name: `${title}: idarəetmə` });

function renderList(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/announcements/my': { body: [open, returned, given, archived] },
    'GET /api/announcements/a1/matches': { body: [] },
    ...routes,
  });
  renderWithProviders(<MyAnnouncements onOpen={() => {}} />);
  return api;
}

describe('my announcements', () => {
  it("badges closed ones 'Sahibinə qaytarıldı' / 'Bağlanıb' and offers each state its actions", async () => {
    renderList();
    await screen.findByRole('group', { name: 'Qara pulqabı itirilib: idarəetmə' });
    expect(within(group('Açarlar itirilib')).getByText('Sahibinə qaytarıldı')).toBeInTheDocument();
    expect(within(group('Sənədlər itirilib')).getByText('Bağlanıb')).toBeInTheDocument();
    expect(within(group('Çanta itirilib')).getByText('Arxivləşdirilib')).toBeInTheDocument();

    const mine = group('Qara pulqabı itirilib');
    expect(within(mine).getByRole('link', { name: 'Redaktə et' })).toHaveAttribute(
      'href',
      '/announcements/a1/edit',
    );
    expect(within(mine).getByRole('button', { name: 'Bağla' })).toBeInTheDocument();
    expect(await within(mine).findByText('Uyğun elan yoxdur')).toBeInTheDocument();
    // Closed: no edit, no close; archived: renew.
    expect(
      within(group('Açarlar itirilib')).queryByRole('link', { name: 'Redaktə et' }),
    ).not.toBeInTheDocument();
    expect(
      within(group('Açarlar itirilib')).queryByRole('button', { name: 'Bağla' }),
    ).not.toBeInTheDocument();
    expect(within(group('Çanta itirilib')).getByRole('button', { name: 'Yenilə' })).toBeInTheDocument();
    for (const title of ['Qara pulqabı itirilib', 'Açarlar itirilib', 'Sənədlər itirilib', 'Çanta itirilib'])
      expect(within(group(title)).getByRole('button', { name: 'Sil' })).toBeInTheDocument();
  });

  it("closing asks the outcome, then 'Elan bağlandı'", async () => {
    const { calls } = renderList({
      'POST /api/announcements/a1/close': { body: { ...open, status: 'resolved', outcome: 'returned' } },
    });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('group', { name: 'Qara pulqabı itirilib: idarəetmə' })).findByRole(
        'button',
        { name: 'Bağla' },
      ),
    );
    const dialog = screen.getByRole('dialog', { name: 'Elanı bağla' });
    await user.click(within(dialog).getByRole('button', { name: 'Elanı bağla' }));
    expect(await within(dialog).findByText('Bağlanma səbəbini seçin')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(
      within(dialog).getByLabelText(/^Bağlanma səbəbi/, { selector: 'select' }),
      'returned',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Elanı bağla' }));
    expect(await screen.findByText('Elan bağlandı')).toBeInTheDocument();
    expect(screen.getByText('Elan «Sahibinə qaytarıldı» kimi qeyd edildi.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ outcome: 'returned' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is fetched again after the change.
    expect(calls.filter((c) => c.url === '/api/announcements/my').length).toBeGreaterThan(1);
  });

  it("deleting asks for confirmation, then 'Elan silindi'", async () => {
    const { calls } = renderList({ 'DELETE /api/announcements/a3': { status: 204 } });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Sənədlər itirilib: idarəetmə' });
    await user.click(within(group('Sənədlər itirilib')).getByRole('button', { name: 'Sil' }));
    const dialog = screen.getByRole('dialog', { name: 'Elanı sil' });
    expect(within(dialog).getByText(/Elanı silmək istədiyinizə əminsiniz\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ləğv et' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(within(group('Sənədlər itirilib')).getByRole('button', { name: 'Sil' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Elanı sil' })).getByRole('button', { name: 'Bəli, sil' }),
    );
    expect(await screen.findByText('Elan silindi')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/announcements/a3']);
  });

  it("a deleted one's matches are not asked for again (they would answer 404)", async () => {
    let deleted = false;
    const { calls } = renderList({
      'DELETE /api/announcements/a1': () => {
        deleted = true;
        return { status: 204 };
      },
      'GET /api/announcements/my': () => ({ body: deleted ? [returned] : [open, returned] }),
    });
    const user = userEvent.setup();
    await within(await screen.findByRole('group', { name: 'Qara pulqabı itirilib: idarəetmə' })).findByText(
      'Uyğun elan yoxdur',
    );
    calls.length = 0;
    await user.click(within(group('Qara pulqabı itirilib')).getByRole('button', { name: 'Sil' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Elanı sil' })).getByRole('button', { name: 'Bəli, sil' }),
    );
    expect(await screen.findByText('Elan silindi')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('group', { name: 'Qara pulqabı itirilib: idarəetmə' }),
      ).not.toBeInTheDocument(),
    );
    await screen.findByRole('group', { name: 'Açarlar itirilib: idarəetmə' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).not.toContain('GET /api/announcements/a1/matches');
  });

  it("renewing an archived one: 'Elan yeniləndi'", async () => {
    const { calls } = renderList({
      'POST /api/announcements/a4/renew': { body: { ...archived, status: 'open' } },
    });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Çanta itirilib: idarəetmə' });
    await user.click(within(group('Çanta itirilib')).getByRole('button', { name: 'Yenilə' }));
    expect(await screen.findByText('Elan yeniləndi')).toBeInTheDocument();
    expect(screen.getByText('Elan daha 30 gün aktiv olacaq.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/announcements/a4/renew',
    ]);
  });

  it('a refused renewal shows the server message', async () => {
    renderList({
      'POST /api/announcements/a4/renew': {
        status: 409,
        body: { message: 'Yalnız arxivlənmiş elanı yeniləmək olar' },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('group', { name: 'Çanta itirilib: idarəetmə' });
    await user.click(within(group('Çanta itirilib')).getByRole('button', { name: 'Yenilə' }));
    expect(await screen.findByText('Yalnız arxivlənmiş elanı yeniləmək olar')).toBeInTheDocument();
  });
});
