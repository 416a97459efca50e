import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, organizationFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { OrganizationStaff } from './organization-staff';

const STAFF = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const members = [
  {
    userId: IDS.admin,
    username: 'nigar',
    email: 'nigar@hilton.az',
    role: 'org_admin',
    joinedAt: '2025-08-21T09:00:00.000Z',
  },
  {
    userId: STAFF,
    username: 'resepsiya',
    email: 'desk@hilton.az',
    role: 'org_staff',
    joinedAt: '2025-08-22T09:00:00.000Z',
  },
];
const path = `/api/organizations/${IDS.organization}/members`;

describe('the «Heyət» tab (organisation staff)', () => {
  it('lists the members with their roles; the admin is not offered their own removal', async () => {
    mockApi({ [`GET ${path}`]: { body: members } });
    renderWithProviders(<OrganizationStaff organization={organizationFixture()} currentUserId={IDS.admin} />);
    const list = await screen.findByRole('list', { name: 'Heyət' });
    const [admin, staff] = within(list).getAllByRole('listitem');
    expect(admin).toHaveTextContent('nigar');
    expect(admin).toHaveTextContent('Admin');
    expect(within(admin!).queryByRole('button')).not.toBeInTheDocument();
    expect(staff).toHaveTextContent('resepsiya');
    expect(staff).toHaveTextContent('desk@hilton.az');
    expect(staff).toHaveTextContent('Əməkdaş');
  });

  it('invites by e-mail with a role (staff by default)', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: { body: members },
      [`POST /api/organizations/${IDS.organization}/invitations`]: {
        status: 201,
        body: {
          id: IDS.invitation,
          organizationId: IDS.organization,
          email: 'yeni@hilton.az',
          role: 'org_staff',
          status: 'issued',
          expiresAt: '2025-08-30T09:00:00.000Z',
          createdAt: '2025-08-23T09:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrganizationStaff organization={organizationFixture()} currentUserId={IDS.admin} />);
    await user.click(await screen.findByRole('button', { name: 'Heyətə dəvət et' }));
    const dialog = screen.getByRole('dialog', { name: 'Heyətə dəvət et' });
    expect(within(dialog).getByLabelText(/^Rol/)).toHaveValue('org_staff');
    await user.type(within(dialog).getByLabelText(/^E-poçt/), 'yeni@hilton.az');
    await user.click(within(dialog).getByRole('button', { name: 'Dəvət göndər' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'yeni@hilton.az',
      role: 'org_staff',
    });
  });

  it('removes a member only after the confirmation', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: { body: members },
      [`DELETE ${path}/${STAFF}`]: { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrganizationStaff organization={organizationFixture()} currentUserId={IDS.admin} />);
    await user.click(await screen.findByRole('button', { name: 'resepsiya: heyətdən çıxar' }));
    const dialog = screen.getByRole('dialog', { name: 'Heyətdən çıxar' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Bəli, çıxar' }));
    await waitFor(() => expect(screen.queryByText('resepsiya')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
