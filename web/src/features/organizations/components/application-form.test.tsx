import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ApplicationForm } from './application-form';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), {
    selector: 'input, textarea, select',
  });

async function fillValid() {
  const user = userEvent.setup();
  await user.type(field('Təşkilatın adı'), 'Hilton Baku');
  await user.selectOptions(field('Təşkilat növü'), 'hotel');
  await user.type(field('Ünvan'), 'Azadlıq prospekti 1B, Bakı');
  await user.type(field('Əlaqə şəxsi'), 'Nigar Əliyeva');
  await user.type(field('E-poçt'), 'nigar@hilton.az');
  await user.click(screen.getByRole('button', { name: 'Müraciəti göndər' }));
}

describe('organisation application form', () => {
  it("requires the type ('Təşkilat növü seçin') and a valid e-mail", async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ApplicationForm onSuccess={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Müraciəti göndər' }));
    expect(await screen.findByText('Təşkilat növü seçin')).toBeInTheDocument();
    expect(screen.getByText('Düzgün email ünvanı daxil edin')).toBeInTheDocument();
  });

  it('sends the application and calls onSuccess', async () => {
    const { calls } = mockApi({ 'POST /api/applications': { status: 201, body: applicationFixture() } });
    const onSuccess = jest.fn();
    renderWithProviders(<ApplicationForm onSuccess={onSuccess} />);
    await fillValid();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    // The "Müraciətiniz göndərildi" toast is the page's (app/routes/static/apply-organization.test.tsx).
    expect(screen.queryByText('Müraciətiniz göndərildi')).not.toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      organizationName: 'Hilton Baku',
      organizationType: 'hotel',
      address: 'Azadlıq prospekti 1B, Bakı',
      contactPerson: 'Nigar Əliyeva',
      contactEmail: 'nigar@hilton.az',
    });
  });

  it("a failure shows the server message or 'Müraciət göndərilərkən xəta baş verdi'", async () => {
    mockApi({ 'POST /api/applications': { status: 500, text: '' } });
    const onSuccess = jest.fn();
    renderWithProviders(<ApplicationForm onSuccess={onSuccess} />);
    await fillValid();
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Müraciət göndərilərkən xəta baş verdi')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
