import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announcement, mockApi, myAnnouncement, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import ProfilePage from './profile';

describe('/profile page', () => {
  it('a saved profile toasts "Profil yeniləndi"', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'PUT /api/profile': { body: { ...testUser, username: 'aysel.m' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />);
    const username = await screen.findByLabelText(/^İstifadəçi adı/, { selector: 'input' });
    await user.clear(username);
    await user.type(username, 'aysel.m');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Profil yeniləndi')).toBeInTheDocument();
    expect(screen.getByText('Məlumatlarınız yadda saxlanıldı.')).toBeInTheDocument();
  });

  it('one of my announcements opens its details', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/announcements/my': { body: [myAnnouncement()] },
      'GET /api/announcements/a1': {
        body: {
          ...announcement(),
          contactInfo: '+994551112233',
          userId: testUser.id,
          isPublic: true,
          isActive: true,
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('tab', { name: 'Mənim elanlarım' }));
    const [card] = await screen.findAllByTestId('announcement-card');
    await user.click(within(card!).getByRole('button', { name: 'Ətraflı bax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qara pulqabı itirilib' });
    expect(await within(dialog).findByText('+994551112233')).toBeInTheDocument();
  });
});
