import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MATCH_NOTIFICATION_THRESHOLD } from '@tapinti/matching/engine';
import { STRONG_MATCH_SCORE } from '../../features/announcements/labels';
import { announcement, mockApi, myAnnouncement, testUser } from '../../test/mock-api';
import { IDS, myRequestFixture } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import ProfilePage from './profile';

const found = (id: string, title: string, extra: Record<string, unknown> = {}) =>
  announcement({ id, type: 'found', title, ...extra });

const matches = [
  {
    announcement: found(IDS.announcement, 'Кошелёк найден', {
      thumbnailUrl: '/objects/abcdef12-3456/thumbnail',
    }),
    score: 0.82,
    reasons: ['Eyni kateqoriya', 'Oxşar yer: 28 May metrosu', 'Ortaq sözlər: qara, dəri, pulqabı'],
  },
  { announcement: found('f2', 'Qara çanta tapıldı'), score: 0.41, reasons: ['Eyni kateqoriya'] },
];

function mockProfile() {
  return mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/announcements/my': { body: [myAnnouncement()] },
    'GET /api/announcements/a1': { body: myAnnouncement() },
    'GET /api/announcements/a1/matches': { body: matches },
    'GET /api/requests/my': { body: [] },
    [`GET /api/announcements/${IDS.announcement}`]: {
      body: {
        ...matches[0]!.announcement,
        contactInfo: '+994551112233',
        userId: IDS.claimant,
        isPublic: true,
        isActive: true,
        securityQuestions: [],
      },
    },
    'POST /api/requests': { status: 201, body: myRequestFixture({ organizationId: null }) },
  });
}

describe('matches of my announcement (profile)', () => {
  it("'Çox oxşar' starts where the engine notifies both authors", () => {
    expect(STRONG_MATCH_SCORE).toBe(MATCH_NOTIFICATION_THRESHOLD);
  });

  it('the tab shows how many matches each announcement has', async () => {
    mockProfile();
    renderWithProviders(<ProfilePage />, { route: '/profile?tab=announcements' });
    expect(await screen.findByTestId('match-count')).toHaveTextContent('2 uyğun elan');
  });

  it('the details list the matches (photo, score in words, reasons); one opens and is claimed', async () => {
    const { calls } = mockProfile();
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile?tab=announcements' });
    const [card] = await screen.findAllByTestId('announcement-card');
    await user.click(within(card!).getByRole('button', { name: 'Ətraflı bax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qara pulqabı itirilib' });
    const [best, other] = await within(dialog).findAllByTestId('announcement-match');
    expect(within(best!).getByText('Кошелёк найден')).toBeInTheDocument();
    expect(within(best!).getByText('Çox oxşar')).toBeInTheDocument();
    expect(within(best!).getByRole('img', { name: 'Кошелёк найден' })).toHaveAttribute(
      'src',
      '/objects/abcdef12-3456/thumbnail',
    );
    expect(within(best!).getByText('Oxşar yer: 28 May metrosu')).toBeInTheDocument();
    expect(within(best!).getByText('Ortaq sözlər: qara, dəri, pulqabı')).toBeInTheDocument();
    expect(within(other!).getByText('Oxşar')).toBeInTheDocument();
    expect(
      within(other!).getByRole('img', { name: 'Qara çanta tapıldı: şəkil əlavə edilməyib' }),
    ).toBeInTheDocument();

    await user.click(within(best!).getByRole('button', { name: 'Ətraflı bax' }));
    const matchDialog = await screen.findByRole('dialog', { name: 'Кошелёк найден' });
    expect(await within(matchDialog).findByText('+994551112233')).toBeInTheDocument();
    // Someone else's announcement: no matches of it, and the claim button.
    expect(within(matchDialog).queryByTestId('announcement-matches')).not.toBeInTheDocument();
    await user.click(within(matchDialog).getByRole('button', { name: 'Bu əşya mənimdir' }));
    const claim = await screen.findByRole('dialog', { name: 'Bu əşya mənimdir' });
    await user.selectOptions(
      await within(claim).findByLabelText(/^Əlaqə üsulu/, { selector: 'select' }),
      'phone',
    );
    await user.click(within(claim).getByRole('button', { name: 'Müraciəti göndər' }));
    expect(await screen.findByText('Müraciətiniz göndərildi')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        announcementId: IDS.announcement,
        contactMethod: 'phone',
      }),
    );
  });

  it("a match notice's link opens that announcement's details with its matches", async () => {
    mockProfile();
    renderWithProviders(<ProfilePage />, { route: '/profile?tab=announcements&announcement=a1' });
    const dialog = await screen.findByRole('dialog', { name: 'Qara pulqabı itirilib' });
    expect(await within(dialog).findAllByTestId('announcement-match')).toHaveLength(2);
  });

  it('no matches yet: the details say so', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/announcements/my': { body: [myAnnouncement()] },
      'GET /api/announcements/a1': { body: myAnnouncement() },
      'GET /api/announcements/a1/matches': { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePage />, { route: '/profile?tab=announcements' });
    expect(await screen.findByTestId('match-count')).toHaveTextContent('Uyğun elan yoxdur');
    const [card] = screen.getAllByTestId('announcement-card');
    await user.click(within(card!).getByRole('button', { name: 'Ətraflı bax' }));
    const dialog = await screen.findByRole('dialog', { name: 'Qara pulqabı itirilib' });
    expect(await within(dialog).findByText(/Hələ uyğun elan tapılmayıb/)).toBeInTheDocument();
  });
});
