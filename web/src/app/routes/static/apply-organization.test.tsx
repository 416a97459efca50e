import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import ApplyOrganizationPage from './apply-organization';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\*?$`), { selector: 'input, textarea, select' });

describe('/apply-organization page', () => {
  it('a sent application toasts "Müraciətiniz göndərildi" and shows the confirmation', async () => {
    mockApi({ 'POST /api/applications': { status: 201, body: applicationFixture() } });
    const user = userEvent.setup();
    renderWithProviders(<ApplyOrganizationPage />);
    await user.type(field('Təşkilatın adı'), 'Hilton Baku');
    await user.selectOptions(field('Təşkilat növü'), 'hotel');
    await user.type(field('Ünvan'), 'Azadlıq prospekti 1B, Bakı');
    await user.type(field('Əlaqə şəxsi'), 'Nigar Əliyeva');
    await user.type(field('E-poçt'), 'nigar@hilton.az');
    await user.click(screen.getByRole('button', { name: 'Müraciəti göndər' }));
    expect(await screen.findByText('Müraciətiniz göndərildi')).toBeInTheDocument();
    expect(screen.getByText('Nəticə barədə sizə e-poçtla məlumat veriləcək.')).toBeInTheDocument();
    const heading = screen.getByRole('heading', { level: 1, name: 'Müraciətiniz qəbul edildi' });
    // The form was long: the success screen's heading is scrolled to and focused.
    expect(heading).toHaveFocus();
  });
});
