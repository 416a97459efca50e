import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import { Header } from './header';

const signedInAs = (role: 'user' | 'org_admin' | 'super_admin') => ({
  'GET /api/user': { body: { ...testUser, role } },
  'GET /api/notifications': { body: [] },
  'GET /api/notifications/unread-count': { body: { count: 0 } },
});

const DASHBOARDS = ['Super admin', 'Analitika', 'Təşkilat paneli'];
const choices = () => screen.queryByRole('list', { name: 'Hansı elanı yaradırsınız?' });

/** jsdom applies no media queries, so the header is the phone's: its menu holds links and actions. */
async function openMenu(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Menyu' }));
  return screen.getByRole('navigation', { name: 'Mobil naviqasiya' });
}

describe('header', () => {
  it("'Elan yarat' lets the user choose a lost or a found item", async () => {
    mockApi(signedInAs('user'));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await openMenu(user);
    const create = await screen.findByRole('button', { name: 'Elan yarat' });
    expect(create).toHaveAttribute('aria-expanded', 'false');
    await user.click(create);
    expect(create).toHaveAttribute('aria-expanded', 'true');
    expect(within(choices()!).getByRole('link', { name: 'Əşyamı itirdim' })).toHaveAttribute(
      'href',
      '/create?type=lost',
    );
    expect(within(choices()!).getByRole('link', { name: 'Əşya tapdım' })).toHaveAttribute(
      'href',
      '/create?type=found',
    );

    // Escape closes it and gives focus back to the button.
    await user.keyboard('{Escape}');
    expect(choices()).not.toBeInTheDocument();
    expect(create).toHaveFocus();

    // A click elsewhere closes it too.
    await user.click(create);
    await user.click(document.body);
    expect(choices()).not.toBeInTheDocument();

    await user.click(create);
    await user.click(screen.getByRole('link', { name: 'Əşya tapdım' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/create?type=found'));
    expect(choices()).not.toBeInTheDocument();
  });

  it('a super admin sees links to both of their dashboards', async () => {
    mockApi(signedInAs('super_admin'));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await screen.findByText(testUser.username);
    const nav = await openMenu(user);
    expect(within(nav).getByRole('link', { name: 'Super admin' })).toHaveAttribute('href', '/super-admin');
    expect(within(nav).getByRole('link', { name: 'Analitika' })).toHaveAttribute('href', '/admin');
    expect(within(nav).queryByRole('link', { name: 'Təşkilat paneli' })).not.toBeInTheDocument();
  });

  it("an org admin sees a link to the organisation's dashboard", async () => {
    mockApi(signedInAs('org_admin'));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await screen.findByText(testUser.username);
    const nav = await openMenu(user);
    expect(within(nav).getByRole('link', { name: 'Təşkilat paneli' })).toHaveAttribute('href', '/org-admin');
    expect(within(nav).queryByRole('link', { name: 'Super admin' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Analitika' })).not.toBeInTheDocument();
  });

  it('a user and a visitor see no dashboard links', async () => {
    mockApi(signedInAs('user'));
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<Header />);
    await screen.findByText(testUser.username);
    let nav = await openMenu(user);
    for (const name of DASHBOARDS) expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    unmount();

    mockApi({ 'GET /api/user': { status: 401, body: {} } });
    renderWithProviders(<Header />);
    await screen.findByRole('link', { name: 'Daxil ol' });
    nav = await openMenu(user);
    for (const name of DASHBOARDS) expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Elan yarat' })).not.toBeInTheDocument();
  });
});
