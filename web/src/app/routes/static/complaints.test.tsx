import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, testUser } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import ComplaintsPage from './complaints';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input, textarea, select' });

describe('/complaints page', () => {
  it('a complaint is confirmed with "Şikayət göndərildi"; the contact is the e-mail', async () => {
    mockApi({ 'GET /api/user': { body: testUser } });
    const user = userEvent.setup();
    renderWithProviders(<ComplaintsPage />);
    await screen.findByRole('form', { name: 'Şikayət forması' });
    expect(field('Əlaqə məlumatı')).toHaveValue('aysel@example.az');
    await user.selectOptions(field('Şikayət növü'), 'fraud');
    await user.type(field('Mövzu'), 'Saxta elan');
    await user.type(field('Ətraflı təsvir'), 'Bu elan başqasının əşyasını satmağa çalışır.');
    await user.click(screen.getByRole('button', { name: 'Şikayəti göndər' }));
    expect(await screen.findByText('Şikayət göndərildi')).toBeInTheDocument();
    expect(
      screen.getByText('Şikayətiniz qeydə alındı və 24-48 saat ərzində araşdırılacaq.'),
    ).toBeInTheDocument();
    expect(field('Mövzu')).toHaveValue('');
  });
});
