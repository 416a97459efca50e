import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS } from '../../test/fixtures';
import { mockApi, myAnnouncement, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import EditAnnouncementPage from './edit-announcement';

const field = (label: string, selector = 'input, textarea, select') =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), { selector });

const id = IDS.announcement;
const found = myAnnouncement({
  id,
  type: 'found',
  title: 'Qara pulqabı tapılıb',
  description: 'Metroda qara dəri pulqabı tapdım, içində kartlar var.',
  location: '28 May metrosu',
  imageUrl: '/objects/abcdef12-3456',
  securityQuestions: [{ question: 'İçində hansı bankın kartı var?', expectedAnswer: 'Kapital' }],
});

function renderPage(details: Record<string, unknown>, routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': { body: testUser },
    [`GET /api/announcements/${id}`]: { body: details },
    ...routes,
  });
  renderWithProviders(<EditAnnouncementPage />, {
    route: `/announcements/${id}/edit`,
    path: '/announcements/:id/edit',
  });
  return api;
}

describe('/announcements/:id/edit', () => {
  it("starts from the announcement's values, keeps the create form's rules, saves and goes back to the profile", async () => {
    const { calls } = renderPage(found, {
      [`PUT /api/announcements/${id}`]: { body: { ...found, title: 'Qara dəri pulqabı tapılıb' } },
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Elanı redaktə et' });
    expect(form).toBeInTheDocument();
    expect(field('Başlıq')).toHaveValue('Qara pulqabı tapılıb');
    expect(field('Yer')).toHaveValue('28 May metrosu');
    expect(field('Elanın növü')).toBeDisabled();
    expect(field('1-ci sual')).toHaveValue('İçində hansı bankın kartı var?');
    expect(screen.getByRole('img', { name: 'Şəkil 1/1' })).toHaveAttribute(
      'src',
      '/objects/abcdef12-3456/thumbnail',
    );

    await user.clear(field('Başlıq'));
    await user.type(field('Başlıq'), 'Qara');
    await user.click(screen.getByRole('button', { name: 'Dəyişiklikləri yadda saxla' }));
    expect(await screen.findByText('Başlıq ən azı 5 simvol olmalıdır')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(field('Başlıq'), ' dəri pulqabı tapılıb');
    await user.click(screen.getByRole('button', { name: 'Dəyişiklikləri yadda saxla' }));
    expect(await screen.findByText('Elan redaktə edildi')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/profile?tab=announcements'),
    );
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      type: 'found',
      title: 'Qara dəri pulqabı tapılıb',
      location: '28 May metrosu',
      category: 'bags',
      imageUrls: ['/objects/abcdef12-3456'],
      securityQuestions: [{ question: 'İçində hansı bankın kartı var?', expectedAnswer: 'Kapital' }],
    });
  });

  it('a removed photo is not sent', async () => {
    const { calls } = renderPage(found, { [`PUT /api/announcements/${id}`]: { body: found } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Şəkli sil (1/1)' }));
    expect(screen.getByText('Şəkil seçin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dəyişiklikləri yadda saxla' }));
    await screen.findByText('Elan redaktə edildi');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ imageUrls: [] });
  });

  it("the API's refusal is toasted in Azerbaijani and the page stays", async () => {
    renderPage(myAnnouncement({ id }), {
      [`PUT /api/announcements/${id}`]: {
        status: 409,
        body: { message: 'Arxivlənmiş və ya bağlanmış elanı redaktə etmək olmaz' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dəyişiklikləri yadda saxla' }));
    expect(
      await screen.findByText('Arxivlənmiş və ya bağlanmış elanı redaktə etmək olmaz'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/announcements/${id}/edit`);
  });

  it('a closed announcement is not offered for editing', async () => {
    renderPage(myAnnouncement({ id, status: 'resolved', outcome: 'returned' }));
    expect(
      await screen.findByText('Arxivlənmiş və ya bağlanmış elanı redaktə etmək olmaz'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
