import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FakeXhr } from '../../test/fake-xhr';
import { mockApi, testUser } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import CreatePage from './create';

const title = () => screen.getByLabelText(/^Başlıq\*?$/, { selector: 'input' });
const discardDialog = () => screen.queryByRole('dialog', { name: 'Elan ləğv edilsin?' });

async function renderPage() {
  mockApi({ 'GET /api/user': { body: testUser } });
  renderWithProviders(<CreatePage />, { route: '/create?type=lost', path: '/create' });
  await screen.findByRole('form', { name: 'Elan yarat' });
}

describe("/create: 'Ləğv et'", () => {
  beforeEach(() => FakeXhr.install());

  it('an untouched form goes back to / at once', async () => {
    await renderPage();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ləğv et' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(discardDialog()).not.toBeInTheDocument();
  });

  it('a filled form asks first: staying keeps what was typed, confirming goes to /', async () => {
    await renderPage();
    const user = userEvent.setup();
    await user.type(title(), 'Qara pulqabı itirilib');
    await user.click(screen.getByRole('link', { name: 'Ləğv et' }));
    const dialog = discardDialog()!;
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByText(/Daxil etdiyiniz məlumatlar yadda saxlanılmayacaq/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/create?type=lost');

    await user.click(within(dialog).getByRole('button', { name: 'Formaya qayıt' }));
    expect(discardDialog()).not.toBeInTheDocument();
    expect(title()).toHaveValue('Qara pulqabı itirilib');
    expect(screen.getByTestId('location')).toHaveTextContent('/create?type=lost');

    await user.click(screen.getByRole('link', { name: 'Ləğv et' }));
    await user.click(within(discardDialog()!).getByRole('button', { name: 'Bəli, ləğv et' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('Escape on the question keeps the form', async () => {
    await renderPage();
    const user = userEvent.setup();
    await user.type(title(), 'Açar');
    await user.click(screen.getByRole('link', { name: 'Ləğv et' }));
    expect(within(discardDialog()!).getByRole('button', { name: 'Formaya qayıt' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(discardDialog()).not.toBeInTheDocument();
    expect(title()).toHaveValue('Açar');
  });
});
