import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announcement, mockApi, myAnnouncement, testUser } from '../../test/mock-api';
import { handledRequestFixture, IDS, myRequestFixture } from '../../test/fixtures';
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

  it("'Müraciətlərim' lists my claims with their status", async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/requests/my': { body: [myRequestFixture({ status: 'contacted' })] },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />);
    await user.click(await screen.findByRole('tab', { name: 'Müraciətlərim' }));
    const card = await screen.findByTestId('my-request');
    expect(within(card).getByText('Qara iPhone tapıldı')).toBeInTheDocument();
    expect(within(card).getByText('Əlaqə saxlanıldı')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/?tab=requests');
  });

  it("incoming claims on my announcements are handled there: 'Sorğu statusu yeniləndi'", async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/requests/incoming': { body: [handledRequestFixture({ organizationId: null })] },
      [`PUT /api/requests/${IDS.request}`]: {
        body: handledRequestFixture({ organizationId: null, status: 'resolved_claimed' }),
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile?tab=incoming' });
    await user.click(await screen.findByRole('button', { name: 'Statusu yenilə' }));
    const dialog = screen.getByRole('dialog', { name: 'Sorğunun statusunu yenilə' });
    await user.selectOptions(
      within(dialog).getByLabelText(/^Yeni status/, { selector: 'select' }),
      'resolved_claimed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Sorğu statusu yeniləndi')).toBeInTheDocument();
  });
});
