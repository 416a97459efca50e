import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VenueProfile } from '@tapinti/contracts/venues-api';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { VenueSettings } from './venue-settings';

const ORG = '55555555-5555-4555-8555-555555555555';
const profile: VenueProfile = {
  organizationId: ORG,
  slug: 'genclik-mall',
  workingHours: null,
  pausesDeadlineOutsideHours: false,
  pickupInstructions: null,
  answerDeadlineHours: 48,
};

describe('the /org-admin venue page tab (issue 26)', () => {
  it('lets an admin set hours that pause the deadline and shows a taken address', async () => {
    const { calls } = mockApi({
      [`GET /api/organizations/${ORG}/venue`]: { body: profile },
      [`PUT /api/organizations/${ORG}/venue`]: (call) =>
        (call.body as { slug: string }).slug === 'alinmis'
          ? { status: 409, body: { message: 'Bu ünvan artıq başqa məkanındır' } }
          : { body: { ...profile, ...(call.body as object) } },
    });
    const user = userEvent.setup();
    renderWithProviders(<VenueSettings organizationId={ORG} canEdit />);
    const slug = await screen.findByLabelText('Səhifənin ünvanı (/t/…)');
    expect(slug).toHaveValue('genclik-mall');
    expect(screen.getByRole('link', { name: 'Səhifəni aç' })).toHaveAttribute('href', '/t/genclik-mall');
    expect(screen.getByRole('link', { name: 'QR plakatı (PDF)' })).toHaveAttribute(
      'href',
      `/api/organizations/${ORG}/venue/poster`,
    );
    expect(
      screen.getByText('Planınıza görə iddialara 48 saat ərzində cavab verməlisiniz.'),
    ).toBeInTheDocument();

    await user.clear(slug);
    await user.type(slug, 'alinmis');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    expect(await screen.findByText('Bu ünvan artıq başqa məkanındır')).toHaveAttribute('role', 'alert');

    await user.clear(slug);
    await user.type(slug, 'genclik');
    await user.click(screen.getByLabelText('İş saatlarını göstər'));
    await user.click(screen.getByLabelText('İş saatlarından kənarda cavab müddəti dayansın'));
    await user.type(screen.getByLabelText('Əşyanı necə götürmək olar'), 'Resepsiyada');
    await user.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.at(-1)!.body).toEqual({
      slug: 'genclik',
      workingHours: { days: [1, 2, 3, 4, 5], opensAt: '09:00', closesAt: '18:00' },
      pausesDeadlineOutsideHours: true,
      pickupInstructions: 'Resepsiyada',
    });
  });

  it('is read-only for staff', async () => {
    mockApi({ [`GET /api/organizations/${ORG}/venue`]: { body: profile } });
    renderWithProviders(<VenueSettings organizationId={ORG} canEdit={false} />);
    expect(await screen.findByLabelText('Səhifənin ünvanı (/t/…)')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Yadda saxla' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'QR plakatı (PDF)' })).toBeInTheDocument();
  });
});
