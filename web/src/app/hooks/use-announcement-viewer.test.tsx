import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, myRequestFixture } from '../../test/fixtures';
import { announcement, mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import HomePage from '../routes/home';

const found = announcement({
  id: IDS.announcement,
  type: 'found',
  title: 'Qara iPhone tapıldı',
  category: 'phones',
});
const details = (overrides: Record<string, unknown> = {}) => ({
  ...found,
  contactInfo: 'resepsiya@hilton.az',
  userId: IDS.admin,
  isPublic: true,
  isActive: true,
  securityQuestions: [{ question: 'Arxa örtük hansı rəngdədir?' }],
  ...overrides,
});
const routes = (detailsBody: unknown, myRequests: unknown[] = []) => ({
  'GET /api/user': { body: testUser },
  'GET /api/requests/my': { body: myRequests },
  'GET /api/announcements': { body: [found] },
  [`GET /api/announcements/${IDS.announcement}`]: { body: detailsBody },
  'POST /api/requests': { status: 201, body: myRequestFixture() },
});

async function openDetails() {
  const user = userEvent.setup();
  const [card] = await screen.findAllByTestId('announcement-card');
  await user.click(within(card!).getByRole('button', { name: 'Ətraflı bax' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Qara iPhone tapıldı' }) };
}

describe('claims from the details view', () => {
  it("someone else's found item: 'Bu əşya mənimdir' opens the claim form; a sent claim toasts 'Müraciətiniz göndərildi'", async () => {
    const { calls } = mockApi(routes(details()));
    renderWithProviders(<HomePage />);
    const { user, dialog } = await openDetails();
    await user.click(await within(dialog).findByRole('button', { name: 'Bu əşya mənimdir' }));
    const claim = await screen.findByRole('dialog', { name: 'Bu əşya mənimdir' });
    await user.selectOptions(
      await within(claim).findByLabelText(/^Əlaqə üsulu/, { selector: 'select' }),
      'email',
    );
    await user.type(within(claim).getByLabelText(/^Arxa örtük hansı rəngdədir\?/), 'Bənövşəyi');
    await user.click(within(claim).getByRole('button', { name: 'Müraciəti göndər' }));
    expect(await screen.findByText('Müraciətiniz göndərildi')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      announcementId: IDS.announcement,
      contactMethod: 'email',
      answers: ['Bənövşəyi'],
    });
  });

  it("'Telefon' without a number on the profile: the toast says the conversation is the way to reach the claimant", async () => {
    mockApi({ ...routes(details()), 'GET /api/user': { body: { ...testUser, phone: null } } });
    renderWithProviders(<HomePage />);
    const { user, dialog } = await openDetails();
    await user.click(await within(dialog).findByRole('button', { name: 'Bu əşya mənimdir' }));
    const claim = await screen.findByRole('dialog', { name: 'Bu əşya mənimdir' });
    await user.selectOptions(
      await within(claim).findByLabelText(/^Əlaqə üsulu/, { selector: 'select' }),
      'phone',
    );
    await user.type(within(claim).getByLabelText(/^Arxa örtük hansı rəngdədir\?/), 'Bənövşəyi');
    await user.click(within(claim).getByRole('button', { name: 'Müraciəti göndər' }));
    expect(await screen.findByText('Müraciətiniz göndərildi')).toBeInTheDocument();
    expect(screen.getByText(/müraciətin yazışmasında yazacaq/)).toBeInTheDocument();
  });

  it("a lost item offers 'Mən tapmışam'", async () => {
    mockApi(routes(details({ type: 'lost', securityQuestions: [] })));
    renderWithProviders(<HomePage />);
    const { dialog } = await openDetails();
    expect(await within(dialog).findByRole('button', { name: 'Mən tapmışam' })).toBeInTheDocument();
  });

  it('the author sees no claim button on their own item', async () => {
    mockApi(routes(details({ userId: testUser.id })));
    renderWithProviders(<HomePage />);
    const { dialog } = await openDetails();
    await within(dialog).findByText('resepsiya@hilton.az');
    expect(within(dialog).queryByRole('button', { name: 'Bu əşya mənimdir' })).not.toBeInTheDocument();
  });

  it('after claiming, the item shows the claim (a link to it) instead of the claim button', async () => {
    const claim = myRequestFixture({ announcementId: IDS.announcement, status: 'pending' });
    mockApi(routes(details(), [claim]));
    renderWithProviders(<HomePage />);
    const { dialog } = await openDetails();
    const link = await within(dialog).findByRole('link', { name: 'Müraciətinizə baxın' });
    expect(link).toHaveAttribute('href', `/profile?tab=requests&request=${claim.id}`);
    expect(within(dialog).getByText(/Bu elana müraciət etmisiniz/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Bu əşya mənimdir' })).not.toBeInTheDocument();
  });

  it('a refused claim does not hold a new one back', async () => {
    const refused = myRequestFixture({ announcementId: IDS.announcement, status: 'resolved_rejected' });
    mockApi(routes(details(), [refused]));
    renderWithProviders(<HomePage />);
    const { dialog } = await openDetails();
    expect(await within(dialog).findByRole('button', { name: 'Bu əşya mənimdir' })).toBeInTheDocument();
  });
});
