import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ComplaintForm } from './complaint-form';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), {
    selector: 'input, textarea, select',
  });

describe('complaint form', () => {
  it('shows the spec §5 messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ComplaintForm />);
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    expect(await screen.findByText('Şikayət növünü seçin')).toBeInTheDocument();
    expect(screen.getByText('Mövzu ən azı 5 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Təsvir ən azı 20 simvol olmalıdır')).toBeInTheDocument();
    expect(screen.getByText('Əlaqə məlumatı tələb olunur')).toBeInTheDocument();
  });

  it('defaults the contact to the e-mail, posts the complaint, hands its number to onSuccess and resets', async () => {
    const filed = {
      id: '6f1c1c5e-1f4e-4a3c-9d55-2f5a8f0c1a11',
      number: 'ŞK-000123',
      status: 'open',
      emailed: true,
      createdAt: '2025-08-25T10:00:00.000Z',
    };
    const { calls } = mockApi({ 'POST /api/complaints': { status: 201, body: filed } });
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    renderWithProviders(
      <ComplaintForm
        defaultContact="aysel@example.az"
        defaultAnnouncementId="0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69"
        onSuccess={onSuccess}
      />,
    );
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
    expect(field('Elan ID-si (istəyə bağlı)')).toHaveValue('0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69');
    await user.selectOptions(field('Şikayət növü'), 'fraud');
    await user.type(field('Mövzu'), 'Saxta elan');
    await user.type(field('Ətraflı təsvir'), 'Bu elan başqasının əşyasını satmağa çalışır.');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(filed));
    expect(calls[0]!.body).toEqual({
      type: 'fraud',
      subject: 'Saxta elan',
      announcementId: '0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69',
      description: 'Bu elan başqasının əşyasını satmağa çalışır.',
      userInfo: 'aysel@example.az',
    });
    // The "Şikayət göndərildi" toast is the page's (app/routes/static/complaints.test.tsx).
    expect(screen.queryByText('Şikayət göndərildi')).not.toBeInTheDocument();
    expect(field('Mövzu')).toHaveValue('');
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
  });

  it("shows the spec's error toast and the server's field message when the complaint is refused", async () => {
    mockApi({
      'POST /api/complaints': {
        status: 400,
        body: { message: 'Elan tapılmadı', field: 'announcementId' },
      },
    });
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    renderWithProviders(<ComplaintForm defaultContact="aysel@example.az" onSuccess={onSuccess} />);
    await user.selectOptions(field('Şikayət növü'), 'spam');
    await user.type(field('Mövzu'), 'Spam elan');
    // Not an ID at all: the form says so before sending anything (the server's own rule).
    await user.type(field('Elan ID-si (istəyə bağlı)'), 'abc');
    await user.type(field('Ətraflı təsvir'), 'Eyni elan on dəfə yerləşdirilib, siyahını doldurur.');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    expect(await screen.findByText('Elan ID-si yanlışdır')).toBeInTheDocument();
    expect(screen.queryByText('Xəta')).not.toBeInTheDocument();
    // A well-formed ID the server refuses: the spec's toast and the server's message under the field.
    await user.clear(field('Elan ID-si (istəyə bağlı)'));
    await user.type(field('Elan ID-si (istəyə bağlı)'), '0b6f3c1e-5d2a-4c8e-9f10-2a3b4c5d6e7f');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    expect(await screen.findByText('Xəta')).toBeInTheDocument();
    expect(screen.getByText('Şikayət göndərilərkən xəta baş verdi. Yenidən cəhd edin.')).toBeInTheDocument();
    expect(screen.getByText('Elan tapılmadı')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(field('Mövzu')).toHaveValue('Spam elan');
  });
});
