import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('defaults the contact to the e-mail, hands the complaint to onSuccess and resets', async () => {
    const user = userEvent.setup();
    const onSuccess = jest.fn();
    renderWithProviders(<ComplaintForm defaultContact="aysel@example.az" onSuccess={onSuccess} />);
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
    await user.selectOptions(field('Şikayət növü'), 'fraud');
    await user.type(field('Mövzu'), 'Saxta elan');
    await user.type(field('Ətraflı təsvir'), 'Bu elan başqasının əşyasını satmağa çalışır.');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'fraud', subject: 'Saxta elan', userInfo: 'aysel@example.az' }),
      ),
    );
    // The "Şikayət göndərildi" toast is the page's (app/routes/static/complaints.test.tsx).
    expect(screen.queryByText('Şikayət göndərildi')).not.toBeInTheDocument();
    expect(field('Mövzu')).toHaveValue('');
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
  });
});
