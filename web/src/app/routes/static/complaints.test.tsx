import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import ComplaintsPage from './complaints';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input, textarea, select' });

describe('/complaints page', () => {
  it('a complaint is confirmed with "Şikayət göndərildi" and its number; the contact is the e-mail', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'POST /api/complaints': {
        status: 201,
        body: {
          id: '6f1c1c5e-1f4e-4a3c-9d55-2f5a8f0c1a11',
          number: 'ŞK-000042',
          status: 'open',
          emailed: true,
          createdAt: '2025-08-25T10:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ComplaintsPage />);
    await screen.findByRole('form', { name: 'Şikayət forması' });
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
    await user.selectOptions(field('Şikayət növü'), 'fraud');
    await user.type(field('Mövzu'), 'Saxta elan');
    await user.type(field('Ətraflı təsvir'), 'Bu elan başqasının əşyasını satmağa çalışır.');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    // The toast says it, and the number stays on the page with a copy button.
    expect(await screen.findByTestId('toast')).toHaveTextContent('Şikayət nömrəsi: ŞK-000042');
    const receipt = await screen.findByTestId('complaint-receipt');
    expect(within(receipt).getByRole('heading', { name: 'Şikayət göndərildi' })).toHaveFocus();
    expect(within(receipt).getByTestId('complaint-number')).toHaveTextContent('ŞK-000042');
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(receipt).getByRole('button', { name: 'Nömrəni kopyala' }));
    expect(writeText).toHaveBeenCalledWith('ŞK-000042');
    expect(await within(receipt).findByRole('button', { name: 'Kopyalandı' })).toBeInTheDocument();
    // Another complaint starts from an empty form.
    await user.click(within(receipt).getByRole('button', { name: 'Yeni şikayət' }));
    expect(field('Mövzu')).toHaveValue('');
  });

  it('fills the announcement ID in from /complaints?announcement=<id>', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Daxil olun' } } });
    renderWithProviders(<ComplaintsPage />, {
      route: '/complaints?announcement=0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69',
    });
    await screen.findByRole('form', { name: 'Şikayət forması' });
    expect(screen.getByLabelText(/^Elan ID-si \(istəyə bağlı\)\*?$/)).toHaveValue(
      '0c6f3f4e-8d2a-4b7e-9a51-3f1d2c4b5a69',
    );
  });

  it('follows a complaint with its number and the contact given with it', async () => {
    const { calls } = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Daxil olun' } },
      'POST /api/complaints/status': {
        body: {
          number: 'ŞK-000042',
          status: 'resolved',
          reply: 'Elanı gizlətdik',
          repliedAt: '2025-08-26T10:00:00.000Z',
          createdAt: '2025-08-25T10:00:00.000Z',
          updatedAt: '2025-08-26T10:00:00.000Z',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ComplaintsPage />);
    const form = await screen.findByRole('form', { name: 'Şikayətin statusu' });
    await user.type(within(form).getByLabelText('Şikayət nömrəsi'), 'ŞK-000042');
    await user.type(within(form).getByLabelText('Göndərərkən yazdığınız əlaqə məlumatı'), 'aysel@example.az');
    await user.click(within(form).getByRole('button', { name: 'Statusu yoxla' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('ŞK-000042: Həll olunub');
    expect(within(form).getByText('Cavab: Elanı gizlətdik')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      number: 'ŞK-000042',
      contact: 'aysel@example.az',
    });
  });
});
