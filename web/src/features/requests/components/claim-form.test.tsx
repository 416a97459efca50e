import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDS, myRequestFixture } from '../../../test/fixtures';
import { announcement, mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ClaimDialog } from './claim-dialog';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()?]/g, '\\$&')}\\*?$`), {
    selector: 'input, textarea, select',
  });

const details = (overrides: Record<string, unknown> = {}) => ({
  ...announcement({
    id: IDS.announcement,
    type: 'found',
    organizationId: IDS.organization,
    roomNumber: '204',
  }),
  createdAt: '2025-03-05T10:00:00.000Z',
  contactInfo: 'resepsiya@hilton.az',
  userId: IDS.admin,
  isPublic: true,
  isActive: true,
  securityQuestions: [{ question: 'Arxa örtük hansı rəngdədir?' }],
  ...overrides,
});
const target = {
  id: IDS.announcement,
  type: 'found' as const,
  title: 'Qara iPhone',
  organizationId: IDS.organization,
};
const detailsRoute = `GET /api/announcements/${IDS.announcement}`;

describe('claim dialog', () => {
  it("a found item: 'Bu əşya mənimdir', with the room number and the security questions", async () => {
    mockApi({ [detailsRoute]: { body: details() } });
    renderWithProviders(<ClaimDialog announcement={target} onClose={() => {}} onSuccess={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Bu əşya mənimdir' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Arxa örtük hansı rəngdədir\?/)).toBeInTheDocument();
    expect(field('Otaq nömrəsi (istəyə bağlı)')).toBeInTheDocument();
  });

  it("a user's lost item: 'Mən tapmışam', no room number, no questions", async () => {
    mockApi({
      [detailsRoute]: { body: details({ type: 'lost', organizationId: null, securityQuestions: [] }) },
    });
    renderWithProviders(
      <ClaimDialog
        announcement={{ ...target, type: 'lost', organizationId: null }}
        onClose={() => {}}
        onSuccess={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Mən tapmışam' })).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Müraciəti göndər' });
    expect(screen.queryByLabelText(/^Otaq nömrəsi/)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Təhlükəsizlik sualları' })).not.toBeInTheDocument();
  });

  it('requires a contact method and an answer to every question', async () => {
    const { calls } = mockApi({ [detailsRoute]: { body: details() } });
    const user = userEvent.setup();
    renderWithProviders(<ClaimDialog announcement={target} onClose={() => {}} onSuccess={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Müraciəti göndər' }));
    expect(await screen.findByText('Əlaqə üsulunu seçin: telefon, e-poçt və ya şəxsən')).toBeInTheDocument();
    expect(screen.getByText('Hər təhlükəsizlik sualına cavab yazın')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('files the claim with the answers and calls onSuccess', async () => {
    const filed = myRequestFixture();
    const { calls } = mockApi({
      [detailsRoute]: { body: details() },
      'POST /api/requests': { status: 201, body: filed },
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<ClaimDialog announcement={target} onClose={() => {}} onSuccess={onSuccess} />);
    await user.selectOptions(await screen.findByLabelText(/^Əlaqə üsulu/, { selector: 'select' }), 'phone');
    await user.type(field('Otaq nömrəsi (istəyə bağlı)'), '311');
    await user.type(field('Mesaj (istəyə bağlı)'), 'Dünən lobbidə unutmuşam');
    await user.type(screen.getByLabelText(/^Arxa örtük hansı rəngdədir\?/), 'Bənövşəyi');
    await user.click(screen.getByRole('button', { name: 'Müraciəti göndər' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(filed));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      announcementId: IDS.announcement,
      contactMethod: 'phone',
      roomNumber: '311',
      message: 'Dünən lobbidə unutmuşam',
      answers: ['Bənövşəyi'],
    });
  });

  it('a refusal toasts the server message', async () => {
    mockApi({
      [detailsRoute]: { body: details({ securityQuestions: [] }) },
      'POST /api/requests': {
        status: 409,
        body: { message: 'Bu elana artıq açıq sorğunuz var. Onun nəticəsini gözləyin' },
      },
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<ClaimDialog announcement={target} onClose={() => {}} onSuccess={onSuccess} />);
    await user.selectOptions(
      await screen.findByLabelText(/^Əlaqə üsulu/, { selector: 'select' }),
      'in_person',
    );
    await user.click(screen.getByRole('button', { name: 'Müraciəti göndər' }));
    const toast = await screen.findByTestId('toast');
    expect(
      within(toast).getByText('Bu elana artıq açıq sorğunuz var. Onun nəticəsini gözləyin'),
    ).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
