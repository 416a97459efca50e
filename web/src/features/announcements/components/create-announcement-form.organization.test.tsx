import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { CreateAnnouncementForm } from './create-announcement-form';

const field = (label: string, selector = 'input, textarea, select') =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), { selector });

const created = {
  id: '44444444-4444-4444-8444-444444444444',
  type: 'found',
  title: 'Qara iPhone tapıldı',
  description: 'Lobbidə divanın üstündə qara iPhone 13 tapıldı.',
  location: 'Hilton Baku, lobbi',
  category: 'phones',
  roomNumber: '204',
  imageUrl: null,
  rewardAmount: 0,
  rewardDescription: null,
  status: 'open',
  organizationId: '33333333-3333-4333-8333-333333333333',
  createdAt: '2025-03-05T10:00:00.000Z',
  contactInfo: '+994501234567',
  userId: testUser.id,
  isPublic: false,
  isActive: true,
};

function renderForm(type: 'lost' | 'found', organization = false) {
  const onSuccess = jest.fn();
  const onCancel = jest.fn();
  renderWithProviders(
    <CreateAnnouncementForm
      user={testUser}
      initialType={type}
      organization={organization}
      onCancel={organization ? onCancel : undefined}
      onSuccess={onSuccess}
      photoField={() => null}
    />,
  );
  return { onSuccess, onCancel };
}

async function fillFound(user: UserEvent) {
  await user.selectOptions(field('Kateqoriya'), 'phones');
  await user.type(field('Başlıq'), 'Qara iPhone tapıldı');
  await user.type(field('Təsvir'), 'Lobbidə divanın üstündə qara iPhone 13 tapıldı.');
  await user.type(field('Yer'), 'Hilton Baku, lobbi');
}

describe('create form: security questions and the organisation fields', () => {
  it('a found item takes up to 3 security questions; a lost one none', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderForm('found');
    expect(screen.getByRole('group', { name: 'Təhlükəsizlik sualları (istəyə bağlı)' })).toBeInTheDocument();
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: 'Sual əlavə et' }));
    expect(screen.getAllByRole('group', { name: /-ci sual$/ })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Sual əlavə et' })).not.toBeInTheDocument();
    await user.selectOptions(field('Elanın növü'), 'lost');
    expect(
      screen.queryByRole('group', { name: 'Təhlükəsizlik sualları (istəyə bağlı)' }),
    ).not.toBeInTheDocument();
  });

  it("a question needs 5 characters: 'Sual ən azı 5 simvol olmalıdır'", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderForm('found');
    await fillFound(user);
    await user.click(screen.getByRole('button', { name: 'Sual əlavə et' }));
    await user.type(field('1-ci sual'), 'Rəng');
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    expect(await screen.findByText('Sual ən azı 5 simvol olmalıdır')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the questions with their expected answers', async () => {
    const { calls } = mockApi({ 'POST /api/announcements': { status: 201, body: created } });
    const user = userEvent.setup();
    const { onSuccess } = renderForm('found');
    await fillFound(user);
    await user.click(screen.getByRole('button', { name: 'Sual əlavə et' }));
    await user.type(field('1-ci sual'), 'Arxa örtük hansı rəngdədir?');
    await user.type(field('Gözlənilən cavab (istəyə bağlı)'), 'Bənövşəyi');
    await user.click(screen.getByRole('button', { name: 'Sual əlavə et' }));
    await user.type(
      screen.getAllByLabelText(/^2-ci sual/, { selector: 'input' })[0]!,
      'Kilid ekranında nə var?',
    );
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect((calls[0]!.body as Record<string, unknown>).securityQuestions).toEqual([
      { question: 'Arxa örtük hansı rəngdədir?', expectedAnswer: 'Bənövşəyi' },
      { question: 'Kilid ekranında nə var?' },
    ]);
    expect(calls[0]!.body).not.toHaveProperty('roomNumber');
  });

  it("an organisation's admin adds a room number and makes the item private", async () => {
    const { calls } = mockApi({ 'POST /api/announcements': { status: 201, body: created } });
    const user = userEvent.setup();
    const { onSuccess, onCancel } = renderForm('found', true);
    await fillFound(user);
    await user.type(field('Otaq nömrəsi'), '204');
    const visible = screen.getByRole('switch', { name: 'İctimai elan (hamı görür)' });
    expect(visible).toBeChecked();
    await user.click(visible);
    await user.click(screen.getByRole('button', { name: 'Elanı yerləşdir' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls[0]!.body).toMatchObject({ type: 'found', roomNumber: '204', isPublic: false });
    await user.click(screen.getByRole('button', { name: 'Ləğv et' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
