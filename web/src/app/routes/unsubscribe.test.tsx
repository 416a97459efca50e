import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import UnsubscribePage from './unsubscribe';

const PATH = '/abunelikden-cix';
const TOKEN = 'dXNlcjox.saved-search-alert.c2lnbmF0dXJl';

describe('the unsubscribe page an e-mail links to', () => {
  it('names the type, changes nothing on opening, and turns its e-mails off with one button', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /api/notifications/unsubscribe': { text: '<!doctype html><p>Abunəlikdən çıxdınız</p>' },
    });
    renderWithProviders(<UnsubscribePage />, { route: `${PATH}?token=${TOKEN}`, path: PATH });
    expect(
      screen.getByText(
        '«Saxladığınız axtarışlara uyğun yeni elanlar» bildirişləri artıq e-poçtla göndərilməsin?',
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Abunəlikdən çıx' }));
    expect(
      await screen.findByText(
        '«Saxladığınız axtarışlara uyğun yeni elanlar» bildirişləri artıq e-poçtla göndərilməyəcək. Tətbiqdaxili bildirişlər qalır.',
      ),
    ).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', `/api/notifications/unsubscribe?token=${encodeURIComponent(TOKEN)}`],
    ]);
  });

  it("says so when the server refuses the link's signature, and when the link names no type", async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/notifications/unsubscribe': {
        status: 400,
        body: { message: 'Abunəlikdən çıxma linki yanlışdır və ya natamamdır', field: 'token' },
      },
    });
    const { unmount } = renderWithProviders(<UnsubscribePage />, {
      route: `${PATH}?token=${TOKEN}`,
      path: PATH,
    });
    await user.click(screen.getByRole('button', { name: 'Abunəlikdən çıx' }));
    expect(await screen.findByText('Abunəlikdən çıxma linki yanlışdır və ya natamamdır')).toBeInTheDocument();
    // Refused: the button stays for another try.
    expect(screen.getByRole('button', { name: 'Abunəlikdən çıx' })).toBeEnabled();
    unmount();
    renderWithProviders(<UnsubscribePage />, { route: `${PATH}?token=kesik`, path: PATH });
    expect(screen.getByText('Abunəlikdən çıxma linki yanlışdır və ya natamamdır')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abunəlikdən çıx' })).not.toBeInTheDocument();
  });
});
