import { screen, within } from '@testing-library/react';
import { announcement, mockApi, myAnnouncement, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import AnnouncementPage from './announcement-page';

const shown = announcement({ id: 'a1', rewardAmount: 50, rewardDescription: 'Nağd pul', roomNumber: '12' });
const render = () => renderWithProviders(<AnnouncementPage />, { route: '/elan/a1', path: '/elan/:id' });

describe('announcement page', () => {
  it("keeps the server's static shell with the photo until it has the announcement, then shows its own", async () => {
    // What gateway/src/share-pages.ts sends for an announcement with a photo.
    document.documentElement.dataset.firstScreen = '/elan';
    const shell = document.createElement('div');
    shell.id = 'app-shell';
    document.body.append(shell);
    mockApi({
      'GET /api/user': { status: 401, body: {} },
      'GET /api/announcements/public/a1': { body: shown },
    });
    render();
    // Loading: the shell's photo stays on screen (no spinner in its place).
    expect(document.getElementById('app-shell')).not.toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Qara pulqabı itirilib' }),
    ).toBeInTheDocument();
    expect(document.getElementById('app-shell')).toBeNull();
    delete document.documentElement.dataset.firstScreen;
  });

  it('shows a visitor the announcement, the share buttons and a login prompt, without the contact', async () => {
    mockApi({
      'GET /api/user': { status: 401, body: {} },
      'GET /api/announcements/public/a1': { body: shown },
    });
    render();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Qara pulqabı itirilib' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Dəri pulqabı, içində sənədlər və bank kartları var idi.')).toBeInTheDocument();
    expect(screen.getByText('Nizami küçəsi, Bakı, otaq 12')).toBeInTheDocument();
    expect(screen.getByText('Mükafat təklifi: 50 AZN')).toBeInTheDocument();
    expect(screen.getByText('05.03.2025')).toBeInTheDocument();
    const prompt = await screen.findByTestId('login-prompt');
    expect(within(prompt).getByRole('link', { name: 'Daxil ol' })).toHaveAttribute('href', '/auth');
    const share = screen.getByRole('group', { name: 'Elanı paylaş' });
    expect(within(share).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Qara pulqabı itirilib — Tapıntı ${window.location.origin}/elan/a1`)}`,
    );
    expect(within(share).getByRole('link', { name: 'Telegram' }).getAttribute('href')).toContain(
      encodeURIComponent(`${window.location.origin}/elan/a1`),
    );
    expect(within(share).getByRole('button', { name: 'Linki kopyala' })).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-contact')).not.toBeInTheDocument();
  });

  it("shows a signed-in user the author's contact and the claim button", async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/requests/my': { body: [] },
      'GET /api/announcements/public/a1': { body: shown },
      'GET /api/announcements/a1': {
        body: myAnnouncement({
          ...shown,
          userId: '22222222-2222-4222-8222-222222222222',
          contactInfo: '+994551112233',
        }),
      },
    });
    render();
    const contact = await screen.findByTestId('announcement-contact');
    expect(within(contact).getByText('+994551112233')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mən tapmışam' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Şikayət et' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Redaktə et' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
  });

  it('gives the author what the details dialog gives: edit and the matches, no claim nor report', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/announcements/public/a1': { body: shown },
      'GET /api/announcements/a1': { body: myAnnouncement({ ...shown }) },
      'GET /api/announcements/a1/matches': { body: [] },
    });
    render();
    expect(await screen.findByRole('link', { name: 'Redaktə et' })).toHaveAttribute(
      'href',
      '/announcements/a1/edit',
    );
    expect(await screen.findByText(/Hələ uyğun elan tapılmayıb/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mən tapmışam' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Şikayət et' })).not.toBeInTheDocument();
  });

  it('shows a returned item as a happy ending: no contact, no claim, no sign-in prompt', async () => {
    const returned = { ...shown, status: 'resolved' as const, handedOverAt: '2025-03-07T10:00:00.000Z' };
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/requests/my': { body: [] },
      'GET /api/announcements/public/a1': { body: returned },
      'GET /api/announcements/a1': { body: myAnnouncement({ ...returned, contactInfo: '+994551112233' }) },
    });
    render();
    const notice = await screen.findByTestId('returned-notice');
    expect(within(notice).getByText('Əşya sahibinə qaytarıldı')).toBeInTheDocument();
    expect(
      within(notice).getByText('Bu elan bağlanıb: əşya sahibinə çatıb, əlaqə və müraciət artıq lazım deyil.'),
    ).toBeInTheDocument();
    expect(within(notice).getByText('07.03.2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Qara pulqabı itirilib' })).toBeInTheDocument();
    expect(screen.getByText('Bu xoş sonluğu paylaşın:')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Elanı paylaş' })).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-contact')).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-prompt')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mən tapmışam' })).not.toBeInTheDocument();
    expect(screen.queryByText('+994551112233')).not.toBeInTheDocument();
  });

  it('says so when the announcement is gone', async () => {
    mockApi({
      'GET /api/user': { status: 401, body: {} },
      'GET /api/announcements/public/a1': { status: 404, body: { message: 'Elan tapılmadı' } },
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Elan tapılmadı' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bütün elanlara bax' })).toHaveAttribute('href', '/');
  });
});
