import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationFixture, IDS, organizationFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { addDays, isoDay } from '../../../lib/dates';
import { ApproveApplicationDialog } from './approve-application-dialog';

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`), {
    selector: 'input, textarea, select',
  });

const approval = {
  application: applicationFixture({ status: 'approved', organizationId: IDS.organization }),
  organization: organizationFixture(),
  subscription: {
    id: IDS.subscription,
    organizationId: IDS.organization,
    plan: 'basic',
    status: 'trial',
    startDate: '2025-08-21',
    endDate: '2025-09-20',
    monthlyPrice: 49.99,
    features: {},
    createdAt: '2025-08-21T09:00:00.000Z',
  },
};

describe('approve dialog', () => {
  it('is pre-filled from the application and the default subscription (basic, trial, today + 30 days, 49.99)', () => {
    mockApi({});
    renderWithProviders(
      <ApproveApplicationDialog application={applicationFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    expect(field('Təşkilatın adı')).toHaveValue('Hilton Baku');
    expect(field('Təşkilat növü')).toHaveValue('hotel');
    expect(field('Ünvan')).toHaveValue('Azadlıq prospekti 1B, Bakı');
    expect(field('E-poçt')).toHaveValue('nigar@hilton.az');
    expect(field('Telefon')).toHaveValue('+994125550000');
    expect(field('Plan')).toHaveValue('basic');
    expect(field('Abunə statusu')).toHaveValue('trial');
    expect(field('Başlama tarixi')).toHaveValue(isoDay(new Date()));
    expect(field('Bitmə tarixi')).toHaveValue(isoDay(addDays(new Date(), 30)));
    expect(field('Aylıq qiymət (AZN)')).toHaveValue(49.99);
    // Issue 26: the venue page's address, folded from the name.
    expect(field('Məkan səhifəsinin ünvanı (/t/…)')).toHaveValue('hilton-baku');
  });

  it('offers every organisation type except sports_center and event_venue', () => {
    mockApi({});
    renderWithProviders(
      <ApproveApplicationDialog
        application={applicationFixture({ organizationType: 'sports_center' })}
        onClose={() => {}}
        onSuccess={() => {}}
      />,
    );
    const values = within(field('Təşkilat növü'))
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(values).toEqual([
      '',
      'hotel',
      'mall',
      'university',
      'business_center',
      'airport',
      'hospital',
      'other',
    ]);
    // An application of a type the dialog does not offer asks for a choice.
    expect(field('Təşkilat növü')).toHaveValue('');
  });

  it("requires a type: 'Təşkilat növü seçin'", async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <ApproveApplicationDialog
        application={applicationFixture({ organizationType: 'event_venue' })}
        onClose={() => {}}
        onSuccess={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Təsdiqlə' }));
    expect(await screen.findByText('Təşkilat növü seçin')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refuses an end date before the start date', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <ApproveApplicationDialog application={applicationFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    await user.clear(field('Bitmə tarixi'));
    await user.type(field('Bitmə tarixi'), '2000-01-01');
    await user.click(screen.getByRole('button', { name: 'Təsdiqlə' }));
    expect(await screen.findByText('Bitmə tarixi başlama tarixindən əvvəl ola bilməz')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('the plan sets the price: pro 99.99, enterprise 199.99 AZN', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderWithProviders(
      <ApproveApplicationDialog application={applicationFixture()} onClose={() => {}} onSuccess={() => {}} />,
    );
    expect(within(field('Plan')).getByRole('option', { name: 'Pro — 99.99 AZN' })).toBeInTheDocument();
    await user.selectOptions(field('Plan'), 'pro');
    expect(field('Aylıq qiymət (AZN)')).toHaveValue(99.99);
    await user.selectOptions(field('Plan'), 'enterprise');
    expect(field('Aylıq qiymət (AZN)')).toHaveValue(199.99);
  });

  it('posts organizationData and subscriptionData, then calls onSuccess with the approval', async () => {
    const { calls } = mockApi({
      [`POST /api/applications/${IDS.application}/approve`]: { body: approval },
      'GET /api/applications': { body: [] },
      'GET /api/organizations': { body: [] },
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ApproveApplicationDialog
        application={applicationFixture()}
        onClose={() => {}}
        onSuccess={onSuccess}
      />,
    );
    await user.selectOptions(field('Plan'), 'pro');
    await user.click(screen.getByRole('button', { name: 'Təsdiqlə' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(approval));
    expect(calls[0]!.body).toEqual({
      organizationData: {
        name: 'Hilton Baku',
        type: 'hotel',
        address: 'Azadlıq prospekti 1B, Bakı',
        contactEmail: 'nigar@hilton.az',
        contactPhone: '+994125550000',
      },
      subscriptionData: {
        plan: 'pro',
        status: 'trial',
        startDate: isoDay(new Date()),
        endDate: isoDay(addDays(new Date(), 30)),
        monthlyPrice: 99.99,
      },
      venueSlug: 'hilton-baku',
    });
  });

  it('a refusal toasts the server message', async () => {
    mockApi({
      [`POST /api/applications/${IDS.application}/approve`]: {
        status: 409,
        body: { message: 'Bu müraciətə artıq baxılıb' },
      },
    });
    const onSuccess = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <ApproveApplicationDialog
        application={applicationFixture()}
        onClose={() => {}}
        onSuccess={onSuccess}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Təsdiqlə' }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Bu müraciətə artıq baxılıb')).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
