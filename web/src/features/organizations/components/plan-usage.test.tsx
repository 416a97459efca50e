import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLAN_LIMITS } from '@tapinti/contracts/plans-api';
import { IDS } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { PlanControl } from './plan-control';
import { PlanUsage } from './plan-usage';

const planPath = `/api/organizations/${IDS.organization}/plan`;
const plan = (name: 'basic' | 'pro', used = 3) => ({
  organizationId: IDS.organization,
  plan: name,
  status: 'trial',
  monthlyPrice: name === 'basic' ? 49.99 : 99.99,
  limits: PLAN_LIMITS[name],
  seats: { members: used - 1, openInvitations: 1, used },
});

describe('plans in the web app (issue 25 point 8)', () => {
  it('/org-admin shows the plan, each limit and what is used; a full limit says what to do', async () => {
    mockApi({
      [`GET ${planPath}`]: { body: plan('basic') },
      [`GET /api/organizations/${IDS.organization}/inventory/usage`]: {
        body: {
          organizationId: IDS.organization,
          plan: 'basic',
          limits: PLAN_LIMITS.basic,
          month: '2026-11',
          itemsThisMonth: 120,
          storagePlaces: 1,
        },
      },
    });
    renderWithProviders(<PlanUsage organizationId={IDS.organization} />);
    expect(await screen.findByRole('heading', { name: 'Plan və istifadə: Basic' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('plan-items')).toHaveTextContent('120 / 300'));
    // The figure and, under the same term, the note that the limit is reached.
    expect(
      within(screen.getByTestId('plan-seats'))
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['3 / 3', 'Limit dolub: daha yüksək plan üçün super adminlə əlaqə saxlayın']);
    expect(screen.getByTestId('plan-places')).toHaveTextContent('1 / 1');
    expect(screen.getByTestId('plan-usage')).toHaveTextContent('Etiketlər: Pro planından');
  });

  it('/admin: the super admin changes an organisation plan; the price follows the plan', async () => {
    const { calls } = mockApi({
      [`PUT ${planPath}`]: { body: plan('pro', 3) },
      'GET /api/organizations': { body: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <PlanControl organizationId={IDS.organization} organizationName="Hilton Baku" plan="basic" />,
    );
    const change = screen.getByRole('button', { name: 'Planı dəyiş: Hilton Baku' });
    expect(change).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Plan: Hilton Baku'), 'pro');
    await user.click(change);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ plan: 'pro' });
    expect(await screen.findByText('Plan dəyişdirildi')).toBeInTheDocument();
  });
});
