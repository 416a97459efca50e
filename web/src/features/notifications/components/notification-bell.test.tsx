import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, notificationFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { NotificationBell } from './notification-bell';

const older = notificationFixture({
  id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
  type: 'welcome',
  title: 'Tapıntıya xoş gəlmisiniz',
  message: 'Hesabınız yaradıldı.',
  link: '/',
  readAt: '2025-08-20T10:00:00.000Z',
});

describe('notification bell', () => {
  it('shows the unread count and lists the notifications', async () => {
    mockApi({
      'GET /api/notifications/unread-count': { body: { count: 1 } },
      'GET /api/notifications': { body: { items: [notificationFixture(), older], nextBefore: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Bildirişlər: 1 oxunmamış' });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Bildiriş qutusu' });
    const items = await within(panel).findAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Sorğunuzun statusu dəyişdi')).toBeInTheDocument();
    expect(within(items[0]!).getByText(/Oxunmamış/)).toBeInTheDocument();
    expect(within(items[1]!).queryByText(/Oxunmamış/)).not.toBeInTheDocument();
  });

  it('opening one marks it read and goes to its page (a claim status: /profile?tab=requests)', async () => {
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': { body: { count: 1 } },
      'GET /api/notifications': { body: { items: [notificationFixture()], nextBefore: null } },
      [`POST /api/notifications/${IDS.notification}/read`]: {
        body: notificationFixture({ readAt: '2025-08-23T11:00:00.000Z' }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Bildirişlər: 1 oxunmamış' }));
    await user.click(await screen.findByRole('link', { name: /Sorğunuzun statusu dəyişdi/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/profile?tab=requests'));
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/read'))).toBe(true);
    expect(screen.queryByRole('region', { name: 'Bildiriş qutusu' })).not.toBeInTheDocument();
  });

  it('marks all read', async () => {
    let unread = 2;
    const { calls } = mockApi({
      'GET /api/notifications/unread-count': () => ({ body: { count: unread } }),
      'GET /api/notifications': { body: { items: [notificationFixture()], nextBefore: null } },
      'POST /api/notifications/read-all': () => {
        unread = 0;
        return { body: { updated: 2 } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Bildirişlər: 2 oxunmamış' }));
    await user.click(screen.getByRole('button', { name: 'Hamısını oxunmuş et' }));
    expect(await screen.findByRole('button', { name: 'Bildirişlər' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/notifications/read-all')).toBe(true);
  });

  it('an empty inbox says so', async () => {
    mockApi({
      'GET /api/notifications/unread-count': { body: { count: 0 } },
      'GET /api/notifications': { body: { items: [], nextBefore: null } },
    });
    const user = userEvent.setup();
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Bildirişlər' }));
    expect(await screen.findByText('Hələ bildirişiniz yoxdur.')).toBeInTheDocument();
  });
});
